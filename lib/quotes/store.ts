import 'server-only';
import { ObjectId, type Filter, type UpdateFilter } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { collections } from './collections';
import type { QuoteDoc } from './collections';
import type { OutboxEntry, OutboxPush } from '@/lib/core/mail/outbox';
import { centsToDollars } from '@/lib/core/money';
import {
  quoteStatusesBefore,
  viewStatus,
  type QuoteActor,
  type QuoteStatus,
  type QuoteViewStatus,
} from '@/lib/quotes/status';
import { toDay } from '@/lib/core/dates';
import { takeCounterValue } from '@/lib/core/counters';
import { toObjectId } from '@/lib/core/db/ids';

/**
 * The quotes collection: queries and the conditional updates that move a quote between its
 * states (lib/quotes decides the rules). Each change is ONE update (`transitionQuote`) whose
 * filter names the states the transition table (lib/quotes/status.ts) lets it start from, so of
 * concurrent changes exactly one wins; the mails a change sends
 * are queued in that same update (`outbox`). Expiry is decided in the queries: an answered
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
  /** The quoted price of one unit in dollars; null until answered. */
  unitPrice: number | null;
  /** quantity x unit price in dollars (computed in cents); null until answered. */
  total: number | null;
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
}

export function quoteRecord(doc: QuoteDoc, now = new Date()): QuoteRecord {
  const cents = doc.unitPriceCents ?? null;
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
    total: cents === null ? null : centsToDollars(cents * doc.quantity),
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
  };
}

export function publicQuote(record: QuoteRecord): Quote {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { userId, unitPriceCents, storedStatus, ...quote } = record;
  return quote;
}

async function quotesCollection() {
  return collections(await getDb()).quotes;
}

/** The readable reference of a quote: `Q-<year>-<6 digits>`, from the `quote-<year>` counter. */
export function quoteReference(year: number, value: number): string {
  return `Q-${year}-${String(value).padStart(6, '0')}`;
}

export interface NewQuote {
  product: { _id: string; name: string; sku?: string | null };
  user: { id: string; name: string; email: string };
  quantity: number;
  neededBy?: Date;
  address: string;
  phone: string;
  note?: string;
  /** Mails queued with the new quote (the store's "quote requested"). */
  outbox: OutboxEntry[];
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
    productId: new ObjectId(input.product._id),
    productName: input.product.name,
    ...(input.product.sku ? { sku: input.product.sku } : {}),
    userId: new ObjectId(input.user.id),
    userName: input.user.name,
    email: input.user.email,
    quantity: input.quantity,
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

/** The outcome of a conditional change: the quote after it, or as it is now (lost or refused). */
export type QuoteChange =
  { ok: true; quote: QuoteRecord } | { ok: false; current: QuoteRecord | null };

/** A move of a quote: its new status, who makes it, and what else must hold and change. */
interface QuoteMove {
  to: QuoteStatus;
  by: QuoteActor;
  /** More conditions the quote must meet (its buyer, its claim, its answer...). */
  where?: Filter<QuoteDoc>;
  /** The fields written with the new status (`status` itself is set here). */
  update: UpdateFilter<QuoteDoc> & { $set?: Partial<QuoteDoc> };
}

/**
 * The one write that changes a quote's status: ONE conditional update whose filter is the
 * statuses the table (QUOTE_TRANSITIONS, lib/quotes/status.ts) lets `by` move from to `to`, plus
 * `where`. Of concurrent moves exactly one matches; the others get the quote as it is now.
 */
async function transitionQuote(
  id: string,
  { to, by, where = {}, update }: QuoteMove,
  now: Date,
): Promise<QuoteChange> {
  const _id = toObjectId(id);
  if (!_id) return { ok: false, current: null };
  const quotes = await quotesCollection();
  const filter = {
    _id,
    status: { $in: quoteStatusesBefore(to, by) },
    ...where,
  } as Filter<QuoteDoc>;
  const after = await quotes.findOneAndUpdate(
    filter,
    { ...update, $set: { ...update.$set, status: to } } as UpdateFilter<QuoteDoc>,
    { returnDocument: 'after' },
  );
  if (after) return { ok: true, quote: quoteRecord(after, now) };
  const current = await quotes.findOne({ _id });
  return { ok: false, current: current ? quoteRecord(current, now) : null };
}

/** Answers a requested (or re-answers an answered) quote, queueing the buyer's mail with it. */
export function answerQuote(
  id: string,
  answer: { unitPriceCents: number; validUntil: Date; by: string },
  mails: OutboxPush,
  now = new Date(),
): Promise<QuoteChange> {
  return transitionQuote(
    id,
    {
      to: 'answered',
      by: 'admin',
      update: {
        $set: {
          unitPriceCents: answer.unitPriceCents,
          validUntil: answer.validUntil,
          answeredAt: now,
          answeredBy: new ObjectId(answer.by),
        },
        $unset: { declineReason: '', declinedAt: '', declinedBy: '' },
        $push: { ...mails },
      },
    },
    now,
  );
}

/** Declines a requested or answered quote with a reason, queueing the buyer's mail with it. */
export function declineQuote(
  id: string,
  decline: { reason: string; by: string },
  mails: OutboxPush,
  now = new Date(),
): Promise<QuoteChange> {
  return transitionQuote(
    id,
    {
      to: 'declined',
      by: 'admin',
      update: {
        $set: {
          declineReason: decline.reason,
          declinedAt: now,
          declinedBy: new ObjectId(decline.by),
        },
        $push: { ...mails },
      },
    },
    now,
  );
}

/** How long an accept's claim holds before another accept may take it over (a crash). */
export const ACCEPT_CLAIM_MS = 2 * 60_000;

/**
 * Claims a quote for accepting: answered -> accepting, only by its buyer, only while the
 * answer holds (`validUntil >= now`) and only while its unit price is still the one the buyer
 * saw (`seenUnitPriceCents`): an answer changed meanwhile does not match, so the claim never
 * takes a price nobody accepted. Of concurrent accepts exactly one gets the claim. A claim
 * older than ACCEPT_CLAIM_MS (its request died) may be taken over; the unique index on the
 * order's quote keeps that from placing a second order.
 */
export function claimQuoteForAccept(
  id: string,
  userId: string,
  claim: string,
  seenUnitPriceCents: number,
  now = new Date(),
): Promise<QuoteChange> {
  return transitionQuote(
    id,
    {
      to: 'accepting',
      by: 'buyer',
      where: {
        userId: new ObjectId(userId),
        validUntil: { $gte: now },
        unitPriceCents: seenUnitPriceCents,
        $or: [
          { status: 'answered' },
          {
            status: 'accepting',
            acceptingSince: { $lt: new Date(now.getTime() - ACCEPT_CLAIM_MS) },
          },
        ],
      },
      update: { $set: { acceptClaim: claim, acceptingSince: now } },
    },
    now,
  );
}

/** Gives a claim back (the order could not be placed): accepting -> answered, as before. */
export async function releaseAcceptClaim(id: string, claim: string): Promise<void> {
  await transitionQuote(
    id,
    {
      to: 'answered',
      by: 'buyer',
      where: { acceptClaim: claim },
      update: { $unset: { acceptClaim: '', acceptingSince: '' } },
    },
    new Date(),
  );
}

/** Completes an accept: accepting -> accepted, with the order placed for it. */
export function completeAccept(
  id: string,
  claim: string,
  orderId: string,
  now = new Date(),
): Promise<QuoteChange> {
  return transitionQuote(
    id,
    {
      to: 'accepted',
      by: 'buyer',
      where: { acceptClaim: claim },
      update: {
        $set: { orderId: new ObjectId(orderId), acceptedAt: now },
        $unset: { acceptClaim: '', acceptingSince: '' },
      },
    },
    now,
  );
}
