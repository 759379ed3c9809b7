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

/** The most products one question for member prices names (`GET /api/prices`). */
export const MAX_MEMBER_PRICE_IDS = 100;

/**
 * A signed-in company member's own price of one product, from their company's contract
 * (`memberPrices`, `GET /api/prices`): money in dollars. Never part of a shared or cached page.
 */
export interface MemberPrice {
  productId: string;
  /** The product's list price. */
  listPrice: number;
  /** The member's unit price at `minimumOrderQuantity`. */
  unitPrice: number;
  /** The contract the price comes from (`contract:<price list id>`). */
  priceSource: `contract:${string}`;
  /** The contract entry's own volume tiers, or null (a fixed price, or the list's percentage). */
  tiers: { minQuantity: number; unitPrice: number }[] | null;
  /** The member's quantity rule for the product (the contract's overrides applied). */
  minimumOrderQuantity: number;
  orderMultiple: number;
  /** The most one order may take (a whole number of cartons); null: no maximum per order. */
  maxOrderQuantity: number | null;
}

/** The contract a member buys at and their prices of the products asked (only contract prices). */
export interface MemberPrices {
  contract: { id: string; name: string } | null;
  prices: MemberPrice[];
}
