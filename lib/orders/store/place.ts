import 'server-only';
import { ObjectId } from 'mongodb';
import { findProductDocument, takeStock, totalCentsFor, unitPriceCentsFor } from '@/lib/catalogue';
import type { OutboxEntry } from '@/lib/core/mail/outbox';
import { toObjectId } from '@/lib/core/db/ids';
import type { OrderDoc } from '../collections';
import { ordersCollection, restock } from './collection';

/** Placing an order: the stock reservation, the insert and the unpaid-orders cap. */

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
  const orders = await ordersCollection();
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
