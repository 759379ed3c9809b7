import { z } from 'zod';
import { quickOrderMessages } from '@/lib/core/messages';
import { MAX_QUICK_ORDER_LINES, MAX_QUICK_ORDER_TEXT } from '@/lib/core/validation/limits';
import { deliveryFields } from './delivery';

export { MAX_QUICK_ORDER_LINES, MAX_QUICK_ORDER_TEXT };

/**
 * Quick order by part number (/dashboard/quick-order, POST /api/quick-order/check and
 * POST /api/quick-order): lines of `part number, quantity` as pasted text or the text of an
 * uploaded CSV file, parsed on the server (lib/orders/quick-order/), plus the delivery
 * fields of the order form for placing.
 */

/** The lines as pasted or uploaded: at least one character that is not blank. */
export const quickOrderTextField = z
  .string({ error: quickOrderMessages.textRequired })
  .max(MAX_QUICK_ORDER_TEXT, quickOrderMessages.textTooLong(MAX_QUICK_ORDER_TEXT))
  .refine((text) => text.trim().length > 0, quickOrderMessages.textRequired);

/** POST /api/quick-order/check: the lines to check; nothing is written. */
export const quickOrderCheckSchema = z.strictObject({ text: quickOrderTextField });

export type QuickOrderCheckInput = z.infer<typeof quickOrderCheckSchema>;

/**
 * POST /api/quick-order: the lines again (checked anew on the server: price, minimum and stock
 * are today's) with one delivery address, phone and optional PO number for every order,
 * validated as the order form's.
 */
export const quickOrderPlaceSchema = z.strictObject({
  text: quickOrderTextField,
  ...deliveryFields,
});

export type QuickOrderPlaceInput = z.infer<typeof quickOrderPlaceSchema>;

/** The delivery form of the quick-order page (react-hook-form), the same fields as the API's. */
export const quickOrderDeliverySchema = z.object(deliveryFields);

export type QuickOrderDeliveryInput = z.input<typeof quickOrderDeliverySchema>;
export type QuickOrderDeliveryValues = z.output<typeof quickOrderDeliverySchema>;
