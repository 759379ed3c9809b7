import 'server-only';
import type { ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import {
  collections,
  WITHOUT_STOCK_MOVES,
  type ProductDoc,
  type StockMoveDoc,
} from './collections';

export type { StockMoveDoc };

/**
 * Stock moved for an order, exactly once, whatever crashes (orders of many lines,
 * lib/orders/stock.ts). Each move is ONE conditional update of the product that changes its
 * stock and its markers (`stockMoves`) together:
 *
 * - a take (`takeStockOnce`) leaves a marker under the order's key (`<orderId>:take`, with the
 *   quantity taken) and is refused while a marker with that key is there: it happens once;
 * - giving it back (`giveBackTake`) needs that marker and removes it in the same update: the
 *   stock comes back once, however many give it back at the same time;
 * - a take that has not happened can be voided (`voidStockMove`): a marker of nothing, which
 *   refuses the take from then on; that is how a sweep fences off a request that stalled
 *   halfway, and tells whether its take happened;
 * - once the order is paid its stock is sold: `forgetTakes` removes the markers.
 *
 * So a product carries one marker per unpaid order holding its stock (orders are capped per
 * buyer and expire), and voids for VOID_MARKER_TTL_MS. Orders placed before markers give back
 * with `giveStockOnce`, keyed by `<orderId>:give` the same way.
 */

/** How long a void marker (or a give marker of an order from before markers) is kept. */
export const VOID_MARKER_TTL_MS = 15 * 60 * 1000;

async function products() {
  return collections(await getDb()).products;
}

export type TakeResult =
  | { status: 'taken' | 'already'; product: ProductDoc }
  | { status: 'short'; product: ProductDoc }
  | { status: 'voided' | 'missing' };

/**
 * Takes `quantity` from the product's stock under `key`, only while the stock has that much:
 * `taken` with the product as it was before (its price list prices the line), `already` when
 * the take under this key was made before, `short` with the product when there is not enough,
 * `voided` when the key was voided, `missing` when the product is gone.
 */
export async function takeStockOnce(
  productId: ObjectId,
  key: string,
  quantity: number,
  at = new Date(),
): Promise<TakeResult> {
  const collection = await products();
  const before = await collection.findOneAndUpdate(
    { _id: productId, availableQuantity: { $gte: quantity }, 'stockMoves.key': { $ne: key } },
    {
      $inc: { availableQuantity: -quantity },
      $push: { stockMoves: { key, delta: -quantity, at } },
    },
    // The product as it was, to price the line: without the markers (WITHOUT_STOCK_MOVES).
    { returnDocument: 'before', projection: WITHOUT_STOCK_MOVES },
  );
  if (before) return { status: 'taken', product: before };
  const current = await collection.findOne({ _id: productId });
  if (!current) return { status: 'missing' };
  const marker = current.stockMoves?.find((move) => move.key === key);
  if (marker) {
    return marker.delta === 0 ? { status: 'voided' } : { status: 'already', product: current };
  }
  return { status: 'short', product: current };
}

/**
 * Gives back the `quantity` taken under `key` and removes its marker, in one update: nothing
 * when there is no such take (given back already, voided, never made, or the product is gone),
 * so of concurrent give-backs exactly one gives.
 */
export async function giveBackTake(
  productId: ObjectId,
  key: string,
  quantity: number,
): Promise<void> {
  await (
    await products()
  ).updateOne(
    { _id: productId, stockMoves: { $elemMatch: { key, delta: -quantity } } },
    { $inc: { availableQuantity: quantity }, $pull: { stockMoves: { key } } },
  );
}

/**
 * Gives `quantity` back under `key` for an order placed before markers (its take left none):
 * once, however often it is repeated while the give marker is kept (VOID_MARKER_TTL_MS).
 */
export async function giveStockOnce(
  productId: ObjectId,
  key: string,
  quantity: number,
  at = new Date(),
): Promise<void> {
  await (
    await products()
  ).updateOne(
    { _id: productId, 'stockMoves.key': { $ne: key } },
    { $inc: { availableQuantity: quantity }, $push: { stockMoves: { key, delta: quantity, at } } },
  );
}

/**
 * Fences off the take under `key`: when it has not happened, marks it void so it never will
 * (`voided`); when it has, says so (`moved`). `missing` when the product is gone.
 */
export async function voidStockMove(
  productId: ObjectId,
  key: string,
  at = new Date(),
): Promise<'voided' | 'moved' | 'missing'> {
  const collection = await products();
  const { matchedCount } = await collection.updateOne(
    { _id: productId, 'stockMoves.key': { $ne: key } },
    { $push: { stockMoves: { key, delta: 0, at } } },
  );
  if (matchedCount === 1) return 'voided';
  const current = await collection.findOne(
    { _id: productId },
    { projection: { stockMoves: { $elemMatch: { key } } } },
  );
  if (!current) return 'missing';
  const marker = current.stockMoves?.[0];
  return marker && marker.delta < 0 ? 'moved' : 'voided';
}

/** Removes the markers of `key` from these products (an order paid: its stock is sold). */
export async function forgetTakes(productIds: readonly ObjectId[], key: string): Promise<void> {
  if (!productIds.length) return;
  await (
    await products()
  ).updateMany({ _id: { $in: [...productIds] } }, { $pull: { stockMoves: { key } } });
}

/** Removes void and give markers older than VOID_MARKER_TTL_MS from every product that has some. */
export async function forgetOldStockMoves(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - VOID_MARKER_TTL_MS);
  const { modifiedCount } = await (
    await products()
  ).updateMany(
    { stockMoves: { $elemMatch: { delta: { $gte: 0 }, at: { $lt: cutoff } } } },
    { $pull: { stockMoves: { delta: { $gte: 0 }, at: { $lt: cutoff } } } },
  );
  return modifiedCount;
}

/**
 * The take markers older than `before` (of unpaid orders, or orders paid without their markers
 * removed): `{ productId, key, quantity }` for the orders' sweep to judge.
 */
export async function oldTakes(
  before: Date,
  limit = 500,
): Promise<Array<{ productId: ObjectId; key: string; quantity: number }>> {
  const docs = await (
    await products()
  )
    .find(
      { stockMoves: { $elemMatch: { delta: { $lt: 0 }, at: { $lt: before } } } },
      { projection: { stockMoves: 1 } },
    )
    .limit(limit)
    .toArray();
  return docs.flatMap((doc) =>
    (doc.stockMoves ?? [])
      .filter((move) => move.delta < 0 && move.at < before)
      .map((move) => ({ productId: doc._id, key: move.key, quantity: -move.delta })),
  );
}
