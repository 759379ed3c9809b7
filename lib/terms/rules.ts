/**
 * The rules of paying on account, each written once and free of server code (pages, the API and
 * the unit tests read the same functions): when an invoice is due, how overdue it is, its aging
 * bucket, whether a company goes on hold, the credit left and whether an order fits it, and when
 * the payment reminders go out. Money is integer cents; days are whole days of 24 hours, counted
 * from the instant an invoice is issued.
 */

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The net terms a store admin may give a company: days from the invoice to its due date. */
export const NET_DAYS = [15, 30, 45, 60] as const;
export type NetDays = (typeof NET_DAYS)[number];

/** When a company's invoice is drawn: when the order ships (the default) or when it is placed. */
export const INVOICE_MOMENTS = ['shipment', 'order'] as const;
export type InvoiceMoment = (typeof INVOICE_MOMENTS)[number];

/** Days overdue after which a company goes on hold, unless the store admin says otherwise. */
export const DEFAULT_HOLD_AFTER_DAYS_OVERDUE = 15;

/** When an invoice issued at `issuedAt` on net `netDays` terms is due. */
export function dueDate(issuedAt: Date, netDays: number): Date {
  return new Date(issuedAt.getTime() + netDays * DAY_MS);
}

/** Whole days an invoice due at `dueAt` is overdue at `now` (0 until a full day has passed). */
export function daysOverdue(dueAt: Date, now: Date): number {
  const late = now.getTime() - dueAt.getTime();
  return late <= 0 ? 0 : Math.floor(late / DAY_MS);
}

/** The aging buckets of a statement, in order. */
export const AGING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** The bucket of an open invoice: `current` until it is a full day overdue. */
export function agingBucket(dueAt: Date, now: Date): AgingBucket {
  const days = daysOverdue(dueAt, now);
  if (days === 0) return 'current';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

/** What is still owed on each bucket, in cents, for the open invoices given. */
export function agingReport(
  invoices: ReadonlyArray<{ dueAt: Date; openCents: number }>,
  now: Date,
): Record<AgingBucket, number> {
  const report = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, 0])) as Record<
    AgingBucket,
    number
  >;
  for (const invoice of invoices) report[agingBucket(invoice.dueAt, now)] += invoice.openCents;
  return report;
}

/**
 * Whether a company goes (or stays) on hold: one of its open invoices is overdue by more than
 * `holdAfterDaysOverdue` days. Paying it (no such invoice left) lifts the hold.
 */
export function onHold(
  openInvoices: ReadonlyArray<{ dueAt: Date }>,
  holdAfterDaysOverdue: number,
  now: Date,
): boolean {
  return openInvoices.some((invoice) => daysOverdue(invoice.dueAt, now) > holdAfterDaysOverdue);
}

/** The credit left to a company, in cents: never below 0. */
export function availableCredit(terms: {
  creditLimitCents: number;
  exposureCents: number;
}): number {
  return Math.max(0, terms.creditLimitCents - terms.exposureCents);
}

/**
 * Whether an order of `totalCents` fits the credit: what the company owes and has on order
 * (`exposureCents`) plus the order stays within the limit. Amounts must be whole cents within
 * the safe-integer range; anything else does not fit.
 */
export function fitsCredit(exposureCents: number, totalCents: number, limitCents: number): boolean {
  if (![exposureCents, totalCents, limitCents].every(Number.isSafeInteger)) return false;
  if (totalCents <= 0 || exposureCents < 0 || limitCents < 0) return false;
  return exposureCents + totalCents <= limitCents;
}

/** When the payment reminders of an invoice due at `dueAt` go out: 3 days before, on it, 7 after. */
export function reminderTimes(dueAt: Date): Date[] {
  return [-3, 0, 7].map((days) => new Date(dueAt.getTime() + days * DAY_MS));
}
