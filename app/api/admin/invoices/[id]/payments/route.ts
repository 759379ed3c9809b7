import { handle } from '@/lib/api/handle';
import { recordInvoicePayment } from '@/lib/billing';
import { recordAccountInvoicePaymentOp } from '@/lib/billing/api';

/** POST /api/admin/invoices/{id}/payments (admins): a cheque or wire received outside Stripe. */
export const POST = handle(recordAccountInvoicePaymentOp, ({ user, params, body }) =>
  recordInvoicePayment(user, params.id, body),
);
