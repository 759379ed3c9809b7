import { NextResponse } from 'next/server';
import { objectIdParam, route } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/session';
import { acceptQuote } from '@/lib/quotes';
import { linkOrigin } from '@/lib/security';

/**
 * POST /api/quotes/{id}/accept (the quote's buyer): places an unpaid order at the quoted unit
 * price for the quoted quantity, once, before the quote expires. 201 `{ orderId, quote }`; the
 * order is paid on its payment page like any other.
 */
export const POST = route<{ id: string }>(async (request, { params }) => {
  const id = objectIdParam((await params).id, 'quote id').toHexString();
  const user = await requireUser(request);
  const result = await acceptQuote(user, id, linkOrigin(request));
  return NextResponse.json(result, { status: 201 });
});
