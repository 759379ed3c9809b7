import 'server-only';
import {
  cartonMessage,
  checkQuantity,
  findProductsBySkus,
  maximumMessage,
  normaliseSku,
  priceListOf,
  quantityRuleOf,
  type Product,
} from '@/lib/catalogue';
import {
  contractOfPerson,
  contractOverridesOf,
  contractPricingOf,
  resolveUnitPrice,
  type Contract,
  type PriceSource,
} from '@/lib/pricing';
import { quickOrderMessages as m } from '@/lib/core/messages';
import { centsToDollars } from '@/lib/core/money';
import { minimumQuantityMessage } from '../validation/order';
import { parseQuickOrderText, QUANTITY, type ParsedLine } from './parse';

/**
 * Checking a quick order against today's catalogue: lines naming the same part number (whatever
 * its case) are merged, their quantities summed; each line is checked as the order form's order
 * is (the one quantity rule with the buyer's contract: the minimum, whole cartons, the maximum
 * and the stock), priced as it would be ordered, and a refusal suggests the nearest quantity
 * that may be ordered.
 */

export type QuickOrderLineStatus =
  | 'ok'
  | 'malformed'
  | 'unknown_part'
  | 'below_minimum'
  | 'not_multiple'
  | 'above_maximum'
  | 'above_stock'
  | 'too_large';

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
    /** The smallest quantity this buyer may order (the carton and their contract applied). */
    minimumOrderQuantity: number;
    /** The carton size for this buyer. */
    orderMultiple: number;
    /** US dollars per unit (their contract, the volume tier or the list); null when the quantity has no price. */
    unitPrice: number | null;
    /** US dollars for the line; null when the quantity has no price. */
    price: number | null;
    /** Where the unit price comes from; null when the quantity has no price. */
    priceSource: PriceSource | null;
  } | null;
}

export interface QuickOrderReport {
  lines: QuickOrderLine[];
  /** How many lines may be ordered as they are. */
  orderable: number;
}

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

/**
 * Today's verdict on `quantity` units of `product` for this buyer (their contract's quantity
 * overrides and prices, if any), with the nearest valid quantity.
 */
function judge(
  product: Product,
  quantity: number,
  contract: Contract | null,
): Pick<QuickOrderLine, 'status' | 'message' | 'suggestedQuantity' | 'available' | 'product'> {
  const overrides = contractOverridesOf(contract, product._id);
  const rule = quantityRuleOf(product, overrides);
  const verdict = checkQuantity(product, quantity, overrides);
  const price = verdict.ok
    ? resolveUnitPrice({
        product: priceListOf(product),
        quantity,
        contract: contractPricingOf(contract, product._id),
      })
    : null;
  const totalCents = price === null ? null : price.unitPriceCents * quantity;
  const summary = {
    _id: product._id,
    name: product.name,
    sku: product.sku ?? '',
    minimumOrderQuantity: rule.minimum,
    orderMultiple: rule.multiple,
    unitPrice: price === null ? null : centsToDollars(price.unitPriceCents),
    price: totalCents === null ? null : centsToDollars(totalCents),
    priceSource: price?.priceSource ?? null,
  };
  const refused = { suggestedQuantity: null, available: null, product: summary };
  if (verdict.ok) {
    if (totalCents === null || !Number.isSafeInteger(totalCents)) {
      return { ...refused, status: 'too_large', message: m.tooLarge };
    }
    return {
      status: 'ok',
      message: null,
      suggestedQuantity: null,
      available: null,
      product: summary,
    };
  }
  switch (verdict.reason) {
    case 'too_large':
      return { ...refused, status: 'too_large', message: m.tooLarge };
    case 'below_minimum':
      if (verdict.nearest !== null) {
        return {
          ...refused,
          status: 'below_minimum',
          message: m.belowMinimum(minimumQuantityMessage(rule.minimum), rule.minimum),
          suggestedQuantity: rule.minimum,
        };
      }
      return {
        ...refused,
        status: 'above_stock',
        message: m.aboveStock(rule.available, null),
        available: rule.available,
      };
    case 'above_stock':
      return {
        ...refused,
        status: 'above_stock',
        message: m.aboveStock(rule.available, verdict.nearest),
        suggestedQuantity: verdict.nearest,
        available: rule.available,
      };
    case 'above_maximum':
      return {
        ...refused,
        status: 'above_maximum',
        message: maximumMessage(rule.maximum, rule.multiple),
        suggestedQuantity: verdict.nearest,
      };
    default:
      return {
        ...refused,
        status: 'not_multiple',
        message: cartonMessage(rule.multiple, verdict.neighbours),
        suggestedQuantity: verdict.nearest,
      };
  }
}

/**
 * The validation report of a quick order: every line as it would be ordered now (malformed
 * lines, unknown part numbers, quantities below the minimum or above the stock, merged
 * duplicates), in the order of the text. Writes nothing.
 */
export async function checkQuickOrder(
  buyer: { id: string },
  text: string,
): Promise<QuickOrderReport> {
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
  const contract = products.size
    ? await contractOfPerson(
        buyer,
        [...products.values()].map((product) => product._id),
      )
    : null;
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
    return { ...base, ...judge(product, entry.quantity, contract) };
  });
  return { lines, orderable: lines.filter((line) => line.status === 'ok').length };
}
