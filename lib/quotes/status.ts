/**
 * The states of a quote, as stored: `requested` (waiting for the store), `answered` (a unit
 * price valid until a date), `accepting` (an accept under way: a short claim), `accepted` (an
 * order was placed at the quoted price), `declined` (the store said no, with a reason).
 * `expired` is never stored: it is an answered quote past its `validUntil`, decided in the
 * query, so it holds without any background job.
 */
export const STORED_QUOTE_STATUSES = [
  'requested',
  'answered',
  'accepting',
  'accepted',
  'declined',
] as const;
export type QuoteStatus = (typeof STORED_QUOTE_STATUSES)[number];

/** The statuses the API and the pages show: the stored ones, and `expired`. */
export const QUOTE_STATUSES = [...STORED_QUOTE_STATUSES, 'expired'] as const;
export type QuoteViewStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteViewStatus, string> = {
  requested: 'Requested',
  answered: 'Answered',
  accepting: 'Being accepted',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
};

/** The status a quote shows at `now`: an answered quote past its valid-until date is expired. */
export function viewStatus(
  quote: { status: QuoteStatus; validUntil?: Date | null },
  now = new Date(),
): QuoteViewStatus {
  if (quote.status === 'answered' && quote.validUntil && quote.validUntil < now) return 'expired';
  return quote.status;
}
