import type { ObjectId } from 'mongodb';
import { collection, declareCollections } from '@/lib/core/db/collection';
import type { CategorySlug } from './categories';

/**
 * One row of a product's volume price list: from `minQuantity` units on, each unit costs
 * `priceCents`. The rules (lib/catalogue/validation/product.ts): the first row restates the base price at
 * the product's minimum order quantity; each later row starts at a larger quantity and costs
 * less than the row before.
 */
export interface PriceTierDoc {
  minQuantity: number;
  priceCents: number;
}

/** The marker of one stock move on a product: its key, the signed change (0: voided), when. */
export interface StockMoveDoc {
  key: string;
  delta: number;
  at: Date;
}

/** A product as stored; store.ts turns it into a plain object with string ids. */
export interface ProductDoc {
  _id: ObjectId;
  name: string;
  description: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  /**
   * The carton size: every order of the product is a whole number of cartons (the quantity rule,
   * lib/catalogue/quantity.ts). Absent on products from before cartons: 1.
   */
  orderMultiple?: number;
  /** The most one order may take (a multiple of `orderMultiple`); absent or null: no maximum. */
  maxOrderQuantity?: number | null;
  /** Unit price in cents: the base price, paid from the minimum order quantity on. */
  priceCents: number;
  /**
   * Volume price breaks, ordered by quantity (see PriceTierDoc); absent or empty when the base
   * price applies to every quantity (products from before price tiers have none).
   */
  priceTiers?: PriceTierDoc[];
  picture: string;
  /**
   * Part number as entered (letters, digits, `-`, `.`, `/`). Required for products added since
   * part numbers exist; older products may have none.
   */
  sku?: string;
  /** `sku` lower-cased: unique across products, for exact and prefix part-number lookups. */
  skuLower?: string;
  /** One of the catalogue's categories (lib/catalogue/categories.ts); older products may have none. */
  category?: CategorySlug;
  createdAt: Date;
  /**
   * Markers of recent stock moves made for orders, each under its key (lib/catalogue/stock-moves.ts):
   * they make every move happen once, and say whether it happened. Kept for minutes.
   */
  stockMoves?: StockMoveDoc[];
}

/**
 * The projection of every read of products but the stock moves': without the markers, one per
 * unpaid order holding the product's stock, which on a product many buyers order run to tens of
 * kilobytes that every page and every order would otherwise read and decode.
 */
export const WITHOUT_STOCK_MOVES = { stockMoves: 0 } as const;

/** A marker (`demo-seed`): when the demo catalogue was seeded, so it is seeded once (seed.ts). */
/** A marker of start-up work done once (the demo catalogue's seeding, seed.ts). */
export interface MetaDoc {
  _id: string;
  at: Date;
}

/** The catalogue's collections: products (with the indexes of `searchCatalogue`) and the seed marker. */
export const collections = declareCollections({
  products: collection<ProductDoc>('products', [
    // The catalogue (searchCatalogue): full-text search over name, description and part number
    // (one text index per collection), part numbers unique without regard to case (products
    // from before part numbers have none and stay out of the index), the category pages
    // newest first, and the sorts; each ends on _id as the sorts do (ties broken by _id),
    // so a page is read in index order instead of sorting the whole catalogue.
    { key: { createdAt: -1, _id: -1 } },
    {
      key: { name: 'text', description: 'text', sku: 'text' },
      options: { name: 'catalogue_text', weights: { sku: 10, name: 5, description: 1 } },
    },
    {
      key: { skuLower: 1 },
      options: { unique: true, partialFilterExpression: { skuLower: { $type: 'string' } } },
    },
    { key: { category: 1, createdAt: -1, _id: -1 } },
    { key: { priceCents: 1, _id: 1 } },
    { key: { name: 1, _id: 1 } },
  ]),
  meta: collection<MetaDoc>('meta'),
});
