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

/** Who moves a quote: an admin (answers, declines) or its buyer (accepts). */
export type QuoteActor = 'admin' | 'buyer';

/**
 * A quote's life as data: the ONE table of the moves allowed between stored statuses, with who
 * may make each move. Every status change goes through `transitionQuote()` (lib/quotes/store.ts),
 * one conditional update whose filter is the statuses this table lets the actor move from.
 *
 *   requested ─► answered ─► accepting ─► accepted
 *       │          │  ▲ └────────┘ (a claim given back, or a stale one taken over)
 *       │          └──┘ (answered again)
 *       └──────────┴─► declined
 *
 * An admin answers or declines a requested or answered quote (an expired one is answered and
 * may be answered again); its buyer claims an answered quote to accept it (a short `accepting`
 * claim), then completes the accept or gives the claim back.
 */
export const QUOTE_TRANSITIONS: {
  readonly [From in QuoteStatus]: { readonly [To in QuoteStatus]?: readonly QuoteActor[] };
} = {
  requested: { answered: ['admin'], declined: ['admin'] },
  answered: { answered: ['admin'], declined: ['admin'], accepting: ['buyer'] },
  accepting: { accepting: ['buyer'], answered: ['buyer'], accepted: ['buyer'] },
  accepted: {},
  declined: {},
};

/** Whether `actor` may move a quote from `from` to `to`. */
export function canTransitionQuote(from: QuoteStatus, to: QuoteStatus, actor: QuoteActor): boolean {
  return QUOTE_TRANSITIONS[from][to]?.includes(actor) ?? false;
}

/** The stored statuses from which `actor` may move a quote to `to`, in the order of the table. */
export function quoteStatusesBefore(to: QuoteStatus, actor: QuoteActor): QuoteStatus[] {
  return STORED_QUOTE_STATUSES.filter((from) => canTransitionQuote(from, to, actor));
}

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
