import { handle } from '@/lib/api/handle';
import { placeOrderOp } from '@/lib/orders/api';
import { placeOrderFor, placeOrderLimit } from '@/lib/orders';
import { linkOrigin } from '@/lib/security';

/**
 * POST /api/order: places an order for the signed-in person (lib/orders decides every rule).
 * Rate-limited per user. The buyer's "placed" mail (with the pay link on the trusted link
 * origin) is queued with the order and sent after the answer. Answers `{ insertedId }`.
 */
export const POST = handle(
  placeOrderOp,
  async ({ user, body }) => ({ insertedId: await placeOrderFor(user, body, linkOrigin()) }),
  { limits: ({ user }) => [{ limit: placeOrderLimit, key: user.id }] },
);
