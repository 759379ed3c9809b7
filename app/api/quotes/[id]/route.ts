import { handle } from '@/lib/api/handle';
import { decideQuoteOp } from '@/lib/quotes/api';
import { decideQuote } from '@/lib/quotes';
import { linkOrigin } from '@/lib/security';

/**
 * PATCH /api/quotes/{id} (admins): `{ action: "answer", unitPrice, validUntil }` answers a
 * quote, `{ action: "decline", reason }` declines it; the buyer is mailed after the answer.
 * Answers the quote.
 */
export const PATCH = handle(decideQuoteOp, ({ user, params, body }) =>
  decideQuote(user, params.id, body, linkOrigin()),
);
