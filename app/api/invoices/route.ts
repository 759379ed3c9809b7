import { handle } from '@/lib/api/handle';
import { invoiceReader, listInvoices } from '@/lib/billing';
import { listAccountInvoicesOp } from '@/lib/billing/api';

/**
 * GET /api/invoices?status=&page=: invoices on account, newest first. Members whose role
 * handles their company's invoices (accounts, owners) read their company's; store admins read
 * every company's; other members are refused (403), someone in no company has none (404).
 */
export const GET = handle(listAccountInvoicesOp, async ({ user, query }) =>
  listInvoices(await invoiceReader(user), query),
);
