/**
 * The client-safe face of lib/pricing (price lists): the limits, the one price resolution and
 * the shapes pages show. Nothing here imports server-only code.
 */
export * from './rules';
export * from './resolve';
export type {
  ImportColumn,
  ImportLineReport,
  ImportProblem,
  ImportProblemReason,
} from './import-lines';

/** A price list as the admin's pages and the API show it (dates ISO 8601, money in dollars). */
export interface PriceListView {
  _id: string;
  name: string;
  validFrom: string | null;
  validTo: string | null;
  /** The list-wide percentage off the list price (12.5), or null. */
  percentOff: number | null;
  entryCount: number;
  companyCount: number;
  createdAt: string;
  updatedAt: string;
}

/** One product's entry in a list, prices in dollars. */
export interface PriceListEntryView {
  productId: string;
  sku: string;
  unitPrice: number | null;
  tiers: { minQuantity: number; unitPrice: number }[] | null;
  minQuantity: number | null;
  multiple: number | null;
  maxQuantity: number | null;
  updatedAt: string;
}

export interface Paged<T> {
  items: T[];
  page: number;
  pages: number;
  total: number;
}

/** A list with a page of its entries and the companies that buy at it (ids, at most 100). */
export interface PriceListDetail extends PriceListView {
  entries: Paged<PriceListEntryView>;
  companyIds: string[];
}

/** What an import wrote. */
export interface ImportResult {
  lineCount: number;
  created: number;
  updated: number;
}

/** A company's price list, after a store admin set it. */
export interface CompanyPriceListView {
  companyId: string;
  priceList: { _id: string; name: string } | null;
}
