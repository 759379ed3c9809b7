import type { Db } from 'mongodb';
import { ensureDeclaredIndexes } from '@/lib/core/db/collection';
import '@/lib/core/collections';
import '@/lib/accounts/collections';
import '@/lib/billing/collections';
import '@/lib/cart/collections';
import '@/lib/companies/collections';
import '@/lib/invoices/collections';
import '@/lib/pricing/collections';
import '@/lib/quotes/collections';
import '@/lib/terms/collections';
import {
  dropStockMoveTimesIndex,
  fillSkuLookups,
  productPictures,
} from '@/lib/catalogue/migrations';
import { attachUploadsInUse, uploadUserIdsAsObjectIds } from '@/lib/images/migrations';
import {
  assignOrderOwners,
  giveOrdersAStatus,
  giveOrdersLines,
  orderPictures,
  orderUserIdsAsObjectIds,
} from '@/lib/orders/migrations';
import { reviewPictures, reviewUserIdsAsObjectIds } from '@/lib/reviews/migrations';
import { dropMembershipsOfRemovedAccounts } from '@/lib/companies/migrations';

/**
 * The database's start-up work, without loading the environment or the features' rules (the
 * start-up step, lib/startup/index.ts, and each test file's database run it before anything reads
 * the environment). Each feature declares its collections and indexes (its collections.ts) and
 * migrates its own documents (its migrations.ts); this module loads every declaration and runs
 * the migrations in their order.
 */

/**
 * Creates every index every feature (and the kernel) declared. Idempotent: safe on every start.
 * The imports above load each declaration: the kernel's, and every feature's (those with
 * migrations through them).
 */
export async function ensureIndexes(db: Db): Promise<void> {
  await ensureDeclaredIndexes(db);
}

/**
 * Brings stored documents up to what the code expects. Each step only touches documents still
 * in the old shape, so running it again, or on several instances at once, changes nothing.
 * Run by the start-up step (`npm run db:migrate`, `npm start`, `npm run dev`), never by a
 * request.
 */
export async function runMigrations(db: Db): Promise<void> {
  await assignOrderOwners(db);
  // User ids are stored as ObjectIds everywhere (as the Auth.js adapter stores them).
  await orderUserIdsAsObjectIds(db);
  await reviewUserIdsAsObjectIds(db);
  await uploadUserIdsAsObjectIds(db);
  await fillSkuLookups(db);
  await dropStockMoveTimesIndex(db);
  await giveOrdersAStatus(db);
  await giveOrdersLines(db);
  // Company memberships of accounts removed before a removal ended them (no ghost owners).
  await dropMembershipsOfRemovedAccounts(db);
  // Uploads from before attachments that a review, product or order shows.
  await attachUploadsInUse(db, [
    { kind: 'review', urls: reviewPictures(db) },
    { kind: 'product', urls: productPictures(db) },
    { kind: 'product', urls: orderPictures(db) },
  ]);
}
