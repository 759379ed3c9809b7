import type { Db } from 'mongodb';
import { collections } from '@/lib/core/db/collections';

/** Creates every index the storefront relies on. Idempotent: safe on every start. */
export async function ensureIndexes(db: Db): Promise<void> {
  const c = collections(db);
  await Promise.all([
    // The catalogue (searchCatalogue): full-text search over name, description and part number
    // (one text index per collection), part numbers unique without regard to case (products
    // from before part numbers have none and stay out of the index), the category pages
    // newest first, and the sorts; each ends on _id as the sorts do (ties broken by _id),
    // so a page is read in index order instead of sorting the whole catalogue.
    c.products.createIndex({ createdAt: -1, _id: -1 }),
    c.products.createIndex(
      { name: 'text', description: 'text', sku: 'text' },
      { name: 'catalogue_text', weights: { sku: 10, name: 5, description: 1 } },
    ),
    c.products.createIndex(
      { skuLower: 1 },
      { unique: true, partialFilterExpression: { skuLower: { $type: 'string' } } },
    ),
    c.products.createIndex({ category: 1, createdAt: -1, _id: -1 }),
    c.products.createIndex({ priceCents: 1, _id: 1 }),
    c.products.createIndex({ name: 1, _id: 1 }),
    c.reviews.createIndex({ createdAt: -1 }),
    // Clean-up only: counters are keyed by their window, so expiry is never needed for correctness.
    c.rateLimits.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 }),
    c.users.createIndex({ email: 1 }, { unique: true }),
    c.accounts.createIndex({ provider: 1, providerAccountId: 1 }, { unique: true }),
    c.accounts.createIndex({ userId: 1 }),
    c.passwordResets.createIndex({ tokenHash: 1 }, { unique: true }),
    // Clean-up only: a reset is valid while expiresAt > now, checked in the query itself.
    c.passwordResets.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 }),
    c.emailVerifications.createIndex({ tokenHash: 1 }, { unique: true }),
    // Clean-up only: a verification link is valid while expiresAt > now, checked in the query.
    c.emailVerifications.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 }),
    // Clean-up only: a revocation holds while expiresAt > now, checked in the query (it is read
    // by its _id, the session id, with the user record).
    c.sessionRevocations.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 }),
    c.uploads.createIndex({ url: 1 }, { unique: true }),
    c.uploads.createIndex({ userId: 1, createdAt: -1 }),
    // The orphan sweep: unattached uploads (attachedAt missing), oldest first.
    c.uploads.createIndex({ attachedAt: 1, createdAt: 1 }),
    c.orders.createIndex({ email: 1, createdAt: -1 }),
    c.orders.createIndex({ userId: 1, createdAt: -1 }),
    // The unpaid-orders cap, counted twice on every order: a count of index keys alone.
    c.orders.createIndex({ userId: 1, status: 1 }),
    c.orders.createIndex({ createdAt: -1 }),
    // The mail outbox: the drainer looks for orders with a queued mail that is due.
    c.orders.createIndex({ 'outbox.nextAttemptAt': 1 }),
    // An invoice number belongs to one order, whatever happens (lib/invoices/numbers.ts).
    c.orders.createIndex(
      { invoiceNumber: 1 },
      { unique: true, partialFilterExpression: { invoiceNumber: { $type: 'string' } } },
    ),
    // Manage Orders' status filter, and the expiry sweep (unpaid, oldest first).
    c.orders.createIndex({ status: 1, createdAt: -1, _id: -1 }),
    // The expiry sweep's own deadlines (`expiresAt`, stamped when an order is placed).
    c.orders.createIndex({ status: 1, expiresAt: 1 }),
    // At most one order per quote, whatever happens to an accept (lib/quotes).
    c.orders.createIndex(
      { quoteId: 1 },
      { unique: true, partialFilterExpression: { quoteId: { $type: 'objectId' } } },
    ),
    // Quotes: a buyer's own newest first, everyone's (admins) by status, the outbox drainer,
    // and one quote per reference.
    c.quotes.createIndex({ reference: 1 }, { unique: true }),
    c.quotes.createIndex({ userId: 1, createdAt: -1, _id: -1 }),
    c.quotes.createIndex({ status: 1, createdAt: -1, _id: -1 }),
    c.quotes.createIndex({ createdAt: -1, _id: -1 }),
    c.quotes.createIndex({ 'outbox.nextAttemptAt': 1 }),
  ]);
}
