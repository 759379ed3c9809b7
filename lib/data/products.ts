import 'server-only';
import { ObjectId } from 'mongodb';
import { unstable_cache } from 'next/cache';
import { CATALOGUE_REVALIDATE_SECONDS, cacheTags } from '@/lib/cache';
import { getDb, collections } from '@/lib/db';
import type { ProductDoc } from '@/lib/db/collections';
import { centsToDollars, dollarsToCents } from '@/lib/money';
import type { ProductInput } from '@/lib/validation/product';
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

/**
 * Every product, newest first, from Next.js's data cache: expired by the `products` tag when the
 * catalogue or stock changes through the store, and within CATALOGUE_REVALIDATE_SECONDS
 * otherwise. For pages that may show a slightly older catalogue (the home page).
 */
export const listCachedProducts = unstable_cache(listProducts, ['catalogue-products'], {
  tags: [cacheTags.products],
  revalidate: CATALOGUE_REVALIDATE_SECONDS,
});

/** One product by its id string; null when the id is malformed or unknown. */
export async function findProduct(id: string): Promise<Product | null> {
  const _id = toObjectId(id);
  if (!_id) return null;
  const { products } = collections(await getDb());
  const doc = await products.findOne({ _id });
  return doc ? toProduct(doc) : null;
}

/** Adds a product (the input is validated by `productSchema`); the price is kept in cents. */
export async function createProduct(input: ProductInput): Promise<Product> {
  const doc: ProductDoc = {
    _id: new ObjectId(),
    name: input.name,
    description: input.description,
    minimumOrderQuantity: input.minimumOrderQuantity,
    availableQuantity: input.availableQuantity,
    priceCents: dollarsToCents(input.price),
    picture: input.picture,
    createdAt: new Date(),
  };
  const { products } = collections(await getDb());
  await products.insertOne(doc);
  return toProduct(doc);
}

/**
 * Deletes a product; false when there is none with this id. Orders are left alone: each keeps
 * the copy of the product's details it made when it was placed.
 */
export async function deleteProduct(id: string): Promise<boolean> {
  const _id = toObjectId(id);
  if (!_id) return false;
  const { products } = collections(await getDb());
  const { deletedCount } = await products.deleteOne({ _id });
  return deletedCount === 1;
}
