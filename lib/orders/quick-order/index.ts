import 'server-only';

/**
 * Quick order by part number: lines of `part number, quantity` (pasted, or the text of an
 * uploaded CSV file) checked against today's catalogue, then placed as one order per line.
 *
 * - Parsing happens here, on the server, with csv-parse, for the page and for API clients
 *   alike: each line is parsed on its own (a stray quote spoils only its own line), the
 *   delimiter is a comma, a semicolon or a tab (what spreadsheets copy), a first line naming
 *   the columns is skipped, blank lines are ignored.
 * - At most MAX_QUICK_ORDER_LINES (20) lines: more is refused (422) before anything is read.
 * - Lines naming the same part number (whatever its case) are merged, their quantities summed.
 * - Each line is checked as the order form's order is: at least 500 and the product's own
 *   minimum, at most the stock left; a refusal suggests the nearest quantity that may be
 *   ordered. Placing checks everything again: each order goes through `placeOrderFor`, the one
 *   path that reserves stock (one conditional update) and holds the unpaid-orders cap.
 *
 * One job per file: parse.ts (the text into lines), check.ts (the report), place.ts (the orders).
 */

export { parseQuickOrderText } from './parse';
export {
  checkQuickOrder,
  type QuickOrderLine,
  type QuickOrderLineStatus,
  type QuickOrderReport,
} from './check';
export { placeQuickOrder, type FailedLine, type PlacedLine, type QuickOrderResult } from './place';
