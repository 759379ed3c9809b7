import 'server-only';
import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import {
  forgetOldStockMoves,
  forgetTakes,
  giveBackTake,
  giveStockOnce,
  oldTakes,
  takeStockOnce,
  voidStockMove,
  type ProductDoc,
} from '@/lib/catalogue';
import { giveBackCredit } from '@/lib/terms';
import { isPaidStatus } from './lifecycle';
import { concurrencyLimit } from '@/lib/core/concurrency';
import { getDb } from '@/lib/core/db';
import { faultPoint } from '@/lib/core/faults';
import { collections, type OrderDoc } from './collections';
import { linesOf } from './store/lines';

/**
 * An order's stock, all or nothing, without transactions. Every movement of stock for an order
 * is recorded intent:
 *
 * - Placing: the order is written first, in `reserving`, with its intended lines and a claim
 *   (a random token valid CLAIM_MS); then each line's stock is taken by one conditional update
 *   of its product that also leaves a marker `<orderId>:take` (lib/catalogue/stock-moves.ts),
 *   and the line is recorded on the order (`reserved`); only the holder of the claim records.
 *   When every line is taken the order is committed (`unpaid`); when one is short, the lines
 *   taken are given back (`<orderId>:give`, recorded in `released`) and the order removed.
 * - Cancelling (a buyer's delete, an admin's cancel, the expiry): the same update that cancels
 *   the order sets `stockPending`; each reserved line is then given back and recorded in
 *   `released`, and `stockPending` cleared when none is left.
 *
 * A crash (or a stalled request) at any point leaves an order whose lists say what is left to
 * do, and the product markers say what happened to a line the order did not get to record. The
 * sweep (`settleOrderStock`) takes over a `reserving` order whose claim ran out, voids the take
 * of every unrecorded line (a stalled request can then no longer take it), gives back every line
 * taken and removes the order; and it finishes the give-backs of every order left
 * `stockPending`. Takes and gives are keyed, so each happens once however often it is retried.
 */

/** How long a request placing an order holds it before the sweep may take it over. */
export const CLAIM_MS = 60_000;

/** How many lines of one order are taken (or given back) at once. */
const LINE_CONCURRENCY = 8;

/** A line whose stock is taken: the product and the quantity. */
export interface StockLine {
  productId: ObjectId;
  quantity: number;
}

async function orders() {
  return collections(await getDb()).orders;
}

export const takeKey = (orderId: ObjectId) => `${orderId.toHexString()}:take`;
export const giveKey = (orderId: ObjectId) => `${orderId.toHexString()}:give`;

/** A fresh claim for a request that works on an order's stock. */
export function newClaim(now = new Date()): NonNullable<OrderDoc['claim']> {
  return { token: randomBytes(12).toString('hex'), until: new Date(now.getTime() + CLAIM_MS) };
}

/**
 * Runs `work` for each line, LINE_CONCURRENCY at a time, in order of the lines. When one fails,
 * the others still end (none is left running behind the caller) and the first failure is
 * thrown.
 */
async function eachLine<T>(
  lines: readonly StockLine[],
  work: (line: StockLine, index: number) => Promise<T>,
): Promise<T[]> {
  const limit = concurrencyLimit(LINE_CONCURRENCY);
  const outcomes = await Promise.allSettled(
    lines.map((line, index) => limit(() => work(line, index))),
  );
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<T>).value);
}

/** The claim was lost: the sweep took the order over; this request stops touching it. */
export class LostClaim extends Error {
  constructor() {
    super('The order was taken over by the stock sweep.');
    this.name = 'LostClaim';
  }
}

export type ReserveOutcome =
  | { ok: true; products: Map<string, ProductDoc> }
  | {
      ok: false;
      short: Array<{ productId: ObjectId; quantity: number; available: number; missing: boolean }>;
    };

/**
 * Takes the stock of every line of the `reserving` order `orderId` (held with `token`),
 * recording each on the order. Answers the products as they were when taken (they price the
 * lines), or, when some line is short, every short line with what is available; the lines taken
 * are then given back before answering, and the order is left for its caller to remove.
 */
export async function reserveOrderStock(
  orderId: ObjectId,
  token: string,
  lines: readonly StockLine[],
): Promise<ReserveOutcome> {
  const collection = await orders();
  const key = takeKey(orderId);
  const products = new Map<string, ProductDoc>();
  const short: Extract<ReserveOutcome, { ok: false }>['short'] = [];
  const taken: StockLine[] = [];
  await eachLine(lines, async (line) => {
    const result = await takeStockOnce(line.productId, key, line.quantity);
    await faultPoint('reserve:after-take');
    if (result.status === 'taken' || result.status === 'already') {
      taken.push(line);
      products.set(line.productId.toHexString(), result.product);
      const { matchedCount } = await collection.updateOne(
        { _id: orderId, status: 'reserving', 'claim.token': token },
        { $addToSet: { reserved: line.productId } },
      );
      if (matchedCount !== 1) throw new LostClaim();
      await faultPoint('reserve:after-record');
      return;
    }
    short.push({
      productId: line.productId,
      quantity: line.quantity,
      available: result.status === 'short' ? Math.max(0, result.product.availableQuantity) : 0,
      missing: result.status !== 'short',
    });
  });
  if (!short.length) return { ok: true, products };
  await releaseOrderStock({ _id: orderId, stockMarkers: true }, taken);
  return { ok: false, short };
}

/**
 * Gives back the stock of `lines` of `order`, each once, recording each in `released`; then
 * clears `stockPending` when every reserved line is released. An order whose takes left markers
 * gives each back by removing its marker (`giveBackTake`); one placed before markers gives back
 * under its own give key.
 */
export async function releaseOrderStock(
  order: Pick<OrderDoc, '_id' | 'stockMarkers'>,
  lines: readonly StockLine[],
): Promise<void> {
  const collection = await orders();
  const orderId = order._id;
  await eachLine(lines, async (line) => {
    if (order.stockMarkers) await giveBackTake(line.productId, takeKey(orderId), line.quantity);
    else await giveStockOnce(line.productId, giveKey(orderId), line.quantity);
    await faultPoint('release:after-give');
    await collection.updateOne({ _id: orderId }, { $addToSet: { released: line.productId } });
    await faultPoint('release:after-record');
  });
  await collection.updateOne(
    {
      _id: orderId,
      stockPending: true,
      // Every line held (as `heldLines` reads it) is released.
      $expr: {
        $setIsSubset: [
          { $ifNull: ['$reserved', { $ifNull: ['$lines.productId', ['$productId']] }] },
          { $ifNull: ['$released', []] },
        ],
      },
    },
    { $unset: { stockPending: '' } },
  );
}

/**
 * The lines of `doc` reserved and not yet released, with their quantities. An order placed
 * before orders recorded their stock holds every line's (its one line, taken when it was placed).
 */
export function heldLines(doc: OrderDoc): StockLine[] {
  const lines = linesOf(doc);
  const reserved = new Set(
    (doc.reserved ?? lines.map((line) => line.productId)).map((id) => id.toHexString()),
  );
  const released = new Set((doc.released ?? []).map((id) => id.toHexString()));
  return lines
    .filter(
      (line) =>
        reserved.has(line.productId.toHexString()) && !released.has(line.productId.toHexString()),
    )
    .map(({ productId, quantity }) => ({ productId, quantity }));
}

/**
 * Takes over a `reserving` order whose claim ran out and undoes it: voids the take of each line
 * it did not record (or records it, when the take happened), gives back every line taken and
 * removes the order. Answers false when another sweep or the request holds it.
 */
async function abandonReserving(doc: OrderDoc, now: Date): Promise<boolean> {
  const collection = await orders();
  const claim = newClaim(now);
  const taken = await collection.findOneAndUpdate(
    { _id: doc._id, status: 'reserving', 'claim.until': { $lt: now } },
    { $set: { claim, stockPending: true } },
    { returnDocument: 'after' },
  );
  if (!taken) return false;
  const recorded = new Set((taken.reserved ?? []).map((id) => id.toHexString()));
  await eachLine(
    (taken.lines ?? []).filter((line) => !recorded.has(line.productId.toHexString())),
    async (line) => {
      if ((await voidStockMove(line.productId, takeKey(taken._id), now)) === 'moved') {
        await collection.updateOne(
          { _id: taken._id, 'claim.token': claim.token },
          { $addToSet: { reserved: line.productId } },
        );
      }
    },
  );
  const current = await collection.findOne({ _id: taken._id, 'claim.token': claim.token });
  if (!current) return false;
  await giveBackCreditOf(current);
  await releaseOrderStock(current, heldLines(current));
  await faultPoint('abandon:before-remove');
  await collection.deleteOne({ _id: current._id, 'claim.token': claim.token });
  return true;
}

/** The credit an order on account holds, given back to its company (once; nothing otherwise). */
export async function giveBackCreditOf(doc: OrderDoc): Promise<void> {
  if (doc.account && doc.companyId) {
    await giveBackCredit(doc.companyId.toHexString(), doc._id.toHexString());
  }
}

/**
 * The stock sweep: undoes every `reserving` order whose claim ran out, finishes the give-backs
 * of every order left `stockPending` (a cancel interrupted halfway), and forgets old stock
 * markers. Safe to run anywhere, any number of times at once. Answers how many orders it
 * settled.
 */
export async function settleOrderStock(now = new Date(), limit = 100): Promise<number> {
  const collection = await orders();
  let settled = 0;
  const stale = await collection
    .find({ status: 'reserving', 'claim.until': { $lt: now } })
    .limit(limit)
    .toArray();
  for (const doc of stale) if (await abandonReserving(doc, now)) settled += 1;
  const pending = await collection
    .find({ stockPending: true, status: { $ne: 'reserving' } })
    .limit(limit)
    .toArray();
  for (const doc of pending) {
    await giveBackCreditOf(doc);
    await releaseOrderStock(doc, heldLines(doc));
    settled += 1;
  }
  await forgetOldStockMoves(now);
  settled += await settleOldTakes(now);
  return settled;
}

/** Removes the take markers of a paid order from its products (its stock is sold). */
export async function forgetOrderTakes(order: OrderDoc): Promise<void> {
  if (!order.stockMarkers) return;
  await forgetTakes(
    linesOf(order).map((line) => line.productId),
    takeKey(order._id),
  );
}

/** How old a take marker is before the sweep looks at its order. */
const OLD_TAKE_MS = 24 * 60 * 60 * 1000;

/**
 * Take markers a day old: an order paid since (its stock is sold) whose markers were not removed
 * loses them; an order that is gone (it cannot hold stock) gives its take back. Markers of live
 * unpaid orders stay until the order is paid or cancelled. Answers how many were settled.
 */
async function settleOldTakes(now: Date): Promise<number> {
  const takes = await oldTakes(new Date(now.getTime() - OLD_TAKE_MS));
  if (!takes.length) return 0;
  const collection = await orders();
  let settled = 0;
  for (const { productId, key, quantity } of takes) {
    const hex = key.split(':')[0] ?? '';
    const order = /^[0-9a-f]{24}$/.test(hex)
      ? await collection.findOne({ _id: new ObjectId(hex) }, { projection: { status: 1 } })
      : null;
    if (order && order.status !== 'reserving' && isPaidStatus(order.status)) {
      await forgetTakes([productId], key);
      settled += 1;
    } else if (!order) {
      await giveBackTake(productId, key, quantity);
      settled += 1;
    }
  }
  return settled;
}
