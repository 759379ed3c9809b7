import { z } from 'zod';
import { fieldMessages, messages } from '@/lib/core/messages';
import { MAXIMUM_ORDER_QUANTITY, MINIMUM_ORDER_QUANTITY } from '@/lib/core/validation/limits';

/**
 * A quantity as every form and endpoint that orders takes it (the order form, the order list,
 * checkout, quick order, quotes), and the words of its refusals.
 */

const f = fieldMessages;

/** 'Minimum Order Quantity - 500', or the product's own higher minimum. */
export function minimumQuantityMessage(minimum: number): string {
  return minimum <= MINIMUM_ORDER_QUANTITY ? messages.order.minimumText : f.order.minimum(minimum);
}

/**
 * The refusal of a quantity above the stock. The figure left is stated only when the quantity
 * is near it (at most twice the stock) or nothing is left: a request far above the stock learns
 * only that there is not enough, so probing with huge quantities does not read off the stock.
 */
export function stockMessage(available: number, requested: number): string {
  if (available > 0 && requested > 2 * available) {
    return f.order.notEnoughStock;
  }
  return f.order.onlyAvailable(available);
}

/** A quantity as a number or a string of digits (a select's value); whole and at least 500. */
export const quantityField = z
  .union(
    [
      z.number({ error: f.order.quantityNumber }),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, f.order.quantityNumber)
        .transform(Number),
    ],
    { error: f.order.quantityNumber },
  )
  .pipe(
    z
      .number()
      .int(f.order.quantityWhole)
      .min(MINIMUM_ORDER_QUANTITY, messages.order.minimumText)
      .max(MAXIMUM_ORDER_QUANTITY, f.order.quantityTooLarge),
  );
