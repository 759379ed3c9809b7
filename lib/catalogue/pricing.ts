import { toCents } from '@/lib/core/money';
import { minimumQuantityOf } from './quantity';

/**
 * Volume pricing: the unit price and total of an order for a quantity, from a product's base
 * price and its price tiers. Pure functions over integer cents, shared by the server (which
 * decides the price when an order is placed, lib/orders/store.ts) and the product page (which
 * shows the same figures as the buyer picks a quantity).
 *
 * The price list of a product (rules checked by lib/catalogue/validation/product.ts):
 * - `priceCents` is the base price, paid from the product's minimum order quantity on;
 * - `priceTiers` is empty (the base price for every quantity) or has 2 to 10 rows; the first
 *   row restates the base price at the minimum order quantity, and each later row starts at a
 *   larger quantity with a lower price than the row before;
 * - an order of `quantity` units pays the price of the last row whose `minQuantity` is at most
 *   `quantity` (so 500-4,999 pay the first row, 5,000-19,999 the second, 20,000 and more the
 *   third of the list 500 / 5,000 / 20,000), every unit at that one price;
 * - below the minimum (the product's own, and never below the store's 500) there is no price.
 *
 * Totals are exact: the order schema allows at most 10,000,000 units and the product schema a
 * price of at most $1,000,000 (100,000,000 cents), so a total is at most 10^15 cents, below
 * Number.MAX_SAFE_INTEGER (about 9.007 x 10^15); `totalCentsFor` still refuses anything past it.
 */

/** A row of a price list in dollars, as the API and pages show it. */
export interface PriceTier {
  minQuantity: number;
  price: number;
}

/** A row of a price list in cents, as stored. */
export interface PriceTierCents {
  minQuantity: number;
  priceCents: number;
}

/** What pricing needs of a product: a stored product document has this shape. */
export interface PriceList {
  minimumOrderQuantity: number;
  /** The carton size (absent: 1); the minimum is rounded up to it. */
  orderMultiple?: number | null;
  /** The base price in cents. */
  priceCents: number;
  priceTiers?: readonly PriceTierCents[];
}

/** A product as the API and pages see it (dollars) turned into its price list in cents. */
export function priceListOf(product: {
  minimumOrderQuantity: number;
  orderMultiple?: number | null;
  price: number;
  priceTiers?: readonly PriceTier[];
}): PriceList {
  return {
    minimumOrderQuantity: product.minimumOrderQuantity,
    orderMultiple: product.orderMultiple ?? 1,
    priceCents: toCents(product.price),
    priceTiers: (product.priceTiers ?? []).map((tier) => ({
      minQuantity: tier.minQuantity,
      priceCents: toCents(tier.price),
    })),
  };
}

/**
 * The smallest quantity that may be ordered: the product's minimum, at least 500, rounded up to
 * its carton (the quantity rule, quantity.ts).
 */
export function orderMinimum(
  list: Pick<PriceList, 'minimumOrderQuantity' | 'orderMultiple'>,
): number {
  return minimumQuantityOf(list);
}

/**
 * The index in `priceTiers` of the row that prices `quantity` (the last one starting at or
 * below it), or -1 when the product has no tiers or none starts that low. Rows are searched
 * whatever their order, so a list stored out of order still gives each quantity its row.
 */
export function tierIndexFor(list: PriceList, quantity: number): number {
  const tiers = list.priceTiers ?? [];
  let found = -1;
  tiers.forEach((tier, index) => {
    const best = tiers[found];
    if (tier.minQuantity <= quantity && (!best || tier.minQuantity > best.minQuantity)) {
      found = index;
    }
  });
  return found;
}

/**
 * The price of one unit, in cents, when `quantity` units are ordered: the price of its tier,
 * else the base price. Null when the quantity is not a whole number or is below the minimum
 * (the product's own and the store's 500): such an order has no price and is refused.
 */
export function unitPriceCentsFor(list: PriceList, quantity: number): number | null {
  if (!Number.isSafeInteger(quantity) || quantity < orderMinimum(list)) return null;
  const tier = list.priceTiers?.[tierIndexFor(list, quantity)];
  return tier ? tier.priceCents : list.priceCents;
}

/**
 * The total of an order, in cents: quantity x unit price, in integers. Null when the quantity
 * has no price (see unitPriceCentsFor) or the product would not be an exact integer.
 */
export function totalCentsFor(list: PriceList, quantity: number): number | null {
  const unit = unitPriceCentsFor(list, quantity);
  if (unit === null) return null;
  const total = unit * quantity;
  return Number.isSafeInteger(total) ? total : null;
}

/** The lowest unit price of the list, in cents: what "from $x" shows. */
export function lowestPriceCents(list: PriceList): number {
  return Math.min(list.priceCents, ...(list.priceTiers ?? []).map((tier) => tier.priceCents));
}

/** Whether some quantity is cheaper per unit than the base price. */
export function hasVolumePricing(list: PriceList): boolean {
  return lowestPriceCents(list) < list.priceCents;
}
