/**
 * The client-safe schemas of lib/pricing, loaded by forms on first use. Nothing here imports
 * server-only code.
 */
export * from './validation/price-lists';
