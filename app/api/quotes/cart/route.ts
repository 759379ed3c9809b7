import { handle } from '@/lib/api/handle';
import { requestCartQuoteOp } from '@/lib/quotes/api';
import { requestCartQuote, requestQuoteLimit } from '@/lib/quotes';
import { linkOrigin } from '@/lib/security';

/**
 * POST /api/quotes/cart: requests ONE quote for every line of the signed-in buyer's order list
 * (lib/quotes decides the rules; the list stays as it is). The store's mail (ORDERS_TO) is
 * queued with the quote. Counts against the same hourly limit as a quote for one product. 201
 * with the quote and its lines.
 */
export const POST = handle(
  requestCartQuoteOp,
  ({ user, body }) => requestCartQuote(user, body, linkOrigin()),
  { limits: ({ user }) => [{ limit: requestQuoteLimit, key: user.id }] },
);
