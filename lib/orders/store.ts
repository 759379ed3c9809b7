import 'server-only';
import { ObjectId, type Filter } from 'mongodb';
import { hasVerifiedEmail } from '@/lib/accounts';
import {
  findProductDocument,
  returnStock,
  takeStock,
  totalCentsFor,
  unitPriceCentsFor,
} from '@/lib/catalogue';
import { getDb } from '@/lib/core/db';
import { collections } from './collections';
import type { OrderDoc, OrderHistoryEntry } from './collections';
import { env } from '@/lib/core/env';
import { centsToDollars } from '@/lib/core/money';
import { LIVE_STATUSES, type CancelReason, type OrderStatus } from '@/lib/orders/lifecycle';
import {
  transition,
  type Actor,
  type ExtraUpdate,
  type TransitionResult,
} from '@/lib/orders/transition';
import type { OutboxEntry } from '@/lib/core/mail/outbox';
import { toObjectId } from '@/lib/core/db/ids';
import { invoiceDetailsUpdate } from './invoice-details';

/** One step of an order's history as pages and the API see it. */
export interface OrderHistoryStep {
  status: OrderStatus;
  at: string;
  /** The acting user's id, or 'system' / 'stripe'. */
  by: string;
  note: string | null;
}

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
  /** The buyer's purchase-order number; null when they gave none. */
  poNumber: string | null;
  /** When the payment was verified; null while unpaid (and for orders paid before it was stored). */
  paidAt: string | null;
  /** The invoice number, issued once the order is paid (lib/invoices); null until then. */
  invoiceNumber: string | null;
  /** Where the order is in its life (lib/orders/lifecycle.ts). */
  status: OrderStatus;
  /** Every status it has had, oldest first, with when, by whom and a note. */
  history: OrderHistoryStep[];
  /** True once paid (status past unpaid), as the spec's flag. */
  paid: boolean;
  transactionId: string | null;
  /** Set once shipped. */
  carrier: string | null;
  trackingNumber: string | null;
  /** The product's part number when it was ordered; null for orders from before part numbers. */
  sku: string | null;
  createdAt: string;
  /**
   * When the order is cancelled if still unpaid, stamped when it was placed: after
   * UNPAID_ORDER_TTL_HOURS, or UNVERIFIED_HOLD_MINUTES for an account whose email was not
   * verified then (see `payByOf`).
   */
  payBy: string;
  /** When the order was cancelled (only unpaid orders are); null for a live order. */
  cancelledAt: string | null;
  cancelReason: CancelReason | null;
  /** The quote this order was placed from (`Q-2026-000001`); null for an ordinary order. */
  quoteReference: string | null;
}

/** An order with what the server needs to check ownership and payments; never sent out. */
export interface OrderRecord extends Order {
  userId: string;
  unitPriceCents: number;
  totalCents: number;
  paymentIntentId: string | null;
}

function toStep(entry: OrderHistoryEntry): OrderHistoryStep {
  return {
    status: entry.status,
    at: entry.at.toISOString(),
    by: typeof entry.by === 'string' ? entry.by : entry.by.toHexString(),
    note: entry.note ?? null,
  };
}

/** An order as stored, as the server's plain record. */
export function orderRecord(doc: OrderDoc): OrderRecord {
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
    poNumber: doc.poNumber ?? null,
    paidAt: doc.paid ? (doc.paidAt?.toISOString() ?? null) : null,
    invoiceNumber: doc.invoiceNumber ?? null,
    status: doc.status,
    history: (doc.history ?? []).map(toStep),
    paid: doc.paid,
    transactionId: doc.paid ? (doc.transactionId ?? null) : null,
    carrier: doc.carrier ?? null,
    trackingNumber: doc.trackingNumber ?? null,
    sku: doc.sku ?? null,
    createdAt: doc.createdAt.toISOString(),
    payBy: payByOf(doc).toISOString(),
    cancelledAt: doc.cancelledAt?.toISOString() ?? null,
    cancelReason: doc.cancelReason ?? null,
    quoteReference: doc.quoteReference ?? null,
    userId: doc.userId?.toHexString() ?? '',
    unitPriceCents: doc.unitPriceCents,
    totalCents: doc.totalCents,
    paymentIntentId: doc.paymentIntentId ?? null,
  };
}

/** The public view of an order record. */
export function publicOrder(record: OrderRecord): Order {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { userId, unitPriceCents, totalCents, paymentIntentId, ...order } = record;
  return order;
}

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
function pastPayBy(now: Date): Filter<OrderDoc> {
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

async function ordersCollection() {
  return collections(await getDb()).orders;
}

/**
 * The one definition of a live order: any status but cancelled. Lists use it; payments,
 * deletes and the expiry move only unpaid orders (`status: 'unpaid'`), which are live.
 */
const liveOrder = { status: { $in: [...LIVE_STATUSES] } } satisfies Filter<OrderDoc>;

/** Gives an order's quantity back to its product's stock. */
async function restock(order: Pick<OrderDoc, 'productId' | 'quantity'>): Promise<void> {
  await returnStock(order.productId, order.quantity);
}

/** How many unpaid, live orders this buyer has. */
async function countUnpaidOrders(userId: ObjectId): Promise<number> {
  const count = await (await ordersCollection()).countDocuments({ userId, status: 'unpaid' });
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
function roomByHint(userId: ObjectId, max: number): boolean {
  const hint = unpaidCountHints.get(userId.toHexString());
  return hint !== undefined && hint + 1 <= max;
}

export type PlaceOrderResult =
  | { ok: true; insertedId: string }
  | { ok: false; reason: 'product_not_found' }
  | { ok: false; reason: 'below_minimum'; minimum: number }
  | { ok: false; reason: 'out_of_stock'; available: number }
  | { ok: false; reason: 'total_too_large' }
  | { ok: false; reason: 'too_many_unpaid'; max: number }
  | { ok: false; reason: 'quote_already_ordered'; orderId: string };

/** The terms of an accepted quote an order is placed on (lib/quotes). */
export interface QuotedTerms {
  quoteId: string;
  reference: string;
  /** The quoted price of one unit, in cents: it replaces the product's price list. */
  unitPriceCents: number;
}

type PlaceOrderInput = {
  productId: string;
  quantity: number;
  address: string;
  phone: string;
  /** The buyer's purchase-order number, if any (validated: trimmed, non-empty). */
  poNumber?: string;
  user: { id: string; name: string; email: string };
  /** The most unpaid orders the buyer may hold. */
  maxUnpaid: number;
  /**
   * How long the order holds its stock unpaid, from now: stamped on it as `expiresAt`
   * (lib/orders/rules.ts `holdFor`, from the buyer's account when ordering).
   */
  holdMs: number;
  /**
   * Mails the new order carries in its `outbox` from its insert (lib/orders/mails.ts), so an
   * order that is written has them and one that is not (refused, or stepped back over the cap)
   * sends none.
   */
  outbox?: OutboxEntry[];
  /**
   * An order placed by accepting a quote: priced at the quoted unit price instead of the
   * product's price list, and carrying the quote's id and reference (one order per quote: a
   * unique index refuses a second, answered as `quote_already_ordered`).
   */
  quote?: QuotedTerms;
};

/** How many times an order that met a full cap in a burst tries again. */
const CAP_ATTEMPTS = 3;

/**
 * Places an order. The stock is reserved by ONE conditional atomic update on the product
 * (`availableQuantity >= quantity` and the product's own minimum in the filter, `$inc` by
 * `-quantity`), so concurrent buyers can never take the stock below zero. The product's name,
 * picture and description are copied from that same document, and the unit price is the one
 * its price list gives this quantity (its volume tier, lib/catalogue/pricing.ts); the total is
 * quantity x unit price in integer cents, and every later amount (payment, invoice, mails)
 * comes from the order. If writing the order fails, the reserved stock is given back.
 *
 * A buyer may hold at most `maxUnpaid` unpaid orders. Besides a quick check first (skipped when
 * the last count read for the buyer left room for this order), the
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
  const { orders } = collections(await getDb());
  const quantity = input.quantity;
  const max = input.maxUnpaid;
  // The quick check: a buyer at the cap is refused without touching the stock. Skipped when the
  // last count this process read for them left room (most orders), which saves a count per order;
  // the count after the insert below holds the cap either way.
  if (!roomByHint(buyerId, max) && (await countUnpaidOrders(buyerId)) >= max) {
    return { ok: false, reason: 'too_many_unpaid', max };
  }

  const product = await takeStock(productId, quantity);
  if (!product) {
    const current = await findProductDocument(productId);
    if (!current) return { ok: false, reason: 'product_not_found' };
    if (quantity < current.minimumOrderQuantity) {
      return { ok: false, reason: 'below_minimum', minimum: current.minimumOrderQuantity };
    }
    return { ok: false, reason: 'out_of_stock', available: Math.max(0, current.availableQuantity) };
  }

  const giveBack = () => restock({ productId, quantity });

  // The price list of the very document the stock was reserved from, or the quoted price.
  const quote = input.quote;
  const unitPriceCents = quote ? quote.unitPriceCents : unitPriceCentsFor(product, quantity);
  if (unitPriceCents === null) {
    await giveBack();
    return { ok: false, reason: 'below_minimum', minimum: product.minimumOrderQuantity };
  }
  const totalCents = quote ? quotedTotalCents(quote, quantity) : totalCentsFor(product, quantity);
  if (totalCents === null) {
    await giveBack();
    return { ok: false, reason: 'total_too_large' };
  }

  const createdAt = new Date();
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
    unitPriceCents,
    ...(product.sku ? { sku: product.sku } : {}),
    totalCents,
    address: input.address,
    phone: input.phone,
    ...(input.poNumber ? { poNumber: input.poNumber } : {}),
    status: 'unpaid',
    history: [{ status: 'unpaid', at: createdAt, by: buyerId, note: null }],
    paid: false,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + input.holdMs),
    ...(input.outbox?.length ? { outbox: input.outbox } : {}),
    ...(quote ? { quoteId: new ObjectId(quote.quoteId), quoteReference: quote.reference } : {}),
  };
  try {
    await orders.insertOne(doc);
  } catch (error) {
    await giveBack();
    if (quote && (error as { code?: number }).code === 11000) {
      const existing = await orders.findOne({ quoteId: new ObjectId(quote.quoteId) });
      if (existing) {
        return { ok: false, reason: 'quote_already_ordered', orderId: existing._id.toHexString() };
      }
    }
    throw error;
  }
  if ((await countUnpaidOrders(buyerId)) > max) {
    // Never seen by anyone (the cap refused it): removed, not cancelled.
    const { deletedCount } = await orders.deleteOne({ _id: doc._id, status: 'unpaid' });
    if (deletedCount === 1) await giveBack();
    return { ok: false, reason: 'too_many_unpaid', max };
  }
  return { ok: true, insertedId: doc._id.toHexString() };
}

/** quantity x the quoted unit price in integer cents; null past exact integers. */
function quotedTotalCents(quote: QuotedTerms, quantity: number): number | null {
  if (!Number.isSafeInteger(quote.unitPriceCents) || quote.unitPriceCents <= 0) return null;
  const total = quote.unitPriceCents * quantity;
  return Number.isSafeInteger(total) ? total : null;
}

/** One order by its id string; null when the id is malformed or unknown. */
export async function findOrder(id: string): Promise<OrderRecord | null> {
  const _id = toObjectId(id);
  if (!_id) return null;
  const doc = await (await ordersCollection()).findOne({ _id });
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

/** Gives a cancelled order's stock back: called once, by the move that cancelled it. */
async function restockCancelled(result: TransitionResult): Promise<TransitionResult> {
  if (result.ok) await restock(result.order);
  return result;
}

/**
 * Cancels an unpaid order (its buyer's delete, an admin's delete or cancel) and gives its
 * quantity back to the product's stock. The move is `transition()`'s one conditional update
 * from `unpaid`, so of any number of concurrent cancels exactly one succeeds and the stock
 * comes back once; an order that turned paid or was cancelled meanwhile is left as it is.
 */
export async function cancelUnpaidOrder(
  id: string,
  by: Actor,
  reason: Exclude<CancelReason, 'expired'>,
  options: { note?: string | null; extraUpdate?: ExtraUpdate } = {},
): Promise<TransitionResult> {
  return restockCancelled(
    await transition({ id, from: 'unpaid', to: 'cancelled', reason, by, ...options }),
  );
}

/** Unpaid live orders past their time to be paid at `now` (see `payByOf`), oldest first. */
export async function findOverdueOrders(now: Date, limit = 100): Promise<OrderRecord[]> {
  const docs = await (
    await ordersCollection()
  )
    .find({ status: 'unpaid', ...pastPayBy(now) })
    .sort({ createdAt: 1 })
    .limit(limit)
    .toArray();
  return docs.map(orderRecord);
}

/**
 * Cancels an unpaid order overdue at `now` (past its own deadline, see `payByOf`) and gives its
 * stock back, through the same `transition()` as every cancel: the order must still be unpaid,
 * overdue, and carry `paymentIntentId` (the intent the caller has just canceled at Stripe, or
 * none), so of concurrent sweeps exactly one cancels it and the stock comes back once; an
 * intent attached meanwhile leaves the order for the next sweep.
 */
export async function cancelOverdueOrder(
  id: string,
  paymentIntentId: string | null,
  now = new Date(),
  extraUpdate?: ExtraUpdate,
): Promise<boolean> {
  const result = await restockCancelled(
    await transition({
      id,
      from: 'unpaid',
      to: 'cancelled',
      reason: 'expired',
      by: { kind: 'system' },
      note: 'Not paid in time',
      where: {
        ...pastPayBy(now),
        paymentIntentId: paymentIntentId ?? { $exists: false },
      },
      extraUpdate,
      at: now,
    }),
  );
  return result.ok;
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
    { _id, status: 'unpaid', paymentIntentId: expected ?? { $exists: false } },
    { $set: { paymentIntentId } },
  );
  return result.matchedCount === 1;
}

/**
 * Marks an order paid with a PaymentIntent the caller has verified with Stripe: the
 * `transition()` from `unpaid` to `paid`, conditional on it being the intent stored on the
 * order, so replays, races and double clicks mark it paid exactly once, with one transaction
 * id. The same update freezes what its invoice prints about the buyer and the part
 * (`invoiceDetails`, lib/orders/invoice-details.ts). A replay of the same payment answers
 * 'already_paid' (also once the order has moved on).
 */
export async function markOrderPaid(
  id: string,
  paymentIntentId: string,
  extraUpdate?: ExtraUpdate,
): Promise<'paid' | 'already_paid' | 'cancelled' | 'mismatch' | 'missing'> {
  const invoice = await invoiceDetailsUpdate(id);
  const result = await transition({
    id,
    from: 'unpaid',
    to: 'paid',
    transactionId: paymentIntentId,
    by: { kind: 'stripe' },
    where: { paymentIntentId },
    extraUpdate: invoice
      ? { ...extraUpdate, $set: { ...extraUpdate?.$set, ...invoice } }
      : extraUpdate,
  });
  if (result.ok) return 'paid';
  if (result.reason !== 'changed') return 'missing';
  const doc = result.current;
  if (doc.paid && doc.transactionId === paymentIntentId) return 'already_paid';
  if (doc.status === 'cancelled') return 'cancelled';
  return 'mismatch';
}

/**
 * Gives orders their invoice numbers, each only where it has none (`invoiceNumber` is never
 * overwritten), in one round trip.
 */
export async function setInvoiceNumbers(
  assignments: Array<{ orderId: string; invoiceNumber: string }>,
): Promise<void> {
  const operations = assignments.flatMap(({ orderId, invoiceNumber }) => {
    const _id = toObjectId(orderId);
    return _id
      ? [
          {
            updateOne: {
              filter: { _id, invoiceNumber: { $exists: false } },
              update: { $set: { invoiceNumber } },
            },
          },
        ]
      : [];
  });
  if (operations.length) await (await ordersCollection()).bulkWrite(operations, { ordered: false });
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
  const { orders } = collections(await getDb());
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
