import 'server-only';
import type { Filter } from 'mongodb';
import { hasVerifiedEmail } from '@/lib/accounts';
import { toObjectId } from '@/lib/core/db/ids';
import { UNPAID_STATUSES, type OrderStatus } from '../lifecycle';
import type { OrderDoc } from '../collections';
import { liveOrder, ordersCollection } from './collection';
import { pastPayBy } from './deadline';
import { orderRecord, publicOrder, type Order, type OrderRecord } from './records';

/** Reading orders: one by id, the lists of My Orders and Manage Orders, the overdue ones. */

/** One order by its id string; null when the id is malformed or unknown. */
export async function findOrder(id: string): Promise<OrderRecord | null> {
  const _id = toObjectId(id);
  if (!_id) return null;
  // An order still being placed (`reserving`) is seen by nobody.
  const doc = await (await ordersCollection()).findOne({ _id, status: { $ne: 'reserving' } });
  return doc ? orderRecord(doc) : null;
}

/** Newest first; orders placed at the same instant by id, so every page holds its place. */
const NEWEST = { createdAt: -1, _id: -1 } as const;

/**
 * Orders matching `filter`, newest first: the live ones, or those in one `status` (cancelled
 * included, for Manage Orders' filter).
 */
async function listOrders(filter: Filter<OrderDoc>, status?: OrderStatus): Promise<Order[]> {
  const docs = await (
    await ordersCollection()
  )
    .find({ ...filter, ...(status ? { status } : liveOrder) })
    .sort(NEWEST)
    .toArray();
  return docs.map((doc) => publicOrder(orderRecord(doc)));
}

/** A buyer's own live orders (My Orders), by their user id, newest first. */
export async function listOrdersByUser(userId: string): Promise<Order[]> {
  const _id = toObjectId(userId);
  return _id ? listOrders({ userId: _id }) : [];
}

/** The live orders placed with this email, whoever placed them (admins only), newest first. */
export function listOrdersByEmail(email: string): Promise<Order[]> {
  return listOrders({ email: email.trim().toLowerCase() });
}

/** Order dates as instants: placed at or after `from`, and before `before`. */
export type OrderDateBounds = { from?: Date; before?: Date };

/** Manage Orders' filter: the live orders or those in `status`, placed within `dates`. */
export function allOrdersFilter(
  status?: OrderStatus,
  dates: OrderDateBounds = {},
): Filter<OrderDoc> {
  const createdAt = {
    ...(dates.from ? { $gte: dates.from } : {}),
    ...(dates.before ? { $lt: dates.before } : {}),
  };
  return {
    ...(status ? { status } : liveOrder),
    ...(Object.keys(createdAt).length ? { createdAt } : {}),
  };
}

/**
 * The index every page of Manage Orders is read through (declared in lib/orders/collections.ts,
 * so every start creates it). Named rather than left to the query planner: a page is then one
 * plan whatever the collection's size, and the embedded engine, which refuses some planner
 * choices for a list of statuses sorted and skipped far enough, answers every page too.
 */
export const ALL_ORDERS_INDEX = { status: 1, createdAt: -1, _id: -1 } as const;

/**
 * One page of the live orders, or of the orders in `status`, newest first (Manage Orders and
 * GET /api/allOrder), optionally only those placed within `dates`: `skip` orders passed over,
 * at most `limit` given, with `total`, how many match over every page. The index
 * `{ status, createdAt, _id }` (lib/orders/collections.ts) gives each status's orders in this
 * order, merged, so a page reads what it skips and holds, not every order, and sorts nothing
 * in memory.
 */
export async function listAllOrders(
  status: OrderStatus | undefined,
  dates: OrderDateBounds,
  { skip, limit }: { skip: number; limit: number },
): Promise<{ items: Order[]; total: number }> {
  const filter = allOrdersFilter(status, dates);
  const orders = await ordersCollection();
  const [total, docs] = await Promise.all([
    orders.countDocuments(filter),
    orders.find(filter).sort(NEWEST).hint(ALL_ORDERS_INDEX).skip(skip).limit(limit).toArray(),
  ]);
  return { items: docs.map((doc) => publicOrder(orderRecord(doc))), total };
}

/**
 * Unpaid live orders past their time to be paid at `now` (see `payByOf`), and orders awaiting
 * approval past theirs (APPROVAL_HOLD_HOURS), oldest first.
 */
export async function findOverdueOrders(now: Date, limit = 100): Promise<OrderRecord[]> {
  const docs = await (
    await ordersCollection()
  )
    .find({ status: { $in: [...UNPAID_STATUSES] }, ...pastPayBy(now) })
    .sort({ createdAt: 1 })
    .limit(limit)
    .toArray();
  return docs.map(orderRecord);
}

/**
 * Whether the buyer's address may receive this order's mails now: when the account's email is
 * verified (as the account is when the mail is sent: one verified later gets the mails from
 * then on), or when this is the account's first order ever, whatever became of it (the spec's
 * flow: sign up, order, pay at once, before opening the verification mail). Later orders of a
 * still-unverified account mail nobody, so an account opened with someone else's address cannot
 * make the store mail them again and again. Orders from before orders had an owner keep their
 * mails. The store's own mails (ORDERS_TO) never ask.
 */
export async function buyerMayBeMailed(
  doc: Pick<OrderDoc, '_id' | 'userId' | 'email' | 'createdAt'>,
): Promise<boolean> {
  if (!doc.userId) return true;
  if (await hasVerifiedEmail(doc.userId, doc.email)) return true;
  const orders = await ordersCollection();
  const earlier = await orders.findOne(
    {
      userId: doc.userId,
      $or: [
        { createdAt: { $lt: doc.createdAt } },
        { createdAt: doc.createdAt, _id: { $lt: doc._id } },
      ],
    },
    { projection: { _id: 1 } },
  );
  return earlier === null;
}
