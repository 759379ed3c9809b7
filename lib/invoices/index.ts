import 'server-only';
import { failure } from '@/lib/api/errors';
import { canAccessOrder } from '@/lib/auth/access';
import { findInvoiceDetails } from '@/lib/data/invoices';
import { findOrder } from '@/lib/data/orders';
import type { User } from '@/lib/data/users';
import { env } from '@/lib/env';
import { renderInvoicePdf } from './document';
import { invoiceData, invoiceFileName } from './invoice';
import { issueInvoiceNumber } from './numbers';

/**
 * Invoices: a paid order's invoice, numbered once at payment (numbers.ts), drawn as a PDF on
 * request (document.ts) from the order, the buyer's details and the store's settings.
 */

export { issueInvoiceNumber } from './numbers';
export type { InvoiceData } from './invoice';

type Viewer = Pick<User, 'id' | 'role'>;

/**
 * The invoice of an order for its owner or an admin, as the orders module answers for an
 * order: 404 when there is none, 403 when it is someone else's, 409 while it is unpaid. An
 * order paid without its number yet (issuing failed at payment) gets it now.
 */
export async function invoiceFor(
  viewer: Viewer,
  orderId: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await findOrder(orderId);
  if (!order) throw failure('order.not_found');
  if (!canAccessOrder(viewer, order)) throw failure('order.not_yours');
  if (!order.paid) throw failure('invoice.not_paid');

  const invoiceNumber = order.invoiceNumber ?? (await issueInvoiceNumber(orderId));
  const details = await findInvoiceDetails(orderId);
  if (!invoiceNumber || !details) throw failure('order.not_found');

  const data = invoiceData({ ...order, invoiceNumber }, details, {
    name: env.STORE_NAME,
    address: env.STORE_ADDRESS,
    taxId: env.STORE_TAX_ID,
  });
  return { fileName: invoiceFileName(data), pdf: await renderInvoicePdf(data) };
}
