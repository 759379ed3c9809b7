import { handle } from '@/lib/api/handle';
import { checkQuickOrderOp } from '@/lib/orders/api';
import { checkQuickOrder } from '@/lib/orders';

/**
 * POST /api/quick-order/check: the validation report of a quick order's lines against today's
 * catalogue (unknown part numbers, quantities below the minimum or above the stock, merged
 * duplicates, malformed lines), for the signed-in person. Writes nothing.
 */
export const POST = handle(checkQuickOrderOp, ({ user, body }) => checkQuickOrder(user, body.text));
