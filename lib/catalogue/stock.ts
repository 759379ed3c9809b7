import 'server-only';
import type { ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { collections, WITHOUT_STOCK_MOVES } from './collections';
import type { ProductDoc } from './collections';

/** A product's available stock, as orders take it and give it back (lib/orders/store). */

/**
 * Stock for an order (lib/orders/store.ts), in ONE conditional update: takes `quantity` from the
 * product's available stock only while there is that much and the quantity reaches its minimum.
 * Answers the product as it was before (null when nothing was taken), so the order copies it.
 */
export async function takeStock(productId: ObjectId, quantity: number): Promise<ProductDoc | null> {
  return collections(await getDb()).products.findOneAndUpdate(
    {
      _id: productId,
      availableQuantity: { $gte: quantity },
      minimumOrderQuantity: { $lte: quantity },
    },
    { $inc: { availableQuantity: -quantity } },
    { returnDocument: 'before', projection: WITHOUT_STOCK_MOVES },
  );
}

/** Gives `quantity` back to a product's stock (an order deleted, expired or stepped back). */
export async function returnStock(productId: ObjectId, quantity: number): Promise<void> {
  await collections(await getDb()).products.updateOne(
    { _id: productId },
    { $inc: { availableQuantity: quantity } },
  );
}

/** A product's document as stored, or null: why `takeStock` took nothing. */
export async function findProductDocument(productId: ObjectId): Promise<ProductDoc | null> {
  return collections(await getDb()).products.findOne(
    { _id: productId },
    { projection: WITHOUT_STOCK_MOVES },
  );
}
