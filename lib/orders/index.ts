/**
 * The orders feature's public face for server code (app/, lib/api and other features import it
 * from here only): the order rules (orders.ts: place, view, pay, delete, expire), the store's
 * reads, the status table, quick order, order again, the CSV export, the Stripe client, invoice
 * numbers and details, and the schemas.
 */
export * from './orders';
export * from './export';
export * from './lifecycle';
export * from './limits';
export * from './order-again';
export * from './quick-order';
export * from './rules';
export * from './store';
export * from './stripe';
export * from './validation/order';
export * from './validation/quick-order';
export type { InvoiceDetailsDoc, OrderDoc, OrderHistoryEntry } from './collections';
export type { OrderMailKind } from './mail/subjects';

/** The kinds of order mail the outbox sends, with their templates (loaded on demand). */
export async function loadOrderMailKinds() {
  return (await import('./mail/kinds')).orderMailKinds;
}
export * from './invoice-details';
export * from './invoice-numbers';
export * from './migrations';
