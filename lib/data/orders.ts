import 'server-only';
import { ObjectId } from 'mongodb';
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
    userId: doc.userId,
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

export type PlaceOrderResult =
  | { ok: true; insertedId: string }
  | { ok: false; reason: 'product_not_found' }
  | { ok: false; reason: 'below_minimum'; minimum: number }
  | { ok: false; reason: 'out_of_stock'; available: number }
  | { ok: false; reason: 'total_too_large' };

/**
 * Places an order. The stock is reserved by ONE conditional atomic update on the product
 * (`availableQuantity >= quantity` and the product's own minimum in the filter, `$inc` by
 * `-quantity`), so concurrent buyers can never take the stock below zero. The product's name,
 * picture, description and unit price are copied from that same document; if writing the order
 * fails, the reserved stock is given back.
 */
export async function placeOrder(input: {
  productId: string;
  quantity: number;
  address: string;
  phone: string;
  user: { id: string; name: string; email: string };
}): Promise<PlaceOrderResult> {
  const productId = toObjectId(input.productId);
  if (!productId) return { ok: false, reason: 'product_not_found' };
  const { products, orders } = collections(await getDb());
  const quantity = input.quantity;

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

  const giveBack = () =>
    products.updateOne({ _id: productId }, { $inc: { availableQuantity: quantity } });

  const totalCents = quantity * product.priceCents;
  if (!Number.isSafeInteger(totalCents)) {
    await giveBack();
    return { ok: false, reason: 'total_too_large' };
  }

  const doc: OrderDoc = {
    _id: new ObjectId(),
    productId,
    userId: input.user.id,
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
  return { ok: true, insertedId: doc._id.toHexString() };
}

/** One order by its id string; null when the id is malformed or unknown. */
export async function findOrder(id: string): Promise<OrderRecord | null> {
  const _id = toObjectId(id);
  if (!_id) return null;
  const doc = await (await ordersCollection()).findOne({ _id });
  return doc ? toRecord(doc) : null;
}

/** The orders placed with this email, newest first. */
export async function listOrdersByEmail(email: string): Promise<Order[]> {
  const docs = await (
    await ordersCollection()
  )
    .find({ email: email.trim().toLowerCase() })
    .sort({ createdAt: -1, _id: -1 })
    .toArray();
  return docs.map((doc) => publicOrder(toRecord(doc)));
}

/** Every order, newest first (Manage Orders). */
export async function listAllOrders(): Promise<Order[]> {
  const docs = await (await ordersCollection()).find({}).sort({ createdAt: -1, _id: -1 }).toArray();
  return docs.map((doc) => publicOrder(toRecord(doc)));
}

/**
 * Deletes an unpaid order and gives its quantity back to the product's stock. The delete is
 * conditional on `paid: false`, so an order that turned paid meanwhile is never deleted.
 */
export async function deleteUnpaidOrder(id: string): Promise<'deleted' | 'paid' | 'missing'> {
  const _id = toObjectId(id);
  if (!_id) return 'missing';
  const { orders, products } = collections(await getDb());
  const deleted = await orders.findOneAndDelete({ _id, paid: false });
  if (deleted) {
    await products.updateOne(
      { _id: deleted.productId },
      { $inc: { availableQuantity: deleted.quantity } },
    );
    return 'deleted';
  }
  return (await orders.countDocuments({ _id }, { limit: 1 })) > 0 ? 'paid' : 'missing';
}

/**
 * Stores a PaymentIntent id on an unpaid order, only if the order still has `expected` (or
 * none when `expected` is null): concurrent page loads agree on one intent.
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
    { _id, paid: false, paymentIntentId: expected ?? { $exists: false } },
    { $set: { paymentIntentId } },
  );
  return result.matchedCount === 1;
}

/**
 * Marks an order paid with a PaymentIntent the caller has verified with Stripe. Conditional on
 * `paid: false` and on it being the intent stored on the order, so replays, races and double
 * clicks mark it paid exactly once, with one transaction id.
 */
export async function markOrderPaid(
  id: string,
  paymentIntentId: string,
): Promise<'paid' | 'already_paid' | 'mismatch' | 'missing'> {
  const _id = toObjectId(id);
  if (!_id) return 'missing';
  const orders = await ordersCollection();
  const result = await orders.updateOne(
    { _id, paid: false, paymentIntentId },
    { $set: { paid: true, transactionId: paymentIntentId, paidAt: new Date() } },
  );
  if (result.modifiedCount === 1) return 'paid';
  const doc = await orders.findOne({ _id });
  if (!doc) return 'missing';
  if (doc.paid && doc.transactionId === paymentIntentId) return 'already_paid';
  return 'mismatch';
}
