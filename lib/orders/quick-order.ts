import 'server-only';
import { parse } from 'csv-parse/sync';
import { RefusalError, refusalText, refuse } from '@/lib/core/refusal';
import { orderMinimum, priceListOf, totalCentsFor, unitPriceCentsFor } from '@/lib/catalogue';
import { findOrder, publicOrder } from '@/lib/orders/store';
import { findProductsBySkus, normaliseSku, type Product } from '@/lib/catalogue';
import type { User } from '@/lib/accounts';
import { errorMessages, quickOrderMessages as m } from '@/lib/core/messages';
import { centsToDollars } from '@/lib/core/money';
import { enforce } from '@/lib/core/rate-limit';
import { MAXIMUM_ORDER_QUANTITY, minimumQuantityMessage } from '@/lib/orders/validation/order';
import {
  MAX_QUICK_ORDER_LINES,
  type QuickOrderPlaceInput,
} from '@/lib/orders/validation/quick-order';
import { placeOrderLimit } from './limits';
import { placeOrderFor } from './place-order';

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
 */

type Buyer = Pick<User, 'id' | 'name' | 'email' | 'emailVerified'>;

export type QuickOrderLineStatus =
  'ok' | 'malformed' | 'unknown_part' | 'below_minimum' | 'above_stock' | 'too_large';

/** One line of the validation report (several source lines when they were merged). */
export interface QuickOrderLine {
  /** The numbers of the lines it comes from, 1-based as in the pasted text or file. */
  lines: number[];
  /** The line as written (for a malformed line), else the part number and quantity. */
  text: string;
  /** The part number as written on its first line; null when the line is malformed. */
  partNumber: string | null;
  /** The quantity (summed over merged lines); null when the line is malformed. */
  quantity: number | null;
  status: QuickOrderLineStatus;
  /** Why the line cannot be ordered as it is; null when it can. */
  message: string | null;
  /** Said when duplicate lines were merged into this one. */
  merged: string | null;
  /** The nearest quantity that may be ordered, when the quantity cannot. */
  suggestedQuantity: number | null;
  /** The stock left, when the quantity is above it. */
  available: number | null;
  /** The product of a known part number, priced for this quantity when it may be ordered. */
  product: {
    _id: string;
    name: string;
    sku: string;
    minimumOrderQuantity: number;
    /** US dollars per unit (its volume tier); null when the quantity has no price. */
    unitPrice: number | null;
    /** US dollars for the line; null when the quantity has no price. */
    price: number | null;
  } | null;
}

export interface QuickOrderReport {
  lines: QuickOrderLine[];
  /** How many lines may be ordered as they are. */
  orderable: number;
}

/** A line placed as an order. */
export interface PlacedLine {
  lines: number[];
  partNumber: string;
  quantity: number;
  orderId: string;
  productId: string;
  productName: string;
  /** The order's total in US dollars, as stored on the order. */
  price: number;
}

/** A line that was not placed, with why. */
export interface FailedLine {
  lines: number[];
  text: string;
  partNumber: string | null;
  quantity: number | null;
  /** The check's status, or `not_placed` for a line refused when its order was placed. */
  status: Exclude<QuickOrderLineStatus, 'ok'> | 'not_placed';
  message: string;
}

export interface QuickOrderResult {
  placed: PlacedLine[];
  failed: FailedLine[];
}

// ---- Parsing -------------------------------------------------------------------------------

interface ParsedLine {
  line: number;
  text: string;
  fields: string[] | null;
}

/** A whole quantity, with optional thousands separators: 1000, 1,000, 1 000, 1_000. */
const QUANTITY = /^(?:\d+|\d{1,3}(?:[ ,_]\d{3})+)$/;
/** A first line that names the columns: part number / sku / item …, then no number. */
const HEADER = /^(?:part|sku|item|article|product|p\/n)/i;

function parseFields(text: string): string[] | null {
  try {
    const records = parse(text, {
      delimiter: [',', ';', '\t'],
      trim: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
    if (records.length !== 1) return null;
    const fields = [...records[0]!];
    while (fields.length && fields.at(-1) === '') fields.pop();
    return fields;
  } catch {
    return null;
  }
}

/**
 * The lines of the text that are not blank, each with its number and fields, the header line
 * left out. 422 when there are more than MAX_QUICK_ORDER_LINES.
 */
export function parseQuickOrderText(text: string): ParsedLine[] {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const filled = rows
    .map((raw, index) => ({ line: index + 1, text: raw.trim() }))
    .filter((row) => row.text.length > 0);
  const first = filled[0] ? parseFields(filled[0].text) : null;
  const header =
    !!first && first.length === 2 && HEADER.test(first[0]!) && !QUANTITY.test(first[1]!);
  const lines = header ? filled.slice(1) : filled;
  // Refused before any line is read further.
  if (lines.length > MAX_QUICK_ORDER_LINES) throw tooManyLines(lines.length);
  return lines.map((row) => ({ ...row, fields: parseFields(row.text) }));
}

function tooManyLines(count: number) {
  return refuse('quick_order.too_many_lines', {
    params: { max: MAX_QUICK_ORDER_LINES, count },
    details: { maxLines: MAX_QUICK_ORDER_LINES, lines: count },
  });
}

// ---- Checking ------------------------------------------------------------------------------

function malformed(row: ParsedLine, message: string): QuickOrderLine {
  return {
    lines: [row.line],
    text: row.text.slice(0, 200),
    partNumber: null,
    quantity: null,
    status: 'malformed',
    message,
    merged: null,
    suggestedQuantity: null,
    available: null,
    product: null,
  };
}

/** Today's verdict on `quantity` units of `product`, with the nearest valid quantity. */
function judge(
  product: Product,
  quantity: number,
): Pick<QuickOrderLine, 'status' | 'message' | 'suggestedQuantity' | 'available' | 'product'> {
  const list = priceListOf(product);
  const minimum = orderMinimum(list);
  const available = product.availableQuantity;
  const unitCents = unitPriceCentsFor(list, quantity);
  const totalCents = totalCentsFor(list, quantity);
  const summary = {
    _id: product._id,
    name: product.name,
    sku: product.sku ?? '',
    minimumOrderQuantity: minimum,
    unitPrice: unitCents === null ? null : centsToDollars(unitCents),
    price: totalCents === null ? null : centsToDollars(totalCents),
  };
  const refused = { suggestedQuantity: null, available: null, product: summary };
  if (quantity > MAXIMUM_ORDER_QUANTITY) {
    return { ...refused, status: 'too_large', message: m.tooLarge };
  }
  // The most that may be ordered now, when the stock reaches the minimum.
  const most = available >= minimum ? available : null;
  if (quantity < minimum && most !== null) {
    return {
      ...refused,
      status: 'below_minimum',
      message: m.belowMinimum(minimumQuantityMessage(minimum), minimum),
      suggestedQuantity: minimum,
    };
  }
  if (quantity > available || most === null) {
    return {
      ...refused,
      status: 'above_stock',
      message: m.aboveStock(available, most),
      suggestedQuantity: most,
      available,
    };
  }
  if (totalCents === null) return { ...refused, status: 'too_large', message: m.tooLarge };
  return {
    status: 'ok',
    message: null,
    suggestedQuantity: null,
    available: null,
    product: summary,
  };
}

/**
 * The validation report of a quick order: every line as it would be ordered now (malformed
 * lines, unknown part numbers, quantities below the minimum or above the stock, merged
 * duplicates), in the order of the text. Writes nothing.
 */
export async function checkQuickOrder(text: string): Promise<QuickOrderReport> {
  const rows = parseQuickOrderText(text);
  const entries: Array<
    | { kind: 'malformed'; line: QuickOrderLine }
    | { kind: 'part'; key: string; rows: ParsedLine[]; partNumber: string; quantity: number }
  > = [];
  const byPart = new Map<string, Extract<(typeof entries)[number], { kind: 'part' }>>();
  for (const row of rows) {
    const fields = row.fields;
    if (!fields || fields.length !== 2 || !fields[0]) {
      entries.push({ kind: 'malformed', line: malformed(row, m.malformed) });
      continue;
    }
    const [partNumber, quantityText] = fields as [string, string];
    if (!QUANTITY.test(quantityText)) {
      entries.push({ kind: 'malformed', line: malformed(row, m.quantityWhole) });
      continue;
    }
    const quantity = Number(quantityText.replace(/[ ,_]/g, ''));
    const key = normaliseSku(partNumber);
    const known = byPart.get(key);
    if (known) {
      known.rows.push(row);
      known.quantity += quantity;
      continue;
    }
    const entry = { kind: 'part' as const, key, rows: [row], partNumber, quantity };
    byPart.set(key, entry);
    entries.push(entry);
  }

  const products = await findProductsBySkus([...byPart.keys()]);
  const lines = entries.map((entry): QuickOrderLine => {
    if (entry.kind === 'malformed') return entry.line;
    const numbers = entry.rows.map((row) => row.line);
    const base = {
      lines: numbers,
      text: `${entry.partNumber}, ${entry.quantity}`,
      partNumber: entry.partNumber.slice(0, 60),
      quantity: entry.quantity,
      merged: numbers.length > 1 ? m.merged(numbers) : null,
    };
    const product = products.get(entry.key);
    if (!product) {
      return {
        ...base,
        status: 'unknown_part',
        message: m.unknownPart,
        suggestedQuantity: null,
        available: null,
        product: null,
      };
    }
    return { ...base, ...judge(product, entry.quantity) };
  });
  return { lines, orderable: lines.filter((line) => line.status === 'ok').length };
}

// ---- Placing -------------------------------------------------------------------------------

/**
 * Why an order could not be placed, in the words its refusal gives a person: the first field
 * issue of an input refusal (a quantity above the stock), else the refusal's sentence.
 */
function reasonOf(error: unknown): string {
  if (error instanceof RefusalError) {
    const { refusal } = error;
    return Object.values(refusal.fields ?? {})[0]?.[0] ?? refusalText(refusal);
  }
  console.error('[quick-order] a line could not be placed', error);
  return errorMessages['server.internal'].message;
}

/**
 * Places a quick order for the signed-in buyer: the lines are checked again now, and each
 * line that may be ordered becomes one order with the delivery fields, placed one after the
 * other by `placeOrderFor` (stock reserved by its one conditional update, the unpaid-orders cap
 * and every other rule of POST /api/order). A line refused at that moment (its stock taken
 * meanwhile, the cap reached) is reported with its reason and the others stand. Each order
 * counts against the same per-user hourly limit as POST /api/order, all of them before any is
 * placed (429 and nothing placed when they do not fit). 422 when no line may be ordered.
 */
export async function placeQuickOrder(
  buyer: Buyer,
  input: QuickOrderPlaceInput,
  origin: string,
): Promise<QuickOrderResult> {
  const report = await checkQuickOrder(input.text);
  const orderable = report.lines.filter((line) => line.status === 'ok');
  if (!orderable.length) {
    throw refuse('quick_order.nothing_to_place', { details: { lines: report.lines } });
  }
  await enforce([{ limit: placeOrderLimit, key: buyer.id, weight: orderable.length }]);

  const placed: PlacedLine[] = [];
  const failed: FailedLine[] = [];
  for (const line of report.lines) {
    if (line.status !== 'ok') {
      failed.push({
        lines: line.lines,
        text: line.text,
        partNumber: line.partNumber,
        quantity: line.quantity,
        status: line.status,
        message: line.message ?? m.malformed,
      });
      continue;
    }
    const product = line.product!;
    try {
      const orderId = await placeOrderFor(
        buyer,
        {
          productId: product._id,
          quantity: line.quantity!,
          address: input.address,
          phone: input.phone,
          ...(input.poNumber ? { poNumber: input.poNumber } : {}),
        },
        origin,
      );
      const order = await findOrder(orderId);
      placed.push({
        lines: line.lines,
        partNumber: line.partNumber!,
        quantity: line.quantity!,
        orderId,
        productId: product._id,
        productName: order?.name ?? product.name,
        price: order ? publicOrder(order).price : (product.price ?? 0),
      });
    } catch (error) {
      failed.push({
        lines: line.lines,
        text: line.text,
        partNumber: line.partNumber,
        quantity: line.quantity,
        status: 'not_placed',
        message: reasonOf(error),
      });
    }
  }
  const first = (entry: { lines: number[] }) => entry.lines[0] ?? 0;
  failed.sort((a, b) => first(a) - first(b));
  return { placed, failed };
}
