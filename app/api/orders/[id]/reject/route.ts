import { handle } from '@/lib/api/handle';
import { rejectOrder } from '@/lib/orders';
import { rejectOrderOp } from '@/lib/orders/api';
import { linkOrigin } from '@/lib/security';

/** POST /api/orders/{id}/reject: an approver or owner of the order's company rejects it, with a reason. */
export const POST = handle(rejectOrderOp, ({ user, params, body }) =>
  rejectOrder(user, params.id, body.reason, linkOrigin()),
);
