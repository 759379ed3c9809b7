/**
 * The client-safe schemas of lib/billing, loaded by forms on first use. Nothing here imports
 * server-only code.
 */
export * from './validation/invoices';
