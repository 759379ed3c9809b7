import { handle } from '@/lib/api/handle';
import { addCartLineOp } from '@/lib/cart/api';
import { addToCart } from '@/lib/cart';
import { parseId } from '@/lib/core/ids';
import { refuse } from '@/lib/core/refusal';

/** POST /api/cart/lines: adds a quantity of a product to the buyer's order list. */
export const POST = handle(addCartLineOp, ({ user, body }) => {
  const productId = parseId(body.productId);
  if (!productId) throw refuse('product.not_found');
  return addToCart(user, productId, body.quantity);
});
