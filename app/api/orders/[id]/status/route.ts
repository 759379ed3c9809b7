import { handle } from '@/lib/api/handle';
import { changeOrderStatusOp } from '@/lib/orders/api';
import { changeOrderStatus } from '@/lib/orders';
import { linkOrigin } from '@/lib/security';

/**
 * PATCH /api/orders/{id}/status with `{ status, carrier?, trackingNumber?, note? }` (admins
 * only): moves a paid order forward (processing, shipped, delivered; `shipped` needs carrier
 * and trackingNumber, 422 otherwise) or cancels an unpaid one, appending the change to the
 * order's history. A move the order's status does not allow, or one another admin made first,
 * is a 409 naming both statuses. Shipping and cancelling mail the buyer (after the answer).
 * Answers the order.
 */
export const PATCH = handle(changeOrderStatusOp, ({ user, params, body }) =>
  changeOrderStatus(user, params.id, body, linkOrigin()),
);
