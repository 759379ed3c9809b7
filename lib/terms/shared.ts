/**
 * The client-safe face of lib/terms (paying on account): the rules of due dates, aging, holds,
 * credit and reminders, which pages and the server share. Nothing here imports server-only code.
 */
export * from './rules';
