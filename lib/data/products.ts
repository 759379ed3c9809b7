import 'server-only';
import { getDb, collections } from '@/lib/db';
import type { ProductDoc } from '@/lib/db/collections';
import { centsToDollars } from '@/lib/money';
import { toObjectId } from './ids';

/** A product as pages and the API see it: string id, price in dollars. */
export interface Product {
  _id: string;
  name: string;
  description: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  price: number;
  picture: string;
}

export function toProduct(doc: ProductDoc): Product {
  return {
    _id: doc._id.toHexString(),
    name: doc.name,
    description: doc.description,
    minimumOrderQuantity: doc.minimumOrderQuantity,
    availableQuantity: doc.availableQuantity,
    price: centsToDollars(doc.priceCents),
    picture: doc.picture,
  };
}

/** Every product, newest first. */
export async function listProducts(): Promise<Product[]> {
  const { products } = collections(await getDb());
  const docs = await products.find({}).sort({ createdAt: -1, _id: -1 }).toArray();
  return docs.map(toProduct);
}

/** One product by its id string; null when the id is malformed or unknown. */
export async function findProduct(id: string): Promise<Product | null> {
  const _id = toObjectId(id);
  if (!_id) return null;
  const { products } = collections(await getDb());
  const doc = await products.findOne({ _id });
  return doc ? toProduct(doc) : null;
}
