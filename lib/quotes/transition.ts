import 'server-only';
import { ObjectId, type Filter, type UpdateFilter } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { toObjectId } from '@/lib/core/db/ids';
import type { OutboxPush } from '@/lib/core/mail/outbox';
import { collections, type QuoteDoc } from './collections';
import { quoteStatusesBefore, type QuoteActor, type QuoteStatus } from './status';
import { quoteRecord, type QuoteRecord } from './store';

/**
 * The moves of a quote between its states: answer, decline, claim for accepting, give the claim
 * back, complete the accept. Each is ONE conditional update (`transitionQuote`) whose filter
 * names the states the transition table (QUOTE_TRANSITIONS, lib/quotes/status.ts) lets it start
 * from, so of concurrent moves exactly one wins; the mails a move sends are queued in that same
 * update (`outbox`). The reads and the new quote are lib/quotes/store.ts.
 */

/**
 * The outcome of a conditional change, as lib/orders/transition.ts words it: the quote after
 * it; `missing` when there is no such quote; `changed` when the quote is not (or no longer) in
 * a state the move starts from, with the quote as it is now.
 */
export type QuoteChange =
  | { ok: true; quote: QuoteRecord }
  | { ok: false; reason: 'missing' }
  | { ok: false; reason: 'changed'; current: QuoteRecord };

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
  if (!_id) return { ok: false, reason: 'missing' };
  const { quotes } = collections(await getDb());
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
  return current
    ? { ok: false, reason: 'changed', current: quoteRecord(current, now) }
    : { ok: false, reason: 'missing' };
}

/**
 * The quoted prices as stored: the flat `unitPriceCents` of a quote for one product, or each
 * line's `lines.<i>.unitPriceCents` of a quote for a list (`unitPricesCents` in line order).
 */
function priceFields(unitPricesCents: readonly number[], list: boolean): Record<string, number> {
  if (!list) return { unitPriceCents: unitPricesCents[0]! };
  return Object.fromEntries(
    unitPricesCents.map((cents, index) => [`lines.${index}.unitPriceCents`, cents]),
  );
}

/**
 * Answers a requested (or re-answers an answered) quote, queueing the buyer's mail with it.
 * `unitPricesCents` holds one price per line, in the quote's line order (one for a quote of
 * one product); the update also requires the quote to still have that many lines.
 */
export function answerQuote(
  id: string,
  answer: { unitPricesCents: readonly number[]; list: boolean; validUntil: Date; by: string },
  mails: OutboxPush,
  now = new Date(),
): Promise<QuoteChange> {
  return transitionQuote(
    id,
    {
      to: 'answered',
      by: 'admin',
      where: answer.list
        ? { lines: { $size: answer.unitPricesCents.length } }
        : { lines: { $exists: false } },
      update: {
        $set: {
          ...priceFields(answer.unitPricesCents, answer.list),
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
 * answer holds (`validUntil >= now`) and only while its unit prices are still the ones the
 * buyer saw (`seen`: one per line in line order, one for a quote of one product): an answer
 * changed meanwhile does not match, so the claim never takes a price nobody accepted. Of concurrent accepts exactly one gets the claim. A claim
 * older than ACCEPT_CLAIM_MS (its request died) may be taken over; the unique index on the
 * order's quote keeps that from placing a second order.
 */
export function claimQuoteForAccept(
  id: string,
  userId: string,
  claim: string,
  seen: { unitPricesCents: readonly number[]; list: boolean },
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
        ...(seen.list
          ? { lines: { $size: seen.unitPricesCents.length } }
          : { lines: { $exists: false } }),
        ...priceFields(seen.unitPricesCents, seen.list),
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
