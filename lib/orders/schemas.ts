/**
 * The client-safe public face of lib/orders for components: the zod schemas of its forms (shared with the route handlers), which forms load on first use (lib/client/lazy-resolver.ts).
 * Nothing here imports server-only code.
 */
export * from './validation/order';
export * from './validation/quick-order';
export * from './validation/approval';
