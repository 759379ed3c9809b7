import 'server-only';
import type { Filter } from 'mongodb';
import { returnStock } from '@/lib/catalogue';
import { getDb } from '@/lib/core/db';
import { LIVE_STATUSES } from '../lifecycle';
import { collections, type OrderDoc } from '../collections';

/** The orders collection and the pieces every part of the orders store shares. */

export async function ordersCollection() {
  return collections(await getDb()).orders;
}

/**
 * The one definition of a live order: any status but cancelled. Lists use it; payments,
 * deletes and the expiry move only unpaid orders (`status: 'unpaid'`), which are live.
 */
export const liveOrder = { status: { $in: [...LIVE_STATUSES] } } satisfies Filter<OrderDoc>;

/** Gives an order's quantity back to its product's stock. */
export async function restock(order: Pick<OrderDoc, 'productId' | 'quantity'>): Promise<void> {
  await returnStock(order.productId, order.quantity);
}
