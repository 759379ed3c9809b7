import { daysOverdue } from '@/lib/terms/shared';
import type { AccountInvoiceDoc } from '../collections';
import { openCents, type ReminderKind } from '../rules';

/** What an invoice mail says, taken from the invoice when the mail is sent. */
export interface InvoiceMailData {
  number: string;
  companyName: string;
  poNumber: string | null;
  totalCents: number;
  /** What is still owed. */
  openCents: number;
  dueAt: Date;
  /** Whole days past the due date (0 before it). */
  daysOverdue: number;
  /** The invoice's page in the store. */
  link: string;
  /** Stripe's hosted page, where it is paid; null without Stripe. */
  payLink: string | null;
  lineCount: number;
}

/** The mails of an invoice on account: issued, and the three reminders. */
export type InvoiceMailMoment = 'issued' | ReminderKind;

/** The page of an invoice in the store. */
export function invoiceLink(origin: string, invoiceId: string): string {
  return new URL(`/dashboard/invoices/${encodeURIComponent(invoiceId)}`, origin).toString();
}

/**
 * The mail data of an issued invoice (one with its number), as it is at `now`: what is still
 * owed, how late it is, its page on `origin` and Stripe's payment page when there is one.
 * `companyName` is the company's name now (a company gone since reads "your company").
 */
export function invoiceMailData(
  doc: AccountInvoiceDoc & { number: string },
  companyName: string | null,
  { origin, now }: { origin: string; now: Date },
): InvoiceMailData {
  return {
    number: doc.number,
    companyName: companyName ?? 'your company',
    poNumber: doc.poNumber,
    totalCents: doc.totalCents,
    openCents: openCents(doc),
    dueAt: doc.dueAt,
    daysOverdue: daysOverdue(doc.dueAt, now),
    link: invoiceLink(origin, doc._id.toHexString()),
    payLink: doc.stripe?.hostedInvoiceUrl ?? null,
    lineCount: doc.lines.length,
  };
}
