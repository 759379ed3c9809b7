import 'server-only';
import type { ObjectId } from 'mongodb';
import { checkQuantity, minimumQuantityOf, type ProductDoc } from '@/lib/catalogue';
import {
  contractOverridesOf,
  contractPricingOf,
  resolveUnitPrice,
  type Contract,
} from '@/lib/pricing';
import type { OrderLineDoc } from '../collections';

/** The lines of an order being placed: why a line is refused, and each line priced from its product. */

/** Why one line of an order of several lines cannot be ordered. */
export interface RefusedLine {
  productId: string;
  quantity: number;
  /**
   * `not_found`; `below_minimum`; `not_multiple`: not a whole number of cartons; `above_maximum`:
   * above the most one order may take; `out_of_stock`: above the stock.
   */
  reason: 'not_found' | 'below_minimum' | 'not_multiple' | 'above_maximum' | 'out_of_stock';
  /** The product's effective minimum (below_minimum). */
  minimum?: number;
  /** The stock left (out_of_stock). */
  available?: number;
  /** The carton size (below_minimum, not_multiple, above_maximum). */
  multiple?: number;
  /** The most one order may take (above_maximum). */
  maximum?: number;
  /** The valid quantities nearest the one asked (not_multiple, above_maximum). */
  nearest?: number[];
}

/** One line to place: a product, how many, and for a quote the quoted unit price in cents. */
export interface LineToPlace {
  productId: string;
  quantity: number;
  quotedUnitPriceCents?: number;
}

/**
 * What prices the lines besides their products: the company's contract (lib/pricing; null for
 * a buyer without one), the accepted quote's reference, and the instant the prices are for.
 */
export interface LinePricing {
  contract: Contract | null;
  quoteReference?: string;
  at: Date;
}

const noContract: LinePricing = { contract: null, at: new Date(0) };

/**
 * Why `quantity` of `product` cannot be ordered now, or null when it can: the one quantity rule
 * (lib/catalogue/quantity.ts) with the buyer's contract overrides. A quoted line keeps the
 * quantity its quote was accepted for: only its product's own minimum and the stock are checked.
 */
export function lineRefusal(
  productId: string,
  quantity: number,
  product: ProductDoc | undefined,
  { quoted = false, contract = null }: { quoted?: boolean; contract?: Contract | null } = {},
): RefusedLine | null {
  if (!product) return { productId, quantity, reason: 'not_found' };
  if (quoted) {
    if (quantity < product.minimumOrderQuantity) {
      return {
        productId,
        quantity,
        reason: 'below_minimum',
        minimum: product.minimumOrderQuantity,
      };
    }
    if (quantity > product.availableQuantity) {
      return {
        productId,
        quantity,
        reason: 'out_of_stock',
        available: Math.max(0, product.availableQuantity),
      };
    }
    return null;
  }
  const verdict = checkQuantity(product, quantity, contractOverridesOf(contract, productId));
  if (verdict.ok) return null;
  switch (verdict.reason) {
    case 'below_minimum':
      return {
        productId,
        quantity,
        reason: 'below_minimum',
        minimum: verdict.minimum,
        multiple: verdict.multiple,
      };
    case 'above_stock':
      return { productId, quantity, reason: 'out_of_stock', available: verdict.available };
    case 'above_maximum':
    case 'too_large':
      return {
        productId,
        quantity,
        reason: 'above_maximum',
        maximum: verdict.maximum,
        multiple: verdict.multiple,
        nearest: verdict.neighbours,
      };
    default:
      return {
        productId,
        quantity,
        reason: 'not_multiple',
        multiple: verdict.multiple,
        nearest: verdict.neighbours,
      };
  }
}

/**
 * A line priced from its product as taken (the one price resolution, lib/pricing: quote >
 * contract > volume tier > list price), with where its price came from; null when it has no
 * price (below the minimum).
 */
function pricedLine(
  line: LineToPlace & { _id: ObjectId },
  product: ProductDoc,
  pricing: LinePricing,
): OrderLineDoc | 'below_minimum' | 'too_large' {
  const quoted = line.quotedUnitPriceCents;
  const productId = line._id.toHexString();
  const overrides = contractOverridesOf(pricing.contract, productId);
  if (quoted === undefined && line.quantity < minimumQuantityOf(product, overrides)) {
    return 'below_minimum';
  }
  const { unitPriceCents, priceSource } = resolveUnitPrice({
    product,
    quantity: line.quantity,
    quote:
      quoted === undefined
        ? null
        : { unitPriceCents: quoted, ref: pricing.quoteReference ?? 'quote' },
    contract: contractPricingOf(pricing.contract, productId),
    at: pricing.at,
  });
  const totalCents = lineTotalCents(unitPriceCents, line.quantity);
  if (totalCents === null) return 'too_large';
  return {
    productId: line._id,
    sku: product.sku ?? null,
    name: product.name,
    picture: product.picture,
    quantity: line.quantity,
    unitPriceCents,
    totalCents,
    priceSource,
  };
}

/**
 * Every line priced from its product (the documents read before placing, or those its stock was
 * taken from): the priced lines, or the first line below its minimum, or `too_large` for a
 * total past exact integers.
 */
export function priceLines(
  lines: ReadonlyArray<LineToPlace & { _id: ObjectId }>,
  products: ReadonlyMap<string, ProductDoc>,
  pricing: LinePricing = noContract,
): OrderLineDoc[] | RefusedLine | 'too_large' {
  const priced: OrderLineDoc[] = [];
  for (const line of lines) {
    const product = products.get(line._id.toHexString())!;
    const one = pricedLine(line, product, pricing);
    if (one === 'too_large') return one;
    if (one === 'below_minimum') {
      return {
        productId: line.productId,
        quantity: line.quantity,
        reason: 'below_minimum',
        minimum: minimumQuantityOf(product, contractOverridesOf(pricing.contract, line.productId)),
      };
    }
    priced.push(one);
  }
  return priced;
}

/** quantity x the unit price in integer cents; null for no positive price or past exact integers. */
function lineTotalCents(unitPriceCents: number, quantity: number): number | null {
  if (!Number.isSafeInteger(unitPriceCents) || unitPriceCents <= 0) return null;
  const total = unitPriceCents * quantity;
  return Number.isSafeInteger(total) ? total : null;
}
