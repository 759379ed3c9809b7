import { checkQuantity } from '@/lib/catalogue/shared';
import { resolveUnitPrice, type PriceSource } from '@/lib/pricing/shared';
import type { CartLine } from '@/lib/cart/shared';

/** A line's figures for the quantity typed: its unit price and total, in cents. */
export interface LineFigures {
  unit: number;
  total: number;
  /** Where the unit price comes from (a contract price is said beside it). */
  source: PriceSource;
}

/** `record` without `key`. */
export function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const rest = { ...record };
  delete rest[key];
  return rest;
}

/**
 * Where a line's picture loads from: a picture on our own origin as it is, any other through
 * the store's copy of its product's picture (the Content-Security-Policy allows no other host
 * here, and the browser cannot tell which hosts the server allows).
 */
export function pictureSrc(line: CartLine): string {
  const own = line.picture.startsWith('/') && !line.picture.startsWith('//');
  return own ? line.picture : `/api/product/${line.productId}/picture`;
}

/**
 * A line's unit price and total for the quantity typed, by the same rules as the server: the
 * buyer's quantity rule (the line carries it, contract overrides applied) and the one price
 * resolution with the buyer's contract.
 */
export function priced(line: CartLine, quantity: number): LineFigures | null {
  if (line.issue?.code === 'deleted') return null;
  const verdict = checkQuantity(
    {
      minimumOrderQuantity: line.minimumOrderQuantity,
      orderMultiple: line.orderMultiple,
      maxOrderQuantity: line.maxOrderQuantity,
      availableQuantity: line.availableQuantity,
    },
    quantity,
  );
  if (!verdict.ok) return null;
  const { unitPriceCents, priceSource } = resolveUnitPrice({
    product: { priceCents: line.priceCents, priceTiers: line.priceTiers },
    quantity,
    contract: line.contract,
  });
  return { unit: unitPriceCents, total: unitPriceCents * quantity, source: priceSource };
}
