import 'server-only';
import type { ObjectId } from 'mongodb';
import { UNPAID_STATUSES } from '../lifecycle';
import { ordersCollection } from './collection';

/** The unpaid-orders cap's counting: the count itself, and this process's hint of it per buyer. */

/**
 * How many unpaid orders this buyer has (those awaiting their company's approval hold stock too,
 * and count), counting those being placed (`reserving`): the cap holds against concurrent
 * orders of the same buyer.
 */
export async function countUnpaidOrders(userId: ObjectId): Promise<number> {
  const count = await (
    await ordersCollection()
  ).countDocuments({ userId, status: { $in: [...UNPAID_STATUSES, 'reserving'] } });
  noteUnpaidCount(userId, count);
  return count;
}

/**
 * The unpaid count this process last read for each recent buyer: only a hint of whether the quick
 * check before reserving stock can be skipped (see `placeOrderOnce`), never a reason to refuse.
 */
const unpaidCountHints = ((
  globalThis as typeof globalThis & {
    __storefrontUnpaidHints?: Map<string, number>;
  }
).__storefrontUnpaidHints ??= new Map());
const UNPAID_HINTS_MAX = 5_000;

function noteUnpaidCount(userId: ObjectId, count: number): void {
  const key = userId.toHexString();
  unpaidCountHints.delete(key); // re-inserted last: the map keeps the most recent buyers
  if (unpaidCountHints.size >= UNPAID_HINTS_MAX) {
    unpaidCountHints.delete(unpaidCountHints.keys().next().value!);
  }
  unpaidCountHints.set(key, count);
}

/**
 * Whether the quick cap check may be skipped: the last count read for this buyer left room for
 * one more order. The hint may be stale (another server, an order paid or removed since), which
 * only decides whether the check runs now: the count after the insert decides every order.
 */
export function roomByHint(userId: ObjectId, max: number): boolean {
  const hint = unpaidCountHints.get(userId.toHexString());
  return hint !== undefined && hint + 1 <= max;
}
