import { handle } from '@/lib/api/handle';
import { getOrderOp } from '@/lib/orders/api';
import { viewOrder } from '@/lib/orders';

/**
 * GET /api/orders/{id}: one order, for its owner or an admin, with its `status`, `history`,
 * `carrier` and `trackingNumber`. A cancelled order is answered with `status: 'cancelled'`,
 * `cancelledAt` and `cancelReason` ('expired', 'cancelled_by_store'; one its buyer deleted is
 * 404 to that buyer, as deleted).
 */
export const GET = handle(getOrderOp, ({ user, params }) => viewOrder(user, params.id));
