import { NextResponse } from 'next/server';
import { objectIdParam, route } from '@/lib/api/handler';
import { accessibleOrder } from '@/lib/auth/access';
import { requireUser } from '@/lib/auth/session';
import { publicOrder } from '@/lib/data/orders';
import { expireIfOverdue } from '@/lib/payments';

/**
 * GET /api/orders/{id}: one order, for its owner or an admin. An order that expired unpaid is
 * answered with `cancelledAt` and `cancelReason: 'expired'`.
 */
export const GET = route<{ id: string }>(async (request, { params }) => {
  const id = objectIdParam((await params).id, 'order id').toHexString();
  const user = await requireUser(request);
  const order = await expireIfOverdue(await accessibleOrder(user, id));
  return NextResponse.json(publicOrder(order));
});
