import { type Db } from 'mongodb';
import { collections } from './collections';
import { logger } from '@/lib/core/log';

/**
 * Products whose part number was stored without its lower-cased lookup copy (written behind
 * the store's back): each gets `skuLower`, which makes it findable by part number and unique.
 * A part number that another product already has in another case is left without it and
 * reported, for an admin to correct; it is tried again on the next start.
 */
export async function fillSkuLookups(db: Db): Promise<void> {
  const { products } = collections(db);
  const missing = { sku: { $type: 'string' }, skuLower: { $exists: false } } as const;
  for await (const doc of products.find(missing, { projection: { _id: 1, sku: 1 } })) {
    try {
      await products.updateOne(
        { _id: doc._id, ...missing },
        { $set: { skuLower: doc.sku!.toLowerCase() } },
      );
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      logger.warn(`Product ${doc._id.toHexString()}: part number "${doc.sku}" is taken.`);
    }
  }
}

/** The pictures products show, or those of them among `among`. */
export async function productPictures(db: Db, among?: string[]): Promise<unknown[]> {
  return collections(db).products.distinct('picture', among ? { picture: { $in: among } } : {});
}

/**
 * Drops the multikey index on the stock-move markers' times (`stockMoves.at_1`) that stores made
 * before: every order's take and give-back pushes or pulls a marker, and the index made each of
 * those updates re-key all of a product's markers (thousands on a product many buyers order).
 * The sweeps of old markers scan the products instead, once a run.
 */
export async function dropStockMoveTimesIndex(db: Db): Promise<void> {
  const { products } = collections(db);
  const indexes = await products.indexes().catch(() => []);
  if (indexes.some((index) => index.name === 'stockMoves.at_1')) {
    await products.dropIndex('stockMoves.at_1').catch((error: unknown) => {
      // Dropped meanwhile by another instance starting up.
      if ((error as { codeName?: string }).codeName !== 'IndexNotFound') throw error;
    });
  }
}
