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

/**
 * Orders matching `filter`, newest first: the live ones, or those in one `status` (cancelled
 * included, for Manage Orders' filter).
 */
async function listOrders(filter: Filter<OrderDoc>, status?: OrderStatus): Promise<Order[]> {
  const docs = await (
    await ordersCollection()
  )
    .find({ ...filter, ...(status ? { status } : liveOrder) })
    .sort({ createdAt: -1, _id: -1 })
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
 * Every live order, or every order in `status`, newest first (Manage Orders), optionally only
 * those placed within `dates`.
 */
export function listAllOrders(status?: OrderStatus, dates: OrderDateBounds = {}): Promise<Order[]> {
  const { createdAt } = allOrdersFilter(status, dates);
  return listOrders(createdAt ? { createdAt } : {}, status);
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
