import { NextResponse } from 'next/server';
import { objectIdParam, route } from '@/lib/api/handler';
import { requireUser } from '@/lib/accounts';
import { viewOrder } from '@/lib/orders';

/**
 * GET /api/orders/{id}: one order, for its owner or an admin, with its `status`, `history`,
 * `carrier` and `trackingNumber`. A cancelled order is answered with `status: 'cancelled'`,
 * `cancelledAt` and `cancelReason` ('expired', 'cancelled_by_store'; one its buyer deleted is
 * 404 to that buyer, as deleted).
 */
export const GET = route<{ id: string }>(async (request, { params }) => {
  const id = objectIdParam((await params).id, 'order id').toHexString();
  const user = await requireUser(request);
  return NextResponse.json(await viewOrder(user, id));
});
