import 'server-only';
import { ObjectId, type Filter, type Sort } from 'mongodb';
import { unstable_cache } from 'next/cache';
import { CATALOGUE_REVALIDATE_SECONDS, cacheTags } from '@/lib/core/cache';
import type { CatalogueQuery, CatalogueSort } from '@/lib/catalogue/validation/product';
import type { PriceTier } from '@/lib/catalogue/pricing';
import { getDb } from '@/lib/core/db';
import { collections } from './collections';
import type { PriceTierDoc, ProductDoc } from './collections';
import { centsToDollars, toCents } from '@/lib/core/money';
import {
  DEFAULT_CATALOGUE_LIMIT,
  MAX_CATALOGUE_LIMIT,
  MAX_SKU_LENGTH,
  SKU_PATTERN,
  type ProductInput,
} from '@/lib/catalogue/validation/product';
import { toObjectId } from '@/lib/core/db/ids';

/** A product as pages and the API see it: string id, prices in dollars. */
export interface Product {
  _id: string;
  name: string;
  description: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  /** The base unit price, paid from the minimum order quantity on. */
  price: number;
  /**
   * Volume price breaks by quantity, the first restating the base price at the minimum order
   * quantity (rules: lib/catalogue/validation/product.ts); empty when the base price always applies.
   */
  priceTiers: PriceTier[];
  picture: string;
  /** Part number as entered; null for products from before part numbers. */
  sku: string | null;
  /** Category slug (lib/catalogue/categories.ts); null for products from before categories. */
  category: string | null;
}

export function toProduct(doc: ProductDoc): Product {
  return {
    _id: doc._id.toHexString(),
    name: doc.name,
    description: doc.description,
    minimumOrderQuantity: doc.minimumOrderQuantity,
    availableQuantity: doc.availableQuantity,
    price: centsToDollars(doc.priceCents),
    priceTiers: (doc.priceTiers ?? []).map((tier) => ({
      minQuantity: tier.minQuantity,
      price: centsToDollars(tier.priceCents),
    })),
    picture: doc.picture,
    sku: doc.sku ?? null,
    category: doc.category ?? null,
  };
}

/** The lookup form of a part number: lower-cased, so uniqueness and search ignore case. */
export function normaliseSku(sku: string): string {
  return sku.toLowerCase();
}

/** The newest products (at most 100), newest first: the home page's selection. */
export async function listNewestProducts(limit: number): Promise<Product[]> {
  const bounded = Math.min(Math.max(Math.trunc(limit) || 0, 1), MAX_CATALOGUE_LIMIT);
  const { products } = collections(await getDb());
  const docs = await products.find({}).sort({ createdAt: -1, _id: -1 }).limit(bounded).toArray();
  return docs.map(toProduct);
}

/**
 * The newest products from Next.js's data cache (tag `products`, like listCachedReviews): a
 * bounded item whatever the catalogue's size, for the home page.
 */
export const listCachedNewestProducts = unstable_cache(
  listNewestProducts,
  ['catalogue-newest-products'],
  { tags: [cacheTags.products], revalidate: CATALOGUE_REVALIDATE_SECONDS },
);

/** One page of the catalogue: `pages` is at least 1 (an empty result is one empty page). */
export interface CataloguePage {
  items: Product[];
  total: number;
  page: number;
  limit: number;
  pages: number;
}

/** Every order ends on _id, so products with equal values keep one order across pages. */
const sortOrders: Record<CatalogueSort, Sort> = {
  newest: { createdAt: -1, _id: -1 },
  'price-asc': { priceCents: 1, _id: 1 },
  'price-desc': { priceCents: -1, _id: -1 },
  name: { name: 1, _id: 1 },
};

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** One group of a search's results, in the order it is shown. */
interface Group {
  filter: Filter<ProductDoc>;
  sort: Sort;
  /** Sorted by text relevance: the score has to be projected. */
  byScore?: boolean;
}

/**
 * The groups a query's results are listed in. Without `q`: the whole (category-filtered)
 * catalogue. With `q`: the product whose part number is `q` (any case), then those whose part
 * number starts with it, then the text matches over name, description and part number that
 * are in neither of those: each product appears once. Within a group the chosen sort applies;
 * without one, part numbers are in order and text matches by relevance.
 */
function searchGroups(query: CatalogueQuery): Group[] {
  const base: Filter<ProductDoc> = query.category ? { category: query.category } : {};
  const q = query.q?.trim();
  const chosen = query.sort ? sortOrders[query.sort] : undefined;
  if (!q) return [{ filter: base, sort: chosen ?? sortOrders.newest }];

  const text: Filter<ProductDoc> = { ...base, $text: { $search: q } };
  const textGroup: Group = chosen
    ? { filter: text, sort: chosen }
    : { filter: text, sort: { score: { $meta: 'textScore' }, _id: -1 }, byScore: true };
  if (q.length > MAX_SKU_LENGTH || !SKU_PATTERN.test(q)) return [textGroup];

  const skuLower = normaliseSku(q);
  // Anchored, case-sensitive regex on the lower-cased field: an index range scan. `$type`
  // repeats the unique index's partial filter, without which the planner may not use it.
  const prefix = new RegExp(`^${escapeRegex(skuLower)}`);
  const bySku = chosen ?? { skuLower: 1, _id: 1 };
  return [
    { filter: { ...base, skuLower: { $type: 'string', $eq: skuLower } }, sort: bySku },
    {
      filter: { ...base, skuLower: { $type: 'string', $regex: prefix, $ne: skuLower } },
      sort: bySku,
    },
    { ...textGroup, filter: { ...text, skuLower: { $not: prefix } } },
  ];
}

/**
 * The catalogue's one query: search, category filter, sort and pagination, for the API, the
 * /products page and Manage Products. `page` is 1-based; `limit` defaults to 50 and is held
 * to 1..100. A page past the end has no items.
 */
export async function searchCatalogue(query: CatalogueQuery): Promise<CataloguePage> {
  const limit = Math.min(
    Math.max(Math.trunc(query.limit ?? DEFAULT_CATALOGUE_LIMIT) || 1, 1),
    MAX_CATALOGUE_LIMIT,
  );
  const page = Math.max(Math.trunc(query.page ?? 1) || 1, 1);
  const { products } = collections(await getDb());
  const groups = searchGroups(query);
  // The whole catalogue is counted from the collection's metadata, not by reading it.
  const counts = await Promise.all(
    groups.map((group) =>
      Object.keys(group.filter).length === 0
        ? products.estimatedDocumentCount()
        : products.countDocuments(group.filter),
    ),
  );
  const total = counts.reduce((sum, count) => sum + count, 0);

  // Walk the groups from the page's offset, taking what each contributes to the page.
  const items: Product[] = [];
  let skip = (page - 1) * limit;
  for (const [index, group] of groups.entries()) {
    if (items.length >= limit) break;
    const count = counts[index] ?? 0;
    if (skip >= count) {
      skip -= count;
      continue;
    }
    const cursor = products.find(group.filter, {
      ...(group.byScore ? { projection: { score: { $meta: 'textScore' } } } : {}),
    });
    const docs = await cursor
      .sort(group.sort)
      .skip(skip)
      .limit(limit - items.length)
      .toArray();
    items.push(...docs.map(toProduct));
    skip = 0;
  }
  return { items, total, page, limit, pages: Math.max(1, Math.ceil(total / limit)) };
}

/** One product by its id string; null when the id is malformed or unknown. */
export async function findProduct(id: string): Promise<Product | null> {
  const _id = toObjectId(id);
  if (!_id) return null;
  const { products } = collections(await getDb());
  const doc = await products.findOne({ _id });
  return doc ? toProduct(doc) : null;
}

/** A price list in dollars (validated) as stored: cents. */
function tiersInCents(tiers: readonly PriceTier[] = []): PriceTierDoc[] {
  return tiers.map((tier) => ({
    minQuantity: tier.minQuantity,
    priceCents: toCents(tier.price),
  }));
}

/**
 * What a product write did: like every store, an expected refusal is a result, never a throw.
 * `sku_taken`: another product already has this part number (compared without regard to case);
 * `not_found`: no product has this id; `changed`: the product changed since it was read.
 */
export type ProductWrite<Reason extends 'sku_taken' | 'not_found' | 'changed'> =
  { ok: true; product: Product } | { ok: false; reason: Reason };

/**
 * Adds a product (the input is validated by `productSchema`); the price is kept in cents.
 * `id` is given where the product's picture was attached to it first (lib/images/attach.ts).
 * `sku_taken` when the part number is taken.
 */
export async function createProduct(
  input: ProductInput,
  id: ObjectId = new ObjectId(),
): Promise<ProductWrite<'sku_taken'>> {
  const doc: ProductDoc = {
    _id: id,
    name: input.name,
    description: input.description,
    minimumOrderQuantity: input.minimumOrderQuantity,
    availableQuantity: input.availableQuantity,
    priceCents: toCents(input.price),
    // Stored only when there is a price list: a product without one is priced by `priceCents`.
    ...(input.priceTiers?.length ? { priceTiers: tiersInCents(input.priceTiers) } : {}),
    picture: input.picture,
    sku: input.sku,
    skuLower: normaliseSku(input.sku),
    category: input.category,
    createdAt: new Date(),
  };
  const { products } = collections(await getDb());
  try {
    await products.insertOne(doc);
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return { ok: false, reason: 'sku_taken' };
    throw error;
  }
  return { ok: true, product: toProduct(doc) };
}

/**
 * Sets a product's part number and category (products from before part numbers have none).
 * `not_found` when there is no product with this id, `sku_taken` when the part number is taken.
 */
export async function setPartNumber(
  id: string,
  input: { sku: string; category: ProductDoc['category'] },
): Promise<ProductWrite<'not_found' | 'sku_taken'>> {
  const _id = toObjectId(id);
  if (!_id) return { ok: false, reason: 'not_found' };
  const { products } = collections(await getDb());
  try {
    const doc = await products.findOneAndUpdate(
      { _id },
      { $set: { sku: input.sku, skuLower: normaliseSku(input.sku), category: input.category } },
      { returnDocument: 'after' },
    );
    return doc ? { ok: true, product: toProduct(doc) } : { ok: false, reason: 'not_found' };
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return { ok: false, reason: 'sku_taken' };
    throw error;
  }
}

/**
 * Replaces a product's price list (validated against `basis`, the minimum order quantity and
 * base price it was checked with; an empty list removes it). The update is conditional on
 * both being unchanged, so a list is never stored against another base than it was checked
 * with: `changed` when they differ now, `not_found` when there is no product with this id.
 */
export async function setPriceTiers(
  id: string,
  tiers: readonly PriceTier[],
  basis: Pick<ProductDoc, 'minimumOrderQuantity' | 'priceCents'>,
): Promise<ProductWrite<'not_found' | 'changed'>> {
  const _id = toObjectId(id);
  if (!_id) return { ok: false, reason: 'not_found' };
  const { products } = collections(await getDb());
  const update = tiers.length
    ? { $set: { priceTiers: tiersInCents(tiers) } }
    : { $unset: { priceTiers: '' as const } };
  const doc = await products.findOneAndUpdate(
    { _id, minimumOrderQuantity: basis.minimumOrderQuantity, priceCents: basis.priceCents },
    update,
    { returnDocument: 'after' },
  );
  if (doc) return { ok: true, product: toProduct(doc) };
  const exists = (await products.countDocuments({ _id }, { limit: 1 })) > 0;
  return { ok: false, reason: exists ? 'changed' : 'not_found' };
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

/**
 * The products with these part numbers (compared without regard to case, through the unique
 * `skuLower` index), keyed by the lower-cased part number. Unknown part numbers are absent.
 */
export async function findProductsBySkus(skus: readonly string[]): Promise<Map<string, Product>> {
  const wanted = [...new Set(skus.map(normaliseSku))];
  if (!wanted.length) return new Map();
  const { products } = collections(await getDb());
  const docs = await products.find({ skuLower: { $in: wanted } }).toArray();
  return new Map(docs.map((doc) => [doc.skuLower!, toProduct(doc)]));
}

/** Which of these product ids are still in the catalogue (My Orders' "Order again"). */
export async function existingProductIds(ids: readonly string[]): Promise<Set<string>> {
  const objectIds = [...new Set(ids)].map(toObjectId).filter((id) => id !== null);
  if (!objectIds.length) return new Set();
  const { products } = collections(await getDb());
  const docs = await products
    .find({ _id: { $in: objectIds } }, { projection: { _id: 1 } })
    .toArray();
  return new Set(docs.map((doc) => doc._id.toHexString()));
}

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
    { returnDocument: 'before' },
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
  return collections(await getDb()).products.findOne({ _id: productId });
}

/** A product's part number as stored, for an invoice (lib/orders/invoice-details.ts). */
export async function findProductPartNumber(
  productId: ObjectId,
): Promise<Pick<ProductDoc, 'sku'> | null> {
  return collections(await getDb()).products.findOne(
    { _id: productId },
    { projection: { sku: 1 } },
  );
}

export type { CatalogueQuery, CatalogueSort } from '@/lib/catalogue/validation/product';
