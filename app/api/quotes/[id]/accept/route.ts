import { handle } from '@/lib/api/handle';
import { acceptQuoteOp } from '@/lib/quotes/api';
import { acceptQuote } from '@/lib/quotes';
import { linkOrigin } from '@/lib/security';

/**
 * POST /api/quotes/{id}/accept (the quote's buyer): `{ unitPrice }`, the unit price the buyer
 * saw, places an unpaid order at that quoted unit price for the quoted quantity, once, before
 * the quote expires; a quote answered anew at another price since is a 409 naming it. 201
 * `{ orderId, quote }`; the order is paid on its payment page like any other.
 */
export const POST = handle(acceptQuoteOp, ({ user, params, body }) =>
  acceptQuote(user, params.id, body, linkOrigin()),
);
