import { handle } from '@/lib/api/handle';
import { emptyCartOp, getCartOp } from '@/lib/cart/api';
import { emptyCart, viewCart } from '@/lib/cart';

/** GET /api/cart: the buyer's order list; DELETE /api/cart: empties it. */
export const GET = handle(getCartOp, ({ user }) => viewCart(user));
export const DELETE = handle(emptyCartOp, ({ user }) => emptyCart(user));
