import type { ReminderKind } from '../rules';

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
