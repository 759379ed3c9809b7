import { z } from 'zod';
import { quantityField } from '@/lib/catalogue/schemas';

/** The order list's inputs: a line's quantity, and a line to add. */

/** PUT /api/cart/lines/{productId}: the line's new quantity. */
export const cartQuantitySchema = z.strictObject({ quantity: quantityField });

/** POST /api/cart/lines: a product and how many to add to its line. */
export const cartAddSchema = z.strictObject({
  productId: z.string(),
  quantity: quantityField,
});
