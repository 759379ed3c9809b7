/**
 * The client-safe schemas of lib/terms, loaded by forms on first use. Nothing here imports
 * server-only code.
 */
export * from './validation/terms';
