import { handle } from '@/lib/api/handle';
import { approveOrder } from '@/lib/orders';
import { approveOrderOp } from '@/lib/orders/api';
import { linkOrigin } from '@/lib/security';

/** POST /api/orders/{id}/approve: an approver or owner of the order's company approves it. */
export const POST = handle(approveOrderOp, ({ user, params }) =>
  approveOrder(user, params.id, linkOrigin()),
);
