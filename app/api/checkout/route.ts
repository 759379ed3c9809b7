import { handle } from '@/lib/api/handle';
import { checkoutOp } from '@/lib/orders/api';
import { checkoutCart, placeOrderLimit } from '@/lib/orders';
import { linkOrigin } from '@/lib/security';

/**
 * POST /api/checkout: places the buyer's order list as one order (lib/orders decides every
 * rule) and answers `{ insertedId, status }`. Rate-limited with POST /api/order.
 */
export const POST = handle(
  checkoutOp,
  async ({ user, body }) => checkoutCart(user, body, linkOrigin()),
  { limits: ({ user }) => [{ limit: placeOrderLimit, key: user.id }] },
);
