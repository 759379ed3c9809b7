import type { CompanyAction, CompanyRole } from '@/lib/companies/shared';
import { can } from '@/lib/companies/shared';
import { daysOverdue, reminderTimes } from '@/lib/terms/shared';

/**
 * The rules of invoices on account, each written once and free of server code (pages, the API,
 * the jobs and the unit tests read the same functions): the statuses and what each allows, who
 * handles a company's invoices, what is still owed, when an invoice is overdue, the retry
 * delays of the Stripe job, which payment reminders are due, and how a company's tax id is
 * told to Stripe. Money is integer cents.
 */

/**
 * An invoice's life: a local `draft` (drawn, not yet issued at Stripe), `open` (issued, to be
 * paid), then `paid`, `void` (cancelled, nothing owed) or `uncollectible` (written off at
 * Stripe, still owed and payable).
 */
export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The statuses in which the company still owes the invoice (aging, holds, the statement). */
export const OWED_STATUSES = ['draft', 'open', 'uncollectible'] as const satisfies InvoiceStatus[];
/** The statuses in which a store admin may record a payment received outside Stripe. */
export const PAYABLE_STATUSES = ['open', 'uncollectible'] as const satisfies InvoiceStatus[];
/** The statuses a store admin may void. */
export const VOIDABLE_STATUSES = ['draft', 'open'] as const satisfies InvoiceStatus[];

export function isOwed(status: InvoiceStatus): boolean {
  return (OWED_STATUSES as readonly InvoiceStatus[]).includes(status);
}

/** How an invoice's status reads on the pages. */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Being issued',
  open: 'Open',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

/** The filters of the invoices list (`?status=`): owed, owed and overdue, paid, void. */
export const INVOICE_FILTERS = ['open', 'overdue', 'paid', 'void'] as const;
export type InvoiceFilter = (typeof INVOICE_FILTERS)[number];

export const INVOICE_FILTER_LABELS: Record<InvoiceFilter, string> = {
  open: 'Open',
  overdue: 'Overdue',
  paid: 'Paid',
  void: 'Void',
};

/** Where a payment came from: a Stripe-verified event, or a store admin's record. */
export type PaymentSource = 'stripe' | 'admin';

/**
 * The company actions (the role table, lib/companies/roles.ts) a member needs to handle the
 * company's invoices on account: seeing them and paying them. Accounts members and owners have
 * both; approvers see an order's invoice but not the company's account; buyers neither.
 */
export const INVOICE_ACTIONS = ['viewInvoices', 'payOrders'] as const satisfies CompanyAction[];

/** Whether a member with `role` sees and pays the company's invoices on account. */
export function handlesInvoices(role: CompanyRole): boolean {
  return INVOICE_ACTIONS.every((action) => can(role, action));
}

/** What is still owed on an invoice, in cents (never below 0). */
export function openCents(invoice: { totalCents: number; paidCents: number }): number {
  return Math.max(0, invoice.totalCents - invoice.paidCents);
}

/** Whether an invoice is overdue at `now`: still owed, and at least a full day past due. */
export function isOverdue(invoice: { status: InvoiceStatus; dueAt: Date }, now: Date): boolean {
  return isOwed(invoice.status) && daysOverdue(invoice.dueAt, now) > 0;
}

/** The invoices list's filter, as the statuses (and due-date bound) of a query. */
export function filterStatuses(filter: InvoiceFilter | undefined): readonly InvoiceStatus[] | null {
  switch (filter) {
    case 'open':
    case 'overdue':
      return OWED_STATUSES;
    case 'paid':
      return ['paid'];
    case 'void':
      return ['void'];
    default:
      return null;
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** How long the invoice job waits before its next attempt after the 1st, 2nd, ... failure. */
export const SYNC_RETRY_DELAYS_MS = [
  1 * MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  6 * HOUR,
] as const;

/** When the job tries an invoice again after `attempts` failed attempts (the last delay repeats). */
export function nextSyncAttempt(attempts: number, now: Date): Date {
  const index = Math.min(Math.max(attempts, 1), SYNC_RETRY_DELAYS_MS.length) - 1;
  return new Date(now.getTime() + SYNC_RETRY_DELAYS_MS[index]!);
}

/** The payment reminders of an invoice: 3 days before its due date, on it, and 7 days after. */
export const REMINDER_KINDS = ['before_due', 'due', 'overdue'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/**
 * Which reminders are due at `now` for an invoice due at `dueAt` that has had `sent`: every
 * reminder whose time has come is marked sent, each once, but only the latest of them is
 * mailed (a job that was stopped for days sends one reminder, not three at once). Reminder
 * times are lib/terms' `reminderTimes`.
 */
export function dueReminders(
  dueAt: Date,
  sent: readonly ReminderKind[],
  now: Date,
): { mark: ReminderKind[]; mail: ReminderKind | null } {
  const times = reminderTimes(dueAt);
  const mark = REMINDER_KINDS.filter(
    (kind, index) => !sent.includes(kind) && times[index]!.getTime() <= now.getTime(),
  );
  return { mark, mail: mark.at(-1) ?? null };
}

/** When the next reminder not yet sent is due, or null when all have been. */
export function nextReminderAt(dueAt: Date, sent: readonly ReminderKind[]): Date | null {
  const times = reminderTimes(dueAt);
  const index = REMINDER_KINDS.findIndex((kind) => !sent.includes(kind));
  return index === -1 ? null : times[index]!;
}

/** The EU member states' VAT prefixes (Greece's is EL; XI is Northern Ireland). */
const EU_VAT_PREFIXES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'EL',
  'ES',
  'FI',
  'FR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'XI',
]);

/**
 * A company's tax id as Stripe takes it (`customers.createTaxId`): its type and the value
 * without spaces, dots or dashes; null when its format is none Stripe would recognise here (it
 * is then printed on the store's own pages only). An EU VAT number (`DE123456789`), a UK VAT
 * number (`GB123456789`), a US EIN (`12-3456789`).
 */
export function stripeTaxId(
  taxId: string | null | undefined,
): { type: string; value: string } | null {
  if (!taxId) return null;
  const trimmed = taxId.trim();
  if (/^\d{2}-?\d{7}$/.test(trimmed)) {
    const digits = trimmed.replace('-', '');
    return { type: 'us_ein', value: `${digits.slice(0, 2)}-${digits.slice(2)}` };
  }
  const compact = trimmed.replace(/[\s.-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9A-Z]{2,13}$/.test(compact)) return null;
  const prefix = compact.slice(0, 2);
  if (prefix === 'GB') {
    return /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/.test(compact)
      ? { type: 'gb_vat', value: compact }
      : null;
  }
  if (EU_VAT_PREFIXES.has(prefix) && /\d/.test(compact.slice(2))) {
    return { type: 'eu_vat', value: compact };
  }
  return null;
}

/**
 * The text of an invoice line at Stripe (an invoice item carries one amount): part number,
 * product, and the quantity at its unit price, so the hosted invoice and its PDF read as the
 * store's own invoice does. At most 500 characters (Stripe's limit is larger).
 */
export function stripeLineDescription(
  line: { sku: string | null; name: string; quantity: number },
  unitPrice: string,
): string {
  const text = `${line.sku ? `${line.sku} · ` : ''}${line.name} — ${line.quantity.toLocaleString('en-US')} × ${unitPrice}`;
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
}

/**
 * Whether an admin's payment of `amountCents` may be recorded against an invoice with
 * `openCents` still owed: a whole, positive number of cents within the safe-integer range and
 * no more than what is owed.
 */
export function paymentFits(amountCents: number, owed: number): boolean {
  return Number.isSafeInteger(amountCents) && amountCents > 0 && amountCents <= owed;
}
