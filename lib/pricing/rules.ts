/**
 * The limits and small rules of price lists, client-safe: the pages and the server share them.
 */

/** The longest name of a price list. */
export const MAX_PRICE_LIST_NAME = 120;

/** The most rows an entry's own volume tiers may have (as a product's). */
export const MAX_ENTRY_TIERS = 10;

/** The highest unit price an entry may have, in cents ($1,000,000, as a product's). */
export const MAX_ENTRY_PRICE_CENTS = 100_000_000;

/** The largest quantity an entry's minimum, multiple or maximum may name (as an order's). */
export const MAX_ENTRY_QUANTITY = 10_000_000;

/** A CSV import: at most this many lines (the header left out) ... */
export const MAX_IMPORT_LINES = 10_000;
/** ... and at most this many bytes. */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

/** The columns of an import, in their order (the last three may be left empty). */
export const IMPORT_COLUMNS = [
  'sku',
  'unitPrice',
  'minQuantity',
  'multiple',
  'maxQuantity',
] as const;

/** Price lists a page of the admin's list holds by default, and entries a page of a list. */
export const DEFAULT_PRICE_LIST_LIMIT = 25;
export const DEFAULT_ENTRY_LIMIT = 50;

/** Basis points in 100 %: a percentage off is stored as a whole number of basis points. */
export const BASIS_POINTS = 10_000;

/** A percentage with at most two decimals (12.5 %) as basis points (1250). */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** Basis points (1250) as the percentage people read and the API answers (12.5). */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/** Whether a number has at most two decimals (prices in dollars, percentages). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}
