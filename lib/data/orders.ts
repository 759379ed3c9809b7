import 'server-only';
import { ObjectId, type Filter } from 'mongodb';
import { getDb, collections } from '@/lib/db';
import type { OrderDoc } from '@/lib/db/collections';
import { centsToDollars } from '@/lib/money';
import { toObjectId } from './ids';

/** An order as pages and the API see it: string ids, money in dollars, `price` = total due. */
export interface Order {
  _id: string;
  productId: string;
  quantity: number;
  userName: string;
  email: string;
  name: string;
  picture: string;
  description: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  /** Price of one unit, in dollars. */
  unitPrice: number;
  /** The total due (quantity x unit price), in dollars. */
  price: number;
  address: string;
  phone: string;
  paid: boolean;
  transactionId: string | null;
  createdAt: string;
  /** When an unpaid order was cancelled (it expired); null for a live order. */
  cancelledAt: string | null;
  cancelReason: 'expired' | null;
}

/** An order with what the server needs to check ownership and payments; never sent out. */
export interface OrderRecord extends Order {
  userId: string;
  totalCents: number;
  paymentIntentId: string | null;
}

function toRecord(doc: OrderDoc): OrderRecord {
  return {
    _id: doc._id.toHexString(),
    productId: doc.productId.toHexString(),
    quantity: doc.quantity,
    userName: doc.userName,
    email: doc.email,
    name: doc.name,
    picture: doc.picture,
    description: doc.description,
    minimumOrderQuantity: doc.minimumOrderQuantity,
    availableQuantity: doc.availableQuantity,
    unitPrice: centsToDollars(doc.unitPriceCents),
    price: centsToDollars(doc.totalCents),
    address: doc.address,
    phone: doc.phone,
    paid: doc.paid,
    transactionId: doc.paid ? (doc.transactionId ?? null) : null,
    createdAt: doc.createdAt.toISOString(),
    cancelledAt: doc.cancelledAt?.toISOString() ?? null,
    cancelReason: doc.cancelReason ?? null,
    userId: doc.userId?.toHexString() ?? '',
    totalCents: doc.totalCents,
    paymentIntentId: doc.paymentIntentId ?? null,
  };
}

/** The public view of an order record. */
export function publicOrder(record: OrderRecord): Order {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { userId, totalCents, paymentIntentId, ...order } = record;
  return order;
}

async function ordersCollection() {
  return collections(await getDb()).orders;
}

/** The one definition of a live order: not cancelled. Lists, payments and deletes use it. */
const notCancelled = { cancelledAt: { $exists: false } } as const;

/** Gives an order's quantity back to its product's stock. */
async function restock(order: Pick<OrderDoc, 'productId' | 'quantity'>): Promise<void> {
  await collections(await getDb()).products.updateOne(
    { _id: order.productId },
    { $inc: { availableQuantity: order.quantity } },
  );
}

/** How many unpaid, live orders this buyer has. */
async function countUnpaidOrders(userId: ObjectId): Promise<number> {
  return (await ordersCollection()).countDocuments({ userId, paid: false, ...notCancelled });
}

export type PlaceOrderResult =
  | { ok: true; insertedId: string }
  | { ok: false; reason: 'product_not_found' }
  | { ok: false; reason: 'below_minimum'; minimum: number }
  | { ok: false; reason: 'out_of_stock'; available: number }
  | { ok: false; reason: 'total_too_large' }
  | { ok: false; reason: 'too_many_unpaid'; max: number };

type PlaceOrderInput = {
  productId: string;
  quantity: number;
  address: string;
  phone: string;
  user: { id: string; name: string; email: string };
  /** The most unpaid orders the buyer may hold. */
  maxUnpaid: number;
};

/** How many times an order that met a full cap in a burst tries again. */
const CAP_ATTEMPTS = 3;

/**
 * Places an order. The stock is reserved by ONE conditional atomic update on the product
 * (`availableQuantity >= quantity` and the product's own minimum in the filter, `$inc` by
 * `-quantity`), so concurrent buyers can never take the stock below zero. The product's name,
 * picture, description and unit price are copied from that same document; if writing the order
 * fails, the reserved stock is given back.
 *
 * A buyer may hold at most `maxUnpaid` unpaid orders. Besides a quick check first, the
 * order is inserted and THEN the buyer's unpaid orders are counted: when the count is over the
 * cap, this order is removed again and its stock given back. Of any number of concurrent orders
 * the last one inserted sees all of them, so the cap can never be exceeded. Orders of a burst
 * may all see each other and all step back; each tries again after a random pause (a few
 * times), so the slots left are taken instead of all refused.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await placeOrderOnce(input);
    if (result.ok || result.reason !== 'too_many_unpaid' || attempt === CAP_ATTEMPTS) {
      return result;
    }
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
  }
}

/** One try of `placeOrder`: reserve, insert, count, and step back when over the cap. */
async function placeOrderOnce(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const productId = toObjectId(input.productId);
  if (!productId) return { ok: false, reason: 'product_not_found' };
  const buyerId = new ObjectId(input.user.id);
  const { products, orders } = collections(await getDb());
  const quantity = input.quantity;
  const max = input.maxUnpaid;
  if ((await countUnpaidOrders(buyerId)) >= max) {
    return { ok: false, reason: 'too_many_unpaid', max };
  }

  const product = await products.findOneAndUpdate(
    {
      _id: productId,
      availableQuantity: { $gte: quantity },
      minimumOrderQuantity: { $lte: quantity },
    },
    { $inc: { availableQuantity: -quantity } },
    { returnDocument: 'before' },
  );
  if (!product) {
    const current = await products.findOne({ _id: productId });
    if (!current) return { ok: false, reason: 'product_not_found' };
    if (quantity < current.minimumOrderQuantity) {
      return { ok: false, reason: 'below_minimum', minimum: current.minimumOrderQuantity };
    }
    return { ok: false, reason: 'out_of_stock', available: Math.max(0, current.availableQuantity) };
  }

  const giveBack = () => restock({ productId, quantity });

  const totalCents = quantity * product.priceCents;
  if (!Number.isSafeInteger(totalCents)) {
    await giveBack();
    return { ok: false, reason: 'total_too_large' };
  }

  const doc: OrderDoc = {
    _id: new ObjectId(),
    productId,
    userId: buyerId,
    userName: input.user.name,
    email: input.user.email,
    quantity,
    name: product.name,
    picture: product.picture,
    description: product.description,
    minimumOrderQuantity: product.minimumOrderQuantity,
    availableQuantity: product.availableQuantity,
    unitPriceCents: product.priceCents,
    totalCents,
    address: input.address,
    phone: input.phone,
    paid: false,
    createdAt: new Date(),
  };
  try {
    await orders.insertOne(doc);
  } catch (error) {
    await giveBack();
    throw error;
  }
  if ((await countUnpaidOrders(buyerId)) > max) {
    const { deletedCount } = await orders.deleteOne({ _id: doc._id, paid: false, ...notCancelled });
    if (deletedCount === 1) await giveBack();
    return { ok: false, reason: 'too_many_unpaid', max };
  }
  return { ok: true, insertedId: doc._id.toHexString() };
}

/** One order by its id string; null when the id is malformed or unknown. */
export async function findOrder(id: string): Promise<OrderRecord | null> {
  const _id = toObjectId(id);
  if (!_id) return null;
  const doc = await (await ordersCollection()).findOne({ _id });
  return doc ? toRecord(doc) : null;
}

/** Live (not cancelled) orders matching `filter`, newest first. */
async function listOrders(filter: Filter<OrderDoc>): Promise<Order[]> {
  const docs = await (
    await ordersCollection()
  )
    .find({ ...filter, ...notCancelled })
    .sort({ createdAt: -1, _id: -1 })
    .toArray();
  return docs.map((doc) => publicOrder(toRecord(doc)));
}

/** A buyer's own orders (My Orders), by their user id, newest first. */
export async function listOrdersByUser(userId: string): Promise<Order[]> {
  const _id = toObjectId(userId);
  return _id ? listOrders({ userId: _id }) : [];
}

/** The orders placed with this email, whoever placed them (admins only), newest first. */
export function listOrdersByEmail(email: string): Promise<Order[]> {
  return listOrders({ email: email.trim().toLowerCase() });
}

/** Every order, newest first (Manage Orders). */
export function listAllOrders(): Promise<Order[]> {
  return listOrders({});
}

/**
 * Deletes an unpaid order and gives its quantity back to the product's stock. The delete is
 * conditional on `paid: false` and on the order not being cancelled (its stock is back
 * already), so an order that turned paid or expired meanwhile is never deleted.
 */
export async function deleteUnpaidOrder(
  id: string,
): Promise<'deleted' | 'paid' | 'cancelled' | 'missing'> {
  const _id = toObjectId(id);
  if (!_id) return 'missing';
  const orders = await ordersCollection();
  const deleted = await orders.findOneAndDelete({ _id, paid: false, ...notCancelled });
  if (deleted) {
    await restock(deleted);
    return 'deleted';
  }
  const doc = await orders.findOne({ _id }, { projection: { paid: 1, cancelledAt: 1 } });
  if (!doc) return 'missing';
  return doc.cancelledAt ? 'cancelled' : 'paid';
}

/** Unpaid live orders created before `deadline`, oldest first. */
export async function findOverdueOrders(deadline: Date, limit = 100): Promise<OrderRecord[]> {
  const docs = await (
    await ordersCollection()
  )
    .find({ paid: false, ...notCancelled, createdAt: { $lt: deadline } })
    .sort({ createdAt: 1 })
    .limit(limit)
    .toArray();
  return docs.map(toRecord);
}

/**
 * Cancels an overdue unpaid order (created before `deadline`) and gives its stock back. One
 * conditional update: the order must still be unpaid, live, overdue, and carry `paymentIntentId` (the intent the caller has
 * just canceled at Stripe, or none), so of concurrent sweeps exactly one cancels it and the
 * stock comes back once; an intent attached meanwhile leaves the order for the next sweep.
 */
export async function cancelOverdueOrder(
  id: string,
  paymentIntentId: string | null,
  deadline: Date,
  now = new Date(),
): Promise<boolean> {
  const _id = toObjectId(id);
  if (!_id) return false;
  const cancelled = await (
    await ordersCollection()
  ).findOneAndUpdate(
    {
      _id,
      paid: false,
      ...notCancelled,
      createdAt: { $lt: deadline },
      paymentIntentId: paymentIntentId ?? { $exists: false },
    },
    { $set: { cancelledAt: now, cancelReason: 'expired' } },
  );
  if (!cancelled) return false;
  await restock(cancelled);
  return true;
}

/**
 * Stores a PaymentIntent id on an unpaid live order, only if the order still has `expected`
 * (or none when `expected` is null): concurrent page loads agree on one intent.
 */
export async function attachPaymentIntent(
  id: string,
  expected: string | null,
  paymentIntentId: string,
): Promise<boolean> {
  const _id = toObjectId(id);
  if (!_id) return false;
  const result = await (
    await ordersCollection()
  ).updateOne(
    { _id, paid: false, ...notCancelled, paymentIntentId: expected ?? { $exists: false } },
    { $set: { paymentIntentId } },
  );
  return result.matchedCount === 1;
}

/**
 * Marks an order paid with a PaymentIntent the caller has verified with Stripe. Conditional on
 * `paid: false`, on the order not being cancelled and on it being the intent stored on the
 * order, so replays, races and double clicks mark it paid exactly once, with one transaction id.
 */
export async function markOrderPaid(
  id: string,
  paymentIntentId: string,
): Promise<'paid' | 'already_paid' | 'cancelled' | 'mismatch' | 'missing'> {
  const _id = toObjectId(id);
  if (!_id) return 'missing';
  const orders = await ordersCollection();
  const result = await orders.updateOne(
    { _id, paid: false, ...notCancelled, paymentIntentId },
    { $set: { paid: true, transactionId: paymentIntentId, paidAt: new Date() } },
  );
  if (result.modifiedCount === 1) return 'paid';
  const doc = await orders.findOne({ _id });
  if (!doc) return 'missing';
  if (doc.paid && doc.transactionId === paymentIntentId) return 'already_paid';
  if (doc.cancelledAt) return 'cancelled';
  return 'mismatch';
}
