import { NextResponse } from 'next/server';
import { fieldIssues, fieldsError } from '@/lib/core/errors';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { requestQuoteLimit } from '@/lib/accounts';
import { requireUser } from '@/lib/accounts';
import { quotesFor, requestQuote } from '@/lib/quotes';
import { enforce } from '@/lib/core/rate-limit';
import { linkOrigin } from '@/lib/security';
import { quoteRequestSchema, quotesQuerySchema } from '@/lib/quotes';

/**
 * GET /api/quotes: the signed-in buyer's own quotes, every quote for an admin, newest first;
 * `?status=` lists one status (`expired`: answered quotes past their valid-until date).
 */
export const GET = route(async (request) => {
  const user = await requireUser(request);
  const parsed = quotesQuerySchema.safeParse({
    status: new URL(request.url).searchParams.get('status') ?? undefined,
  });
  if (!parsed.success) throw fieldsError(fieldIssues(parsed.error), 'bad_request');
  return NextResponse.json(await quotesFor(user, parsed.data.status));
});

/**
 * POST /api/quotes: requests a quote for the signed-in buyer (lib/quotes decides the rules).
 * The store's mail (ORDERS_TO) is queued with the quote and sent after the answer. 201 with
 * the quote.
 */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  await enforce([{ limit: requestQuoteLimit, key: user.id }]);
  const input = parseWith(quoteRequestSchema, await readJson(request));
  const quote = await requestQuote(user, input, linkOrigin());
  return NextResponse.json(quote, { status: 201 });
});
