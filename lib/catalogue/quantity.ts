import { fieldMessages, messages } from '@/lib/core/messages';
import { MAXIMUM_ORDER_QUANTITY, MINIMUM_ORDER_QUANTITY } from '@/lib/core/validation/limits';

/** 'Minimum Order Quantity - 500', or the product's own higher minimum. */
export function minimumQuantityMessage(minimum: number): string {
  return minimum <= MINIMUM_ORDER_QUANTITY
    ? messages.order.minimumText
    : fieldMessages.order.minimum(minimum);
}

/**
 * The refusal of a quantity above the stock. The figure left is stated only when the quantity
 * is near it (at most twice the stock) or nothing is left: a request far above the stock learns
 * only that there is not enough, so probing with huge quantities does not read off the stock.
 */
export function stockMessage(available: number, requested: number): string {
  if (available > 0 && requested > 2 * available) {
    return fieldMessages.order.notEnoughStock;
  }
  return fieldMessages.order.onlyAvailable(available);
}

/**
 * THE quantity rule of the store (issue 26), in one function shared by the order form, the order
 * list, checkout, quick order, quotes and the pages that show a quantity. A quantity may be
 * ordered when it is:
 * - a whole number;
 * - at least the effective minimum: the largest of the store's 500, the product's minimum and a
 *   contract's minimum, rounded UP to the next multiple (500 with cartons of 48 gives 528);
 * - a multiple of the carton size (`orderMultiple`, the contract's when it sets one, else 1);
 * - at most the effective maximum: the contract's maximum, else the product's, else none, and
 *   never above the stock left or the store's sanity bound, rounded DOWN to a multiple (a stock
 *   of 530 in cartons of 48 gives 528).
 * A refused quantity comes with the nearest valid quantities on either side of it (one or two),
 * or none when nothing may be ordered (the stock or the maximum is below the minimum).
 * Client-safe (pure).
 */

/** What the rule needs of a product (a stored product document has this shape). */
export interface QuantityFacts {
  minimumOrderQuantity: number;
  availableQuantity: number;
  /** The carton size: every quantity is a multiple of it. Absent or null: 1. */
  orderMultiple?: number | null;
  /** The most one order may take, stock aside. Absent or null: no maximum. */
  maxOrderQuantity?: number | null;
}

/** A contract entry's overrides of the product's rule (lib/pricing); null fields keep the product's. */
export interface QuantityOverrides {
  minQuantity?: number | null;
  multiple?: number | null;
  maxQuantity?: number | null;
}

/** The effective rule of one product for one buyer. */
export interface QuantityRule {
  /** The smallest valid quantity (a multiple of `multiple`). */
  minimum: number;
  /** The carton size. */
  multiple: number;
  /** The largest valid quantity now (a multiple of `multiple`); below `minimum` when none is. */
  maximum: number;
  /** The stock left. */
  available: number;
  /** Which bound `maximum` comes from: the product's or contract's maximum, the stock or the store's bound. */
  maximumFrom: 'maximum' | 'stock' | 'store';
}

export type QuantityRefusal =
  'not_whole' | 'below_minimum' | 'not_multiple' | 'above_maximum' | 'above_stock' | 'too_large';

export type QuantityVerdict =
  | { ok: true }
  | {
      ok: false;
      /**
       * `not_whole`: not a whole number; `below_minimum`; `not_multiple`: not a whole number
       * of cartons; `above_maximum`: above the product's (or contract's) maximum per order;
       * `above_stock`; `too_large`: above the store's sanity bound.
       */
      reason: QuantityRefusal;
      /** The effective minimum. */
      minimum: number;
      /** The carton size. */
      multiple: number;
      /** The effective maximum (see QuantityRule). */
      maximum: number;
      /** The stock left. */
      available: number;
      /** The valid quantity closest to the one asked (the larger on a tie), or null when none may be ordered. */
      nearest: number | null;
      /** The valid quantities nearest below and above the one asked, ascending (one or two; none when nothing may be ordered). */
      neighbours: number[];
    };

const positiveWhole = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** `value` rounded up to a multiple of `multiple`. */
export function roundUpToMultiple(value: number, multiple: number): number {
  return Math.ceil(value / multiple) * multiple;
}

/** `value` rounded down to a multiple of `multiple`. */
export function roundDownToMultiple(value: number, multiple: number): number {
  return Math.floor(value / multiple) * multiple;
}

/** The effective rule of `product` for a buyer whose contract may override it. */
export function quantityRuleOf(
  product: QuantityFacts,
  overrides?: QuantityOverrides | null,
): QuantityRule {
  const multiple = positiveWhole(overrides?.multiple)
    ? overrides.multiple
    : positiveWhole(product.orderMultiple)
      ? product.orderMultiple
      : 1;
  const floor = Math.max(
    MINIMUM_ORDER_QUANTITY,
    product.minimumOrderQuantity,
    positiveWhole(overrides?.minQuantity) ? overrides.minQuantity : 0,
  );
  const minimum = roundUpToMultiple(floor, multiple);
  const available = Math.max(0, product.availableQuantity);
  const perOrder = positiveWhole(overrides?.maxQuantity)
    ? overrides.maxQuantity
    : positiveWhole(product.maxOrderQuantity)
      ? product.maxOrderQuantity
      : Infinity;
  const upper = Math.min(perOrder, available, MAXIMUM_ORDER_QUANTITY);
  const maximumFrom =
    upper === available ? 'stock' : upper === perOrder ? 'maximum' : ('store' as const);
  return {
    minimum,
    multiple,
    maximum: roundDownToMultiple(upper, multiple),
    available,
    maximumFrom,
  };
}

/** The smallest quantity of this product that may be ordered (its effective minimum). */
export function minimumQuantityOf(
  product: Pick<QuantityFacts, 'minimumOrderQuantity' | 'orderMultiple'>,
  overrides?: QuantityOverrides | null,
): number {
  return quantityRuleOf({ ...product, availableQuantity: 0 }, overrides).minimum;
}

/** The largest quantity that may be ordered now (its effective maximum). */
export function maximumQuantityOf(
  product: QuantityFacts,
  overrides?: QuantityOverrides | null,
): number {
  return quantityRuleOf(product, overrides).maximum;
}

/** The valid quantities nearest to `wanted` below and above it, ascending; [] when none is valid. */
export function neighboursOf(rule: QuantityRule, wanted: number): number[] {
  if (rule.maximum < rule.minimum) return [];
  if (!Number.isFinite(wanted) || wanted <= rule.minimum) return [rule.minimum];
  if (wanted >= rule.maximum) return [rule.maximum];
  const below = roundDownToMultiple(wanted, rule.multiple);
  const above = roundUpToMultiple(wanted, rule.multiple);
  return below === above ? [below] : [below, above];
}

/** Whether `quantity` units may be ordered now under `rule`, and if not the nearest that may. */
export function checkQuantityUnder(rule: QuantityRule, quantity: number): QuantityVerdict {
  const refuse = (reason: QuantityRefusal): QuantityVerdict => {
    const neighbours = neighboursOf(rule, quantity);
    const [low, high] = neighbours;
    const nearest =
      low === undefined
        ? null
        : high === undefined || quantity - low < high - quantity
          ? low
          : high;
    return {
      ok: false,
      reason,
      minimum: rule.minimum,
      multiple: rule.multiple,
      maximum: rule.maximum,
      available: rule.available,
      nearest,
      neighbours,
    };
  };
  if (!Number.isSafeInteger(quantity)) return refuse('not_whole');
  if (quantity < rule.minimum) return refuse('below_minimum');
  if (quantity > MAXIMUM_ORDER_QUANTITY) return refuse('too_large');
  if (quantity % rule.multiple !== 0) return refuse('not_multiple');
  if (quantity > rule.available) return refuse('above_stock');
  if (quantity > rule.maximum) {
    // Above a maximum per order; or within the stock but above the last whole carton of it.
    return refuse(rule.maximumFrom === 'maximum' ? 'above_maximum' : 'above_stock');
  }
  return { ok: true };
}

/** Whether `quantity` units of `product` may be ordered now, and if not the nearest that may. */
export function checkQuantity(
  product: QuantityFacts,
  quantity: number,
  overrides?: QuantityOverrides | null,
): QuantityVerdict {
  return checkQuantityUnder(quantityRuleOf(product, overrides), quantity);
}

/**
 * The quantities a picker offers under `rule`: for a product sold one by one (multiple 1), the
 * store's preset choices that are valid (`presets`, the spec's dropdown); otherwise whole cartons
 * from the minimum up, the first ten one carton apart, then 20, 40, 80... cartons above the
 * minimum, at most `count` choices and never above the maximum.
 */
export function quantityChoices(
  rule: QuantityRule,
  presets: readonly number[],
  count = 16,
): number[] {
  if (rule.maximum < rule.minimum) return [];
  if (rule.multiple === 1) {
    return presets.filter((choice) => choice >= rule.minimum && choice <= rule.maximum);
  }
  const choices: number[] = [];
  for (let index = 0; choices.length < count; index += 1) {
    const cartons = index < 10 ? index : 10 * 2 ** (index - 9);
    const quantity = rule.minimum + cartons * rule.multiple;
    if (quantity > rule.maximum) break;
    choices.push(quantity);
  }
  return choices;
}

/** How a refusal names the valid quantities: "480 or 528". */
export function neighboursText(neighbours: readonly number[]): string {
  return neighbours.map((quantity) => quantity.toLocaleString('en-US')).join(' or ');
}

/** "Sold in cartons of 48: 480 or 528." for a quantity that is not a whole number of cartons. */
export function cartonMessage(multiple: number, neighbours: readonly number[]): string {
  return neighbours.length === 0
    ? `Sold in cartons of ${multiple.toLocaleString('en-US')}.`
    : `Sold in cartons of ${multiple.toLocaleString('en-US')}: ${neighboursText(neighbours)}.`;
}

/** "At most 960 per order (cartons of 48)." for a quantity above a maximum per order. */
export function maximumMessage(maximum: number, multiple: number): string {
  const cartons = multiple > 1 ? ` (cartons of ${multiple.toLocaleString('en-US')})` : '';
  return `At most ${maximum.toLocaleString('en-US')} per order${cartons}.`;
}

/** The spec's "Minimum Order Quantity - 500", with the carton when there is one: "... - 528 (cartons of 48)". */
export function minimumMessage(minimum: number, multiple = 1): string {
  return multiple > 1
    ? `${minimumQuantityMessage(minimum)} (cartons of ${multiple.toLocaleString('en-US')})`
    : minimumQuantityMessage(minimum);
}

/** A refused quantity's verdict. */
export type QuantityRefused = Exclude<QuantityVerdict, { ok: true }>;

/**
 * The words of a refused quantity as a form's field says them: the spec's "Minimum Order
 * Quantity - 500" (with the carton when there is one), the cartons with the nearest valid
 * quantities, the maximum per order, or the stock (which states the figure left only near it,
 * `stockMessage`).
 */
export function quantityRefusalMessage(verdict: QuantityRefused, requested: number): string {
  switch (verdict.reason) {
    case 'below_minimum':
      return minimumMessage(verdict.minimum, verdict.multiple);
    case 'not_multiple':
      return cartonMessage(verdict.multiple, verdict.neighbours);
    case 'not_whole':
      return verdict.multiple > 1
        ? cartonMessage(verdict.multiple, verdict.neighbours)
        : fieldMessages.order.quantityWhole;
    case 'above_maximum':
      return maximumMessage(verdict.maximum, verdict.multiple);
    case 'above_stock':
      return stockMessage(verdict.available, requested);
    case 'too_large':
      return fieldMessages.order.quantityTooLarge;
  }
}
