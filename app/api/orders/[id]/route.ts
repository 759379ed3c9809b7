import { NextResponse } from 'next/server';
import { objectIdParam, route } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/session';
import { viewOrder } from '@/lib/orders';

/**
 * GET /api/orders/{id}: one order, for its owner or an admin. An order that expired unpaid is
 * answered with `cancelledAt` and `cancelReason: 'expired'`.
 */
export const GET = route<{ id: string }>(async (request, { params }) => {
  const id = objectIdParam((await params).id, 'order id').toHexString();
  const user = await requireUser(request);
  return NextResponse.json(await viewOrder(user, id));
});
