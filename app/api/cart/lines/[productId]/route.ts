import { handle } from '@/lib/api/handle';
import { removeCartLineOp, setCartLineOp } from '@/lib/cart/api';
import { removeFromCart, setCartQuantity } from '@/lib/cart';

/**
 * PUT /api/cart/lines/{productId}: sets the line's quantity (adding the line);
 * DELETE: removes it.
 */
export const PUT = handle(setCartLineOp, ({ user, params, body }) =>
  setCartQuantity(user, params.productId, body.quantity),
);
export const DELETE = handle(removeCartLineOp, ({ user, params }) =>
  removeFromCart(user, params.productId),
);
