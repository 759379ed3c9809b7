import { handle } from '@/lib/api/handle';
import { voidInvoiceByAdmin } from '@/lib/billing';
import { voidAccountInvoiceOp } from '@/lib/billing/api';

/** POST /api/admin/invoices/{id}/void (admins): voids an open invoice with nothing paid on it. */
export const POST = handle(voidAccountInvoiceOp, ({ user, params }) =>
  voidInvoiceByAdmin(user, params.id),
);
