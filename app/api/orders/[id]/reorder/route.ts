import { handle } from '@/lib/api/handle';
import { reorderOp } from '@/lib/orders/api';
import { orderAgainToCart } from '@/lib/orders';

/**
 * POST /api/orders/{id}/reorder: "Order again" for the order's own buyer: every line of the
 * order goes back into their order list with its earlier quantity (lib/orders/order-again.ts).
 * Answers `{ cart, skipped }`: the list as it is now, and the lines it could not take.
 */
export const POST = handle(reorderOp, ({ user, params }) => orderAgainToCart(user, params.id));
