import 'server-only';
import type { ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { collections, WITHOUT_STOCK_MOVES, type ProductDoc } from './collections';

/**
 * The products of many lines at once (an order list, a checkout), by id, in one query: a map
 * from each found product's id (hex) to its document. Ids of deleted products are absent.
 */
export async function findProductDocuments(
  ids: readonly ObjectId[],
): Promise<Map<string, ProductDoc>> {
  if (!ids.length) return new Map();
  const docs = await collections(await getDb())
    .products.find({ _id: { $in: [...ids] } }, { projection: WITHOUT_STOCK_MOVES })
    .toArray();
  return new Map(docs.map((doc) => [doc._id.toHexString(), doc]));
}
