import 'server-only';
import { ObjectId } from 'mongodb';
import { refuse } from '@/lib/core/refusal';
import { concurrencyLimit } from '@/lib/core/concurrency';
import { findInvoicePdf, storeInvoicePdf } from './store';
import { findOrder, frozenInvoiceDetails, issueInvoiceNumber, orderAccess } from '@/lib/orders';
import type { User } from '@/lib/accounts';
import { env } from '@/lib/core/env';
import { renderInvoicePdf } from './document';
import { invoiceData, invoiceFileName } from './invoice';

/**
 * Invoices: a paid order's invoice, numbered once at payment (lib/orders/invoice-numbers.ts),
 * drawn as a PDF (document.ts) from the order alone: its amounts, and the buyer and part number
 * frozen on it when it was paid (lib/orders/invoice-details.ts). The PDF is drawn once per
 * invoice number and stored (store.ts); every later download answers the stored bytes.
 */

export type { InvoiceData } from './invoice';

type Viewer = Pick<User, 'id' | 'role'>;

/**
 * At most two invoices are drawn at once (each holds the document tree and the PDF in memory);
 * only first downloads draw, the others read the stored bytes.
 */
const drawing = concurrencyLimit(2);

/**
 * The invoice of an order for its owner or an admin, as the orders module answers for an
 * order: 404 when there is none, 403 when it is someone else's, 409 while it is unpaid. An
 * order paid without its number yet (issuing failed at payment) gets it now.
 *
 * The first download draws the PDF and stores it under the invoice number before answering;
 * concurrent first downloads each draw, one is stored and all answer the stored bytes. A crash
 * between drawing and storing stores nothing, and the next download draws again from the same
 * frozen order.
 */
export async function invoiceFor(
  viewer: Viewer,
  orderId: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await findOrder(orderId);
  if (!order) throw refuse('order.not_found');
  const access = await orderAccess(viewer, order, 'invoice');
  if (access === 'not_found') throw refuse('order.not_found');
  if (access === 'forbidden') throw refuse('order.not_yours');
  if (!order.paid) throw refuse('invoice.not_paid');

  const invoiceNumber = order.invoiceNumber ?? (await issueInvoiceNumber(orderId));
  if (!invoiceNumber) throw refuse('order.not_found');
  const fileName = invoiceFileName({ number: invoiceNumber });

  const stored = await findInvoicePdf(invoiceNumber);
  if (stored) return { fileName, pdf: stored };

  const details = await frozenInvoiceDetails(orderId);
  if (!details) throw refuse('order.not_found');
  const data = invoiceData({ ...order, invoiceNumber }, details, {
    name: env.STORE_NAME,
    address: env.STORE_ADDRESS,
    taxId: env.STORE_TAX_ID,
  });
  const pdf = await drawing(() => renderInvoicePdf(data));
  return { fileName, pdf: await storeInvoicePdf(invoiceNumber, new ObjectId(orderId), pdf) };
}
