import 'server-only';
import type { User } from '@/lib/accounts';
import { registerOutboxKinds } from '@/lib/core/mail/outbox';
import { listQuotes, type Quote } from './store';
import type { QuoteViewStatus } from './status';

/**
 * The kinds of mail queued on quotes, registered with the kernel's outbox engine as soon as the
 * quotes are loaded; the templates load only when a drain needs them (mail/kinds.ts).
 */
registerOutboxKinds('quotes', async () => (await import('./mail/kinds')).quoteMailKinds);

/**
 * The quotes module: request, list, answer, decline and accept a quote, each deciding every
 * rule and answering with the errors of lib/core/messages.ts. Route handlers and the quotes page
 * parse, authenticate, call one of these and answer.
 *
 *   requested --answer--> answered --accept--> accepting --order placed--> accepted
 *       |                    |  \\__ (re-answer)      \\__ order refused --> answered
 *       +------decline-------+--> declined
 *   answered past validUntil reads as expired (in the query; never stored).
 *   accept names the unit price the buyer saw; after a re-answer to another price it is a 409.
 *
 * A quote is for one product (POST /api/quotes) or for the buyer's whole order list (POST
 * /api/quotes/cart): then it has lines, is answered with one unit price per line (`unitPrices`),
 * accepted by naming every line's price, and places ONE order of all its lines.
 *
 * Mails go through the outbox, queued in the write that makes the change: the store's
 * "quote requested" in the insert, the buyer's "answered"/"declined" in those updates.
 * Each job has its file: request.ts, decide.ts (answer, decline), accept.ts.
 */

type Viewer = Pick<User, 'id' | 'role'>;

/** The quotes page and GET /api/quotes: a buyer's own quotes, every quote for an admin. */
export function quotesFor(viewer: Viewer, status?: QuoteViewStatus): Promise<Quote[]> {
  return listQuotes({ ...(viewer.role === 'admin' ? {} : { userId: viewer.id }), status });
}

// The rest of the feature's public face.
export { requestCartQuote, requestQuote } from './request';
export { decideQuote } from './decide';
export { acceptQuote } from './accept';
export * from './limits';
export * from './status';
export * from './store';
export * from './transition';
export * from './validation/quote';
export * from './lines';
export type { QuoteDoc, QuoteLineDoc } from './collections';
export type { QuoteMailKind } from './mail/quote-mails';

/** The kinds of quote mail the outbox sends, with their templates (loaded on demand). */
export async function loadQuoteMailKinds() {
  return (await import('./mail/kinds')).quoteMailKinds;
}
