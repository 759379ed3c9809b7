import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { objectIdParam, route } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/session';
import { findOrder, publicOrder } from '@/lib/data/orders';

/** GET /api/orders/{id}: one order, for its owner or an admin. */
export const GET = route<{ id: string }>(async (request, { params }) => {
  const id = objectIdParam((await params).id, 'order id').toHexString();
  const user = await requireUser(request);
  const order = await findOrder(id);
  if (!order) throw new ApiError('not_found', 'No order has this id.');
  if (order.email !== user.email && user.role !== 'admin') {
    throw new ApiError('forbidden', 'You may only access your own orders.');
  }
  return NextResponse.json(publicOrder(order));
});
