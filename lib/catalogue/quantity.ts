import { MAXIMUM_ORDER_QUANTITY, MINIMUM_ORDER_QUANTITY } from '@/lib/core/validation/limits';

/**
 * Which quantities of a product may be ordered, in one function shared by the order list,
 * checkout, quick order and the pages that show a quantity: a whole number, at least the
 * product's minimum (never below the store's 500), at most the stock left and the store's
 * sanity bound. A refused quantity comes with the nearest quantity that may be ordered, or none
 * when the stock is below the minimum. Client-safe (pure).
 */

/** What the rule needs of a product. */
export interface QuantityFacts {
  minimumOrderQuantity: number;
  availableQuantity: number;
}

export type QuantityVerdict =
  | { ok: true }
  | {
      ok: false;
      /** `not_whole`: not a whole number; `below_minimum`; `above_stock`; `too_large`. */
      reason: 'not_whole' | 'below_minimum' | 'above_stock' | 'too_large';
      /** The effective minimum (the product's, at least 500). */
      minimum: number;
      /** The stock left. */
      available: number;
      /** The valid quantity closest to the one asked, or null when none may be ordered. */
      nearest: number | null;
    };

/** The smallest quantity of this product that may be ordered: its minimum, at least 500. */
export function minimumQuantityOf(product: Pick<QuantityFacts, 'minimumOrderQuantity'>): number {
  return Math.max(MINIMUM_ORDER_QUANTITY, product.minimumOrderQuantity);
}

/** The largest quantity that may be ordered now: the stock, within the store's bound. */
export function maximumQuantityOf(product: QuantityFacts): number {
  return Math.min(MAXIMUM_ORDER_QUANTITY, Math.max(0, product.availableQuantity));
}

/** Whether `quantity` units of `product` may be ordered now, and if not the nearest that may. */
export function checkQuantity(product: QuantityFacts, quantity: number): QuantityVerdict {
  const minimum = minimumQuantityOf(product);
  const maximum = maximumQuantityOf(product);
  const available = Math.max(0, product.availableQuantity);
  const nearest = (wanted: number): number | null =>
    maximum < minimum ? null : Math.min(maximum, Math.max(minimum, Math.round(wanted)));
  const refuse = (reason: 'not_whole' | 'below_minimum' | 'above_stock' | 'too_large') => ({
    ok: false as const,
    reason,
    minimum,
    available,
    nearest: nearest(quantity),
  });
  if (!Number.isSafeInteger(quantity)) return refuse('not_whole');
  if (quantity < minimum) return refuse('below_minimum');
  if (quantity > MAXIMUM_ORDER_QUANTITY) return refuse('too_large');
  if (quantity > available) return refuse('above_stock');
  return { ok: true };
}
