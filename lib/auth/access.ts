import 'server-only';
import { ApiError } from '@/lib/api/errors';
import { findOrder, type OrderRecord } from '@/lib/data/orders';
import type { User } from '@/lib/data/users';

/**
 * Who may see and act on an order: its owner, by user id (never by email, so a removed user's
 * orders do not pass to whoever registers that email next), or an admin. An order without an
 * owner (from before user ids, whose email had no account) is reachable by admins only.
 */
export function canAccessOrder(
  user: Pick<User, 'id' | 'role'>,
  order: Pick<OrderRecord, 'userId'>,
): boolean {
  return user.role === 'admin' || (order.userId !== '' && order.userId === user.id);
}

/** The order with this id if the user may access it: 404 when it does not exist, else 403. */
export async function accessibleOrder(
  user: Pick<User, 'id' | 'role'>,
  id: string,
  refusal = 'You may only access your own orders.',
): Promise<OrderRecord> {
  const order = await findOrder(id);
  if (!order) throw new ApiError('not_found', 'No order has this id.');
  if (!canAccessOrder(user, order)) throw new ApiError('forbidden', refusal);
  return order;
}
