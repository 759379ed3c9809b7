import { NextResponse } from 'next/server';
import { objectIdParam, parseWith, readJson, route } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/accounts';
import { decideQuote } from '@/lib/quotes';
import { linkOrigin } from '@/lib/security';
import { quoteDecisionSchema } from '@/lib/quotes';

/**
 * PATCH /api/quotes/{id} (admins): `{ action: "answer", unitPrice, validUntil }` answers a
 * quote, `{ action: "decline", reason }` declines it; the buyer is mailed after the answer.
 * Answers the quote.
 */
export const PATCH = route<{ id: string }>(async (request, { params }) => {
  const id = objectIdParam((await params).id, 'quote id').toHexString();
  const admin = await requireAdmin(request);
  const decision = parseWith(quoteDecisionSchema, await readJson(request));
  return NextResponse.json(await decideQuote(admin, id, decision, linkOrigin()));
});
