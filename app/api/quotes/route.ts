import { handle } from '@/lib/api/handle';
import { listQuotesOp, requestQuoteOp } from '@/lib/quotes/api';
import { quotesFor, requestQuote, requestQuoteLimit } from '@/lib/quotes';
import { linkOrigin } from '@/lib/security';

/**
 * GET /api/quotes: the signed-in buyer's own quotes, every quote for an admin, newest first;
 * `?status=` lists one status (`expired`: answered quotes past their valid-until date).
 */
export const GET = handle(listQuotesOp, ({ user, query }) => quotesFor(user, query.status));

/**
 * POST /api/quotes: requests a quote for the signed-in buyer (lib/quotes decides the rules).
 * The store's mail (ORDERS_TO) is queued with the quote and sent after the answer. 201 with
 * the quote.
 */
export const POST = handle(
  requestQuoteOp,
  ({ user, body }) => requestQuote(user, body, linkOrigin()),
  { limits: ({ user }) => [{ limit: requestQuoteLimit, key: user.id }] },
);
