import { handle } from '@/lib/api/handle';
import { cartCountOp } from '@/lib/cart/api';
import { cartLineCount } from '@/lib/cart';

/** GET /api/cart/count: how many lines the buyer's order list has (the navigation bar). */
export const GET = handle(cartCountOp, async ({ user }) => ({
  lineCount: await cartLineCount(user),
}));
