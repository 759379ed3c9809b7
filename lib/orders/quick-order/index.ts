import 'server-only';

/**
 * Quick order by part number: lines of `part number, quantity` (pasted, or the text of an
 * uploaded CSV file) checked against today's catalogue, then either put in the buyer's order
 * list (fill.ts, lib/cart `fillCart`) or placed as ONE order of every valid line (place.ts).
 *
 * - Parsing happens here, on the server, with csv-parse, for the page and for API clients
 *   alike: each line is parsed on its own (a stray quote spoils only its own line), the
 *   delimiter is a comma, a semicolon or a tab (what spreadsheets copy), a first line naming
 *   the columns is skipped, blank lines are ignored.
 * - At most MAX_QUICK_ORDER_LINES (20) lines: more is refused (422) before anything is read.
 * - Lines naming the same part number (whatever its case) are merged, their quantities summed.
 * - Each line is checked as the order form's order is: at least 500 and the product's own
 *   minimum, at most the stock left; a refusal suggests the nearest quantity that may be
 *   ordered. Placing checks everything again: the one order goes through `placeOrderOfLines`,
 *   the one path that takes stock for many lines (all or nothing) and holds the unpaid-orders
 *   cap; a line short of stock at that moment is reported and the others are placed together.
 *
 * One job per file: parse.ts (the text into lines), check.ts (the report), place.ts (the one
 * order), fill.ts (the order list).
 */

export { parseQuickOrderText } from './parse';
export {
  checkQuickOrder,
  type QuickOrderLine,
  type QuickOrderLineStatus,
  type QuickOrderReport,
} from './check';
export {
  placeQuickOrder,
  type FailedLine,
  type PlacedLine,
  type QuickOrderPlacedOrder,
  type QuickOrderResult,
} from './place';
export { quickOrderToCart, type AddedLine, type QuickOrderCartResult } from './fill';
