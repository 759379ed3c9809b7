import { handle } from '@/lib/api/handle';
import { quickOrderToCartOp } from '@/lib/orders/api';
import { quickOrderToCart } from '@/lib/orders';

/**
 * POST /api/quick-order/cart: puts the lines of a quick order (`part number, quantity`, at most
 * 20) that may be ordered into the signed-in person's order list instead of ordering them
 * (lib/orders/quick-order/fill.ts). Answers `{ cart, added, failed }`.
 */
export const POST = handle(quickOrderToCartOp, ({ user, body }) => quickOrderToCart(user, body));
