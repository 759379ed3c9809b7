import { NextResponse } from 'next/server';
import { objectIdParam, parseWith, readJson, route } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/accounts';
import { changeOrderStatus } from '@/lib/orders';
import { linkOrigin } from '@/lib/security';
import { orderStatusChangeSchema } from '@/lib/orders';

/**
 * PATCH /api/orders/{id}/status with `{ status, carrier?, trackingNumber?, note? }` (admins
 * only): moves a paid order forward (processing, shipped, delivered; `shipped` needs carrier
 * and trackingNumber, 422 otherwise) or cancels an unpaid one, appending the change to the
 * order's history. A move the order's status does not allow, or one another admin made first,
 * is a 409 naming both statuses. Shipping and cancelling mail the buyer (after the answer).
 * Answers the order.
 */
export const PATCH = route<{ id: string }>(async (request, { params }) => {
  const id = objectIdParam((await params).id, 'order id').toHexString();
  const admin = await requireAdmin(request);
  const change = parseWith(orderStatusChangeSchema, await readJson(request));
  return NextResponse.json(await changeOrderStatus(admin, id, change, linkOrigin()));
});
