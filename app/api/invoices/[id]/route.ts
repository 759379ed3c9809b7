import { handle } from '@/lib/api/handle';
import { invoiceReader, readInvoice } from '@/lib/billing';
import { getAccountInvoiceOp } from '@/lib/billing/api';

/** GET /api/invoices/{id}: one invoice with its lines and payments; another company's is 404. */
export const GET = handle(getAccountInvoiceOp, async ({ user, params }) =>
  readInvoice(await invoiceReader(user), params.id),
);
