import 'server-only';
import type { Filter, Sort } from 'mongodb';
import { unstable_cache } from 'next/cache';
import { CATALOGUE_REVALIDATE_SECONDS, cacheTags } from '@/lib/core/cache';
import { getDb } from '@/lib/core/db';
import { collections, WITHOUT_STOCK_MOVES } from './collections';
import type { ProductDoc } from './collections';
import {
  DEFAULT_CATALOGUE_LIMIT,
  MAX_CATALOGUE_LIMIT,
  MAX_SKU_LENGTH,
  SKU_PATTERN,
  type CatalogueQuery,
  type CatalogueSort,
} from '@/lib/catalogue/validation/product';
import { normaliseSku, toProduct, type Product } from './store';

/**
 * The catalogue as lists: the home page's newest products, and the one search of the API, the
 * /products page and Manage Products (part numbers first, then text matches; sort, category
 * filter and pagination).
 */

/** The newest products (at most 100), newest first: the home page's selection. */
export async function listNewestProducts(limit: number): Promise<Product[]> {
  const bounded = Math.min(Math.max(Math.trunc(limit) || 0, 1), MAX_CATALOGUE_LIMIT);
  const { products } = collections(await getDb());
  const docs = await products
    .find({}, { projection: WITHOUT_STOCK_MOVES })
    .sort({ createdAt: -1, _id: -1 })
    .limit(bounded)
    .toArray();
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
      projection: group.byScore
        ? { ...WITHOUT_STOCK_MOVES, score: { $meta: 'textScore' } }
        : WITHOUT_STOCK_MOVES,
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
