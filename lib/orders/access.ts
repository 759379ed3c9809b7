import 'server-only';
import { canAccessOwned, type User } from '@/lib/accounts';
import type { ErrorKey } from '@/lib/core/messages';
import { refuse } from '@/lib/core/refusal';
import { goneFor } from './rules';
import { findOrder, type OrderRecord } from './store';

/** Who looks at an order: its buyer, or an admin. */
export type Viewer = Pick<User, 'id' | 'role'>;

/**
 * The order with this id if the viewer may reach it: 404 when there is none (or its buyer
 * deleted it, for that buyer), else 403.
 */
export async function accessibleOrder(
  viewer: Viewer,
  id: string,
  refusal: ErrorKey = 'order.not_yours',
): Promise<OrderRecord> {
  const order = await findOrder(id);
  if (!order) throw refuse('order.not_found');
  if (!canAccessOwned(viewer, order)) throw refuse(refusal);
  if (goneFor(viewer, order)) throw refuse('order.not_found');
  return order;
}
