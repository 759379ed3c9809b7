import { z } from 'zod';
import { fieldMessages, messages } from '@/lib/core/messages';
import { MAXIMUM_ORDER_QUANTITY, MINIMUM_ORDER_QUANTITY } from '@/lib/core/validation/limits';

/**
 * A quantity as every form and endpoint that orders takes it (the order form, the order list,
 * checkout, quick order, quotes), and the words of its refusals.
 */

const f = fieldMessages;

// The words of a refused quantity live with the quantity rule (lib/catalogue/quantity.ts, free of
// zod, which client bundles such as the footer's categories reach through lib/catalogue/shared).
export { minimumQuantityMessage, stockMessage } from '../quantity';

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
