import 'server-only';
import type { ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { collections, type ProductDoc, type StockMoveDoc } from './collections';

export type { StockMoveDoc };

/**
 * Stock moved for a purpose, exactly once (orders of many lines, lib/orders/stock.ts). Each move
 * is ONE conditional update of the product that changes its stock AND leaves a marker under the
 * move's key (`<orderId>:take`, `<orderId>:give`) in `stockMoves`, refused when the marker is
 * already there. So a move repeated (a retry, a sweep finishing the work of a crashed request)
 * happens once, and whether it happened can always be read back from the product, whatever
 * became of the request that made it. A key can also be voided before its move happens
 * (`voidStockMove`): the marker then records that nothing was moved, and the move is refused
 * from then on; that is how a sweep fences off a request that stalled halfway.
 *
 * Markers are kept MOVE_MARKER_TTL_MS, far longer than any request or sweep holds an order
 * (lib/orders), then removed by `forgetOldStockMoves`; readers of the catalogue never load them.
 */

/** How long a product keeps the marker of a move. */
export const MOVE_MARKER_TTL_MS = 15 * 60 * 1000;

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
 * the move under this key was made before, `short` with the product when there is not enough,
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
    { returnDocument: 'before' },
  );
  if (before) return { status: 'taken', product: before };
  const current = await collection.findOne({ _id: productId });
  if (!current) return { status: 'missing' };
  const marker = current.stockMoves?.find((move) => move.key === key);
  if (marker)
    return marker.delta === 0 ? { status: 'voided' } : { status: 'already', product: current };
  return { status: 'short', product: current };
}

/**
 * Gives `quantity` back to the product's stock under `key`: true when given now or before (a
 * repeat gives nothing again), and when the product is gone (there is nothing to give back to).
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
 * Fences off the move under `key`: when it has not happened, marks it void so it never will
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
  const current = await collection.findOne({ _id: productId }, { projection: { stockMoves: 1 } });
  if (!current) return 'missing';
  const marker = current.stockMoves?.find((move) => move.key === key);
  return marker && marker.delta !== 0 ? 'moved' : 'voided';
}

/** Removes the markers older than MOVE_MARKER_TTL_MS from every product that has some. */
export async function forgetOldStockMoves(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - MOVE_MARKER_TTL_MS);
  const { modifiedCount } = await (
    await products()
  ).updateMany(
    { 'stockMoves.at': { $lt: cutoff } },
    { $pull: { stockMoves: { at: { $lt: cutoff } } } },
  );
  return modifiedCount;
}
