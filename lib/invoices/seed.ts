import type { Db } from 'mongodb';
import { collections } from './collections';

/**
 * The stored PDFs of generated orders' invoices (`npm run seed`, scripts/lib/seed-scale.ts): a
 * PDF is kept under its invoice number, and a new run gives its orders the same numbers, so the
 * PDFs drawn for the orders of an earlier run are removed with them (their numbers match
 * `numbers`, a pattern no number the store issues matches).
 */
export async function deleteSeededInvoicePdfs(db: Db, numbers: RegExp): Promise<number> {
  return (await collections(db).invoicePdfs.deleteMany({ _id: { $regex: numbers } })).deletedCount;
}
