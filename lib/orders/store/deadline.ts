import 'server-only';
import type { Filter } from 'mongodb';
import { env } from '@/lib/core/env';
import type { OrderDoc } from '../collections';

/**
 * An unpaid order's deadline: when it is cancelled if still unpaid, and the filter of the orders
 * past it (the expiry sweep's and `cancelOverdueOrder`'s condition).
 */

/** How long orders from before `expiresAt` was stamped hold their stock: UNPAID_ORDER_TTL_HOURS. */
function legacyHoldMs(): number {
  return env.UNPAID_ORDER_TTL_HOURS * 60 * 60 * 1000;
}

/**
 * When an order is cancelled if still unpaid: its own `expiresAt`, stamped when it was placed;
 * for orders from before that, UNPAID_ORDER_TTL_HOURS after placing.
 */
export function payByOf(doc: Pick<OrderDoc, 'createdAt' | 'expiresAt'>): Date {
  return doc.expiresAt ?? new Date(doc.createdAt.getTime() + legacyHoldMs());
}

/** Orders whose time to be paid ran out before `now` (their own deadline, see `payByOf`). */
export function pastPayBy(now: Date): Filter<OrderDoc> {
  return {
    $or: [
      { expiresAt: { $lt: now } },
      {
        expiresAt: { $exists: false },
        createdAt: { $lt: new Date(now.getTime() - legacyHoldMs()) },
      },
    ],
  };
}
