import { handle } from '@/lib/api/handle';
import { shareCartOp } from '@/lib/cart/api';
import { shareCart, shareCartLimit } from '@/lib/cart';
import { parseId } from '@/lib/core/ids';
import { linkOrigin } from '@/lib/security';

/**
 * POST /api/cart/share: copies every line of the caller's order list into a colleague's (of the
 * same company, whose role places orders) and mails them; the caller's list stays as it is.
 */
export const POST = handle(
  shareCartOp,
  ({ user, body }) => shareCart(user, parseId(body.userId)!, linkOrigin()),
  { limits: ({ user }) => [{ limit: shareCartLimit, key: user.id }] },
);
