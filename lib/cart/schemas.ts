import { z } from 'zod';
import { quantityField } from '@/lib/catalogue/schemas';
import { orderListWording } from '@/lib/core/b2b-wording/order-list';
import { ID_PATTERN } from '@/lib/core/ids';

/** The order list's inputs: a line's quantity, a line to add, and a colleague to send it to. */

/** PUT /api/cart/lines/{productId}: the line's new quantity. */
export const cartQuantitySchema = z.strictObject({ quantity: quantityField });

/** POST /api/cart/lines: a product and how many to add to its line. */
export const cartAddSchema = z.strictObject({
  productId: z.string(),
  quantity: quantityField,
});

/**
 * POST /api/cart/share: the colleague to send the order list to, by their user id (the
 * `userId` of `GET /api/companies/me/members`).
 */
export const cartShareSchema = z.strictObject({
  userId: z.string().regex(ID_PATTERN, orderListWording.refusals.chooseColleague),
});
