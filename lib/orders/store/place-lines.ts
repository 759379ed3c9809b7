import 'server-only';
import type { ObjectId } from 'mongodb';
import { orderMinimum, totalCentsFor, unitPriceCentsFor, type ProductDoc } from '@/lib/catalogue';
import type { OrderLineDoc } from '../collections';

/** The lines of an order being placed: why a line is refused, and each line priced from its product. */

/** Why one line of an order of several lines cannot be ordered. */
export interface RefusedLine {
  productId: string;
  quantity: number;
  reason: 'not_found' | 'below_minimum' | 'out_of_stock';
  /** The product's effective minimum (below_minimum). */
  minimum?: number;
  /** The stock left (out_of_stock). */
  available?: number;
}

/** One line to place: a product, how many, and for a quote the quoted unit price in cents. */
export interface LineToPlace {
  productId: string;
  quantity: number;
  quotedUnitPriceCents?: number;
}

/** Why `quantity` of `product` cannot be ordered now, or null when it can. */
export function lineRefusal(
  productId: string,
  quantity: number,
  product: ProductDoc | undefined,
): RefusedLine | null {
  if (!product) return { productId, quantity, reason: 'not_found' };
  if (quantity < product.minimumOrderQuantity) {
    return { productId, quantity, reason: 'below_minimum', minimum: product.minimumOrderQuantity };
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

/** A line priced from its product as taken: null when it has no price (below the minimum). */
function pricedLine(
  line: LineToPlace & { _id: ObjectId },
  product: ProductDoc,
): OrderLineDoc | 'below_minimum' | 'too_large' {
  const quoted = line.quotedUnitPriceCents;
  if (quoted === undefined && line.quantity < orderMinimum(product)) return 'below_minimum';
  const unitPriceCents = quoted ?? unitPriceCentsFor(product, line.quantity);
  if (unitPriceCents === null) return 'below_minimum';
  const totalCents =
    quoted === undefined
      ? totalCentsFor(product, line.quantity)
      : quotedTotalCents(quoted, line.quantity);
  if (totalCents === null) return 'too_large';
  return {
    productId: line._id,
    sku: product.sku ?? null,
    name: product.name,
    picture: product.picture,
    quantity: line.quantity,
    unitPriceCents,
    totalCents,
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
): OrderLineDoc[] | RefusedLine | 'too_large' {
  const priced: OrderLineDoc[] = [];
  for (const line of lines) {
    const product = products.get(line._id.toHexString())!;
    const one = pricedLine(line, product);
    if (one === 'too_large') return one;
    if (one === 'below_minimum') {
      return {
        productId: line.productId,
        quantity: line.quantity,
        reason: 'below_minimum',
        minimum: orderMinimum(product),
      };
    }
    priced.push(one);
  }
  return priced;
}

/** quantity x the quoted unit price in integer cents; null past exact integers. */
function quotedTotalCents(unitPriceCents: number, quantity: number): number | null {
  if (!Number.isSafeInteger(unitPriceCents) || unitPriceCents <= 0) return null;
  const total = unitPriceCents * quantity;
  return Number.isSafeInteger(total) ? total : null;
}
