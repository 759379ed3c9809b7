import 'server-only';
import { registerOutboxKinds } from '@/lib/core/mail/outbox';
import './jobs';

/**
 * Invoices on account (paying on account, its invoices): one invoice per order placed on
 * account, drawn when its terms say and issued through Stripe Invoicing (or locally without
 * Stripe), paid by a Stripe-verified event or a store admin's recorded payments, voided by a
 * store admin; overdue invoices put their company on hold and remind it by mail; the company's
 * statement. The feature's public face for server code.
 */

/**
 * The kinds of mail queued on invoices (issued, reminders), registered with the kernel's outbox
 * engine as soon as billing is loaded; the templates load only when a drain needs them.
 */
registerOutboxKinds('accountInvoices', async () => (await import('./mail/kinds')).billingMailKinds);

/** The kinds of invoice mail the outbox sends, with their templates (loaded on demand). */
export async function loadBillingMailKinds() {
  return (await import('./mail/kinds')).billingMailKinds;
}

/** Registers billing's jobs (done when billing loads; for the start-up wiring to name them). */
export async function loadBillingJobs(): Promise<readonly string[]> {
  return (await import('./jobs')).billingJobs;
}

export type { BillingMailKind } from './mail/subjects';
export type * from './shared';
export { runInvoiceJob, type InvoiceJobResult } from './issue';
export { runOverdueJob, type OverdueJobResult } from './overdue';
export { applyInvoiceEvent, isInvoiceEvent, type InvoiceEventOutcome } from './webhooks';
export { recordInvoicePayment, voidInvoiceByAdmin } from './admin';
export { paymentMoneyToReturn } from './returns';
export { markMoneyToReturnReturned } from './admin-returns';
export { companyCustomerForPayment } from './customers';
export {
  companyReader,
  companyStatement,
  invoiceReader,
  listInvoices,
  pageReader,
  readInvoice,
  type InvoiceReader,
} from './reads';
export { statementCsv, statementFileName } from './statement-csv';
export { companyBankDetails } from './bank-details';
export { INVOICE_JOB, OVERDUE_JOB } from './settle';
export * from './rules';
export * from './validation/invoices';
