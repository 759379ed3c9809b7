/**
 * The plain limits of the forms, without zod: client components import them from here, so a
 * page that only shows a limit (a `maxLength`, a counter) does not load the schemas, which the
 * dashboard forms load on first use (lib/client/lazy-resolver.ts). The schema modules of
 * the features' validation/ folders re-export them.
 */

/** The smallest order the storefront accepts, whatever the product: 500 units. */
export const MINIMUM_ORDER_QUANTITY = 500;

/** A sanity bound on one quantity, far above any stock, so totals stay exact integers. */
export const MAXIMUM_ORDER_QUANTITY = 10_000_000;

/** The most lines a buyer's order list (cart) holds, and so one order. */
export const MAX_CART_LINES = 100;

/** The longest company name and tax id of a business profile. */
export const MAX_COMPANY_LENGTH = 120;
export const MAX_TAX_ID_LENGTH = 40;

/** The ratings a review may give. */
export const RATINGS = [1, 2, 3, 4, 5] as const;

/** The longest note of a request for quote. */
export const MAX_QUOTE_NOTE_LENGTH = 1000;

/** The longest purchase-order number. */
export const MAX_PO_NUMBER_LENGTH = 40;

/** The most rows a product's volume price list may have. */
export const MAX_PRICE_TIERS = 10;

/** The most lines one quick order takes: one order per line, and a buyer's unpaid-orders cap. */
export const MAX_QUICK_ORDER_LINES = 20;

/**
 * The most characters of the pasted text or file: 20 lines of a 40-character part number and
 * a quantity fit many times over, and it stays far below the 64 kB JSON body bound.
 */
export const MAX_QUICK_ORDER_TEXT = 4_000;
