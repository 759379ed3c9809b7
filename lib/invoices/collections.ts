import type { Binary, ObjectId } from 'mongodb';
import { collection, declareCollections } from '@/lib/core/db/collection';

/**
 * An invoice's PDF as first drawn (lib/invoices): one document per invoice number, never
 * replaced, so every download of an invoice answers the same bytes. A PDF of a few kB (some
 * 20 kB for an order of 100 lines), well inside a document.
 */
export interface InvoicePdfDoc {
  /** The invoice number, `INV-2026-000001`. */
  _id: string;
  orderId: ObjectId;
  pdf: Binary;
  /** SHA-256 of `pdf`, hex. */
  sha256: string;
  createdAt: Date;
}

export const collections = declareCollections({
  invoicePdfs: collection<InvoicePdfDoc>('invoicePdfs'),
});
