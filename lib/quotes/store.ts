import 'server-only';
import { ObjectId, type Filter } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { collections } from './collections';
import type { QuoteDoc } from './collections';
import type { OutboxEntry } from '@/lib/core/mail/outbox';
import { centsToDollars } from '@/lib/core/money';
import { viewStatus, type QuoteViewStatus } from '@/lib/quotes/status';
import { toDay } from '@/lib/core/dates';
import { takeCounterValue } from '@/lib/core/counters';
import { toObjectId } from '@/lib/core/db/ids';
import { isListQuote, linesOfQuote, listQuoteName, quoteTotalCents, type QuoteLine } from './lines';

/**
 * The quotes collection: the new quote and the queries (lib/quotes decides the rules; the moves
 * between states are lib/quotes/transition.ts). Expiry is decided in the queries: an answered
 * quote whose `validUntil` has passed is expired, whatever any background job did or did not.
 */

/** A quote as the pages and the API see it: string ids, money in dollars, days as `YYYY-MM-DD`. */
export interface Quote {
  _id: string;
  /** `Q-2026-000001`. */
  reference: string;
  productId: string;
  productName: string;
  sku: string | null;
  buyer: { name: string; email: string };
  quantity: number;
  neededBy: string | null;
  address: string;
  phone: string;
  note: string | null;
  status: QuoteViewStatus;
  /**
   * The quoted price of one unit in dollars; null until answered, and always null for a quote
   * of several lines (each line has its own: `lines`).
   */
  unitPrice: number | null;
  /** The sum of the lines' totals in dollars (computed in cents); null until answered. */
  total: number | null;
  /**
   * What is asked, line by line (one line for a quote of one product), each with its quoted
   * unit price and total in cents once answered.
   */
  lines: QuoteLine[];
  /** Until when the answer holds (the end of its day, UTC); null until answered. */
  validUntil: string | null;
  declineReason: string | null;
  /** The order placed by accepting it; null before. */
  orderId: string | null;
  createdAt: string;
  answeredAt: string | null;
  declinedAt: string | null;
  acceptedAt: string | null;
}

/** A quote with what the server needs; never sent out. */
export interface QuoteRecord extends Quote {
  userId: string;
  unitPriceCents: number | null;
  /** The stored status (`answered` also when expired). */
  storedStatus: QuoteDoc['status'];
  /** Whether it was asked for an order list (stored with `lines`, accepted by `unitPrices`). */
  list: boolean;
}

export function quoteRecord(doc: QuoteDoc, now = new Date()): QuoteRecord {
  const list = isListQuote(doc);
  const cents = list ? null : (doc.unitPriceCents ?? null);
  const lines = linesOfQuote(doc);
  const totalCents = quoteTotalCents(lines);
  return {
    _id: doc._id.toHexString(),
    reference: doc.reference,
    productId: doc.productId.toHexString(),
    productName: doc.productName,
    sku: doc.sku ?? null,
    buyer: { name: doc.userName, email: doc.email },
    quantity: doc.quantity,
    neededBy: doc.neededBy ? toDay(doc.neededBy) : null,
    address: doc.address,
    phone: doc.phone,
    note: doc.note ?? null,
    status: viewStatus(doc, now),
    unitPrice: cents === null ? null : centsToDollars(cents),
    total: totalCents === null ? null : centsToDollars(totalCents),
    lines,
    validUntil: doc.validUntil?.toISOString() ?? null,
    declineReason: doc.declineReason ?? null,
    orderId: doc.orderId?.toHexString() ?? null,
    createdAt: doc.createdAt.toISOString(),
    answeredAt: doc.answeredAt?.toISOString() ?? null,
    declinedAt: doc.declinedAt?.toISOString() ?? null,
    acceptedAt: doc.acceptedAt?.toISOString() ?? null,
    userId: doc.userId.toHexString(),
    unitPriceCents: cents,
    storedStatus: doc.status,
    list,
  };
}

export function publicQuote(record: QuoteRecord): Quote {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { userId, unitPriceCents, storedStatus, list, ...quote } = record;
  return quote;
}

async function quotesCollection() {
  return collections(await getDb()).quotes;
}

/** The readable reference of a quote: `Q-<year>-<6 digits>`, from the `quote-<year>` counter. */
export function quoteReference(year: number, value: number): string {
  return `Q-${year}-${String(value).padStart(6, '0')}`;
}

/** A product as a quote names it: its id, name and part number when asked. */
type QuotedProduct = { _id: string; name: string; sku?: string | null };

/** What is asked: one product and a quantity, or the lines of an order list. */
export type QuoteAsk =
  | { product: QuotedProduct; quantity: number }
  | { lines: ReadonlyArray<{ product: QuotedProduct; quantity: number }> };

export type NewQuote = QuoteAsk & {
  user: { id: string; name: string; email: string };
  neededBy?: Date;
  address: string;
  phone: string;
  note?: string;
  /** Mails queued with the new quote (the store's "quote requested"). */
  outbox: OutboxEntry[];
};

/** The stored fields of what is asked: the flat ones, and the lines of a list. */
function askedFields(
  ask: QuoteAsk,
): Pick<QuoteDoc, 'productId' | 'productName' | 'sku' | 'quantity' | 'lines'> {
  if ('product' in ask) {
    return {
      productId: new ObjectId(ask.product._id),
      productName: ask.product.name,
      ...(ask.product.sku ? { sku: ask.product.sku } : {}),
      quantity: ask.quantity,
    };
  }
  const lines = ask.lines.map(({ product, quantity }) => ({
    productId: new ObjectId(product._id),
    name: product.name,
    ...(product.sku ? { sku: product.sku } : {}),
    quantity,
  }));
  const first = lines[0]!;
  return {
    productId: first.productId,
    productName: listQuoteName(first.name, lines.length),
    ...(first.sku ? { sku: first.sku } : {}),
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    lines,
  };
}

/**
 * Stores a new requested quote with its reference: the next value of this year's counter,
 * taken by one atomic update (lib/core/counters.ts) for the quote's own id before it is written.
 */
export async function insertQuote(input: NewQuote, now = new Date()): Promise<QuoteRecord> {
  const _id = new ObjectId();
  const year = now.getUTCFullYear();
  const { value } = await takeCounterValue(`quote-${year}`, _id.toHexString(), { neighbours: 0 });
  const doc: QuoteDoc = {
    _id,
    reference: quoteReference(year, value),
    ...askedFields(input),
    userId: new ObjectId(input.user.id),
    userName: input.user.name,
    email: input.user.email,
    ...(input.neededBy ? { neededBy: input.neededBy } : {}),
    address: input.address,
    phone: input.phone,
    ...(input.note ? { note: input.note } : {}),
    status: 'requested',
    createdAt: now,
    ...(input.outbox.length ? { outbox: input.outbox } : {}),
  };
  await (await quotesCollection()).insertOne(doc);
  return quoteRecord(doc, now);
}

export async function findQuote(id: string, now = new Date()): Promise<QuoteRecord | null> {
  const _id = toObjectId(id);
  if (!_id) return null;
  const doc = await (await quotesCollection()).findOne({ _id });
  return doc ? quoteRecord(doc, now) : null;
}

/** The query of one shown status; `expired` and `answered` split on `validUntil` at `now`. */
function statusFilter(status: QuoteViewStatus, now: Date): Filter<QuoteDoc> {
  if (status === 'expired') return { status: 'answered', validUntil: { $lt: now } };
  if (status === 'answered') return { status: 'answered', validUntil: { $gte: now } };
  return { status };
}

/** Quotes, newest first: a buyer's own (`userId`) or everyone's, optionally in one status. */
export async function listQuotes(
  { userId, status }: { userId?: string; status?: QuoteViewStatus },
  now = new Date(),
): Promise<Quote[]> {
  const filter: Filter<QuoteDoc> = {};
  if (userId !== undefined) {
    const _id = toObjectId(userId);
    if (!_id) return [];
    filter.userId = _id;
  }
  const docs = await (
    await quotesCollection()
  )
    .find({ ...filter, ...(status ? statusFilter(status, now) : {}) })
    .sort({ createdAt: -1, _id: -1 })
    .limit(500)
    .toArray();
  return docs.map((doc) => publicQuote(quoteRecord(doc, now)));
}
