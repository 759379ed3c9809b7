import 'server-only';
import { filledLines, lineFields } from '@/lib/core/csv-lines';
import { refuse } from '@/lib/core/refusal';
import { MAX_QUICK_ORDER_LINES } from '../validation/quick-order';

/**
 * Parsing a quick order, on the server with csv-parse, for the page and for API clients alike:
 * each line is parsed on its own (a stray quote spoils only its own line), the delimiter is a
 * comma, a semicolon or a tab (what spreadsheets copy), a first line naming the columns is
 * skipped, blank lines are ignored. At most MAX_QUICK_ORDER_LINES (20) lines: more is refused
 * (422) before anything is read.
 */

export interface ParsedLine {
  line: number;
  text: string;
  fields: string[] | null;
}

/** A whole quantity, with optional thousands separators: 1000, 1,000, 1 000, 1_000. */
export const QUANTITY = /^(?:\d+|\d{1,3}(?:[ ,_]\d{3})+)$/;
/** A first line that names the columns: part number / sku / item …, then no number. */
const HEADER = /^(?:part|sku|item|article|product|p\/n)/i;

/**
 * The lines of the text that are not blank, each with its number and fields, the header line
 * left out. 422 when there are more than MAX_QUICK_ORDER_LINES.
 */
export function parseQuickOrderText(text: string): ParsedLine[] {
  const filled = filledLines(text);
  const first = filled[0] ? lineFields(filled[0].text) : null;
  const header =
    !!first && first.length === 2 && HEADER.test(first[0]!) && !QUANTITY.test(first[1]!);
  const lines = header ? filled.slice(1) : filled;
  // Refused before any line is read further.
  if (lines.length > MAX_QUICK_ORDER_LINES) throw tooManyLines(lines.length);
  return lines.map((row) => ({ ...row, fields: lineFields(row.text) }));
}

function tooManyLines(count: number) {
  return refuse('quick_order.too_many_lines', {
    params: { max: MAX_QUICK_ORDER_LINES, count },
    details: { maxLines: MAX_QUICK_ORDER_LINES, lines: count },
  });
}
