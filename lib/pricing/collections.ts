import type { ObjectId } from 'mongodb';
import { collection, declareCollections } from '@/lib/core/db/collection';

/**
 * Price lists (contract prices per company, issue 26): the lists, their entries in a collection
 * of their own (a list of 10,000 parts is 10,000 small documents, read by `$in` on the unique
 * `{ priceListId, productId }` index, never one large document), and which list each company
 * has (one per company, by a unique index).
 */

/** A price list as a store admin sets it. Money in integer cents, percentages in basis points. */
export interface PriceListDoc {
  _id: ObjectId;
  name: string;
  /** The first instant it applies; null: from always. */
  validFrom: Date | null;
  /** The last instant it applies (included); null: open-ended. */
  validTo: Date | null;
  /** The list-wide percentage off the list price, in basis points (1250 = 12.5 %); null: none. */
  percentOffBasisPoints: number | null;
  createdAt: Date;
  updatedAt: Date;
  /** The store admins who created it and last changed it. */
  createdBy: ObjectId;
  updatedBy: ObjectId;
}

/** A tier of an entry's own volume pricing. */
export interface EntryTierDoc {
  minQuantity: number;
  unitPriceCents: number;
}

/** One product's contract price in a list: a fixed unit price or its own tiers. */
export interface PriceListEntryDoc {
  _id: ObjectId;
  priceListId: ObjectId;
  productId: ObjectId;
  /** The product's part number, copied when the entry was written (for the admin's table). */
  sku: string;
  /** Set when the entry has a fixed price (then `tiers` is null). */
  unitPriceCents: number | null;
  /** Set when the entry has its own tiers (then `unitPriceCents` is null): 1-10 rows. */
  tiers: EntryTierDoc[] | null;
  /** Overrides of the product's minimum, multiple (carton) and maximum; null: the product's. */
  minQuantity: number | null;
  multiple: number | null;
  maxQuantity: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The price list a company buys at (none when it has no document). */
export interface CompanyPriceListDoc {
  _id: ObjectId;
  companyId: ObjectId;
  priceListId: ObjectId;
  assignedAt: Date;
  assignedBy: ObjectId;
}

export const collections = declareCollections({
  priceLists: collection<PriceListDoc>('priceLists', [{ key: { createdAt: -1, _id: -1 } }]),
  priceListEntries: collection<PriceListEntryDoc>('priceListEntries', [
    // One entry per list and product; also the index of the bulk lookups (`productId: { $in }`).
    { key: { priceListId: 1, productId: 1 }, options: { unique: true } },
    // The admin's table of a list's entries, by part number.
    { key: { priceListId: 1, sku: 1, _id: 1 } },
  ]),
  companyPriceLists: collection<CompanyPriceListDoc>('companyPriceLists', [
    { key: { companyId: 1 }, options: { unique: true } },
    { key: { priceListId: 1 } },
  ]),
});
