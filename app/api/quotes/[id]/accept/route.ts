import { NextResponse } from 'next/server';
import { objectIdParam, parseWith, readJson, route } from '@/lib/api/handler';
import { requireUser } from '@/lib/accounts';
import { acceptQuote } from '@/lib/quotes';
import { linkOrigin } from '@/lib/security';
import { quoteAcceptSchema } from '@/lib/quotes';

/**
 * POST /api/quotes/{id}/accept (the quote's buyer): `{ unitPrice }`, the unit price the buyer
 * saw, places an unpaid order at that quoted unit price for the quoted quantity, once, before
 * the quote expires; a quote answered anew at another price since is a 409 naming it. 201
 * `{ orderId, quote }`; the order is paid on its payment page like any other.
 */
export const POST = route<{ id: string }>(async (request, { params }) => {
  const id = objectIdParam((await params).id, 'quote id').toHexString();
  const user = await requireUser(request);
  const accepted = parseWith(quoteAcceptSchema, await readJson(request));
  const result = await acceptQuote(user, id, accepted, linkOrigin());
  return NextResponse.json(result, { status: 201 });
});
