import 'server-only';
import { ObjectId, type Filter, type UpdateFilter } from 'mongodb';
import type { PriceTier } from '@/lib/catalogue/pricing';
import { getDb } from '@/lib/core/db';
import { collections, WITHOUT_STOCK_MOVES } from './collections';
import type { PriceTierDoc, ProductDoc } from './collections';
import { centsToDollars, toCents } from '@/lib/core/money';
import type { OrderQuantitiesPatch, ProductInput } from '@/lib/catalogue/validation/product';
import { toObjectId } from '@/lib/core/db/ids';

/**
 * The product records: reads by id and part number, and the writes of Manage Products. The
 * catalogue's lists and search are search.ts; the stock orders take and give back, stock.ts.
 */

/** A product as pages and the API see it: string id, prices in dollars. */
export interface Product {
  _id: string;
  name: string;
  description: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  /** The carton size (1: sold one by one); every quantity ordered is a multiple of it. */
  orderMultiple: number;
  /** The most one order may take; null: no maximum. */
  maxOrderQuantity: number | null;
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
    orderMultiple: doc.orderMultiple ?? 1,
    maxOrderQuantity: doc.maxOrderQuantity ?? null,
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

/** One product by its id string; null when the id is malformed or unknown. */
export async function findProduct(id: string): Promise<Product | null> {
  const _id = toObjectId(id);
  if (!_id) return null;
  const { products } = collections(await getDb());
  const doc = await products.findOne({ _id }, { projection: WITHOUT_STOCK_MOVES });
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
    orderMultiple: input.orderMultiple ?? 1,
    // Stored only when there is a maximum: a product without one has no maximum per order.
    ...(input.maxOrderQuantity ? { maxOrderQuantity: input.maxOrderQuantity } : {}),
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

/** Matches a stored carton size: absent, null and 1 are the same (sold one by one). */
function sameMultiple(multiple: number): Filter<ProductDoc> {
  return multiple === 1
    ? { orderMultiple: { $in: [1, null] } as Filter<ProductDoc>['orderMultiple'] }
    : { orderMultiple: multiple };
}

/** Matches a stored price list equal to `tiers` (absent and empty are the same). */
function samePriceTiers(tiers: readonly PriceTier[]): Filter<ProductDoc> {
  if (tiers.length === 0) return { 'priceTiers.0': { $exists: false } } as Filter<ProductDoc>;
  const rows: Record<string, number> = {};
  tiersInCents(tiers).forEach((tier, index) => {
    rows[`priceTiers.${index}.minQuantity`] = tier.minQuantity;
    rows[`priceTiers.${index}.priceCents`] = tier.priceCents;
  });
  return { priceTiers: { $size: tiers.length }, ...rows } as Filter<ProductDoc>;
}

/**
 * Replaces a product's price list (validated against `basis`, the minimum order quantity, base
 * price and carton size it was checked with; an empty list removes it). The update is
 * conditional on them being unchanged, so a list is never stored against another base than it
 * was checked with: `changed` when they differ now, `not_found` when there is no product with
 * this id. A basis without a carton size does not look at it.
 */
export async function setPriceTiers(
  id: string,
  tiers: readonly PriceTier[],
  basis: Pick<ProductDoc, 'minimumOrderQuantity' | 'priceCents'> & { orderMultiple?: number },
): Promise<ProductWrite<'not_found' | 'changed'>> {
  const _id = toObjectId(id);
  if (!_id) return { ok: false, reason: 'not_found' };
  const { products } = collections(await getDb());
  const update = tiers.length
    ? { $set: { priceTiers: tiersInCents(tiers) } }
    : { $unset: { priceTiers: '' as const } };
  const doc = await products.findOneAndUpdate(
    {
      _id,
      minimumOrderQuantity: basis.minimumOrderQuantity,
      priceCents: basis.priceCents,
      ...(basis.orderMultiple === undefined ? {} : sameMultiple(basis.orderMultiple)),
    },
    update,
    { returnDocument: 'after' },
  );
  if (doc) return { ok: true, product: toProduct(doc) };
  return { ok: false, reason: (await productExists(_id)) ? 'changed' : 'not_found' };
}

async function productExists(_id: ObjectId): Promise<boolean> {
  const { products } = collections(await getDb());
  return (await products.countDocuments({ _id }, { limit: 1 })) > 0;
}

/**
 * Sets a product's order quantities (the fields of `change` that are given: minimum order
 * quantity, carton size, maximum per order, where null removes it, and price list, where []
 * removes it), validated against `basis`, the product as it was read. The update is
 * conditional on every field the rules read being as in `basis` (the minimum, base price,
 * carton size, maximum and price list), so the rules are never broken by a change made
 * meanwhile: `changed` when one differs now, `not_found` when there is no product with this id.
 */
export async function setOrderQuantities(
  id: string,
  change: OrderQuantitiesPatch,
  basis: Product,
): Promise<ProductWrite<'not_found' | 'changed'>> {
  const _id = toObjectId(id);
  if (!_id) return { ok: false, reason: 'not_found' };
  const set: Partial<ProductDoc> = {};
  const unset: Partial<Record<'maxOrderQuantity' | 'priceTiers', ''>> = {};
  if (change.minimumOrderQuantity !== undefined) {
    set.minimumOrderQuantity = change.minimumOrderQuantity;
  }
  if (change.orderMultiple !== undefined) set.orderMultiple = change.orderMultiple;
  if (change.maxOrderQuantity === null) unset.maxOrderQuantity = '';
  else if (change.maxOrderQuantity !== undefined) set.maxOrderQuantity = change.maxOrderQuantity;
  if (change.priceTiers?.length) set.priceTiers = tiersInCents(change.priceTiers);
  else if (change.priceTiers) unset.priceTiers = '';
  const update: UpdateFilter<ProductDoc> = {
    ...(Object.keys(set).length ? { $set: set } : {}),
    ...(Object.keys(unset).length ? { $unset: unset } : {}),
  };
  const { products } = collections(await getDb());
  const filter: Filter<ProductDoc> = {
    _id,
    minimumOrderQuantity: basis.minimumOrderQuantity,
    priceCents: toCents(basis.price),
    maxOrderQuantity: basis.maxOrderQuantity, // null also matches a product without one
    ...sameMultiple(basis.orderMultiple),
    ...samePriceTiers(basis.priceTiers),
  };
  const doc = Object.keys(update).length
    ? await products.findOneAndUpdate(filter, update, {
        returnDocument: 'after',
        projection: WITHOUT_STOCK_MOVES,
      })
    : await products.findOne(filter, { projection: WITHOUT_STOCK_MOVES });
  if (doc) return { ok: true, product: toProduct(doc) };
  return { ok: false, reason: (await productExists(_id)) ? 'changed' : 'not_found' };
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
  const docs = await products
    .find({ skuLower: { $in: wanted } }, { projection: WITHOUT_STOCK_MOVES })
    .toArray();
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
