import { formatDay } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import type { InvoiceMailData, InvoiceMailMoment } from './invoice-data';

/** The subject of each invoice mail, in one place: each names the invoice number and amount. */
export const invoiceMailSubjects: Record<
  InvoiceMailMoment,
  (invoice: InvoiceMailData, storeName: string) => string
> = {
  issued: (invoice, store) =>
    `${store} invoice ${invoice.number}: ${formatMoney(invoice.openCents)} due ${formatDay(invoice.dueAt)}`,
  before_due: (invoice, store) =>
    `Reminder: ${store} invoice ${invoice.number} is due ${formatDay(invoice.dueAt)}`,
  due: (invoice, store) =>
    `${store} invoice ${invoice.number} is due today: ${formatMoney(invoice.openCents)}`,
  overdue: (invoice, store) =>
    `Overdue: ${store} invoice ${invoice.number} (${formatMoney(invoice.openCents)}) was due ${formatDay(invoice.dueAt)}`,
};

/** The mail kinds as queued in the outbox, one per moment. */
export const INVOICE_MAIL_KINDS = {
  issued: 'billing.invoice_issued',
  before_due: 'billing.reminder_before_due',
  due: 'billing.reminder_due',
  overdue: 'billing.reminder_overdue',
} as const satisfies Record<InvoiceMailMoment, string>;

export type BillingMailKind = (typeof INVOICE_MAIL_KINDS)[InvoiceMailMoment];
