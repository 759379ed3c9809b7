import 'server-only';
import { createHash } from 'node:crypto';
import { Binary, type ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { collections } from './collections';

/**
 * The invoices' own collection: each invoice's PDF as first drawn, stored once per invoice
 * number (`invoicePdfs`, the number as `_id`), so every later download answers the same bytes.
 * What the invoice shows is read from the order (lib/orders: its amounts, and the buyer and part
 * frozen on it at payment).
 */

/** The stored PDF of an invoice number, or null when it was never stored. */
export async function findInvoicePdf(invoiceNumber: string): Promise<Buffer | null> {
  const doc = await collections(await getDb()).invoicePdfs.findOne(
    { _id: invoiceNumber },
    { projection: { pdf: 1 } },
  );
  return doc ? Buffer.from(doc.pdf.buffer) : null;
}

/**
 * Stores the first drawing of an invoice and answers the bytes stored for its number: these,
 * or those of a concurrent first download that stored first (the number is the `_id`, so only
 * one is ever kept and every download answers the same bytes).
 */
export async function storeInvoicePdf(
  invoiceNumber: string,
  orderId: ObjectId,
  pdf: Buffer,
): Promise<Buffer> {
  const { invoicePdfs } = collections(await getDb());
  try {
    await invoicePdfs.insertOne({
      _id: invoiceNumber,
      orderId,
      pdf: new Binary(pdf),
      sha256: createHash('sha256').update(pdf).digest('hex'),
      createdAt: new Date(),
    });
    return pdf;
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
    return (await findInvoicePdf(invoiceNumber)) ?? pdf;
  }
}
