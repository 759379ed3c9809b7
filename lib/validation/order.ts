import { z } from 'zod';
import { fieldMessages, messages } from '@/lib/messages';

/** The smallest order the storefront accepts, whatever the product: 500 units. */
export const MINIMUM_ORDER_QUANTITY = 500;

/** The choices of the product page's quantity dropdown. */
export const ORDER_QUANTITIES = [100, 300, 500, 1000, 5000, 8000, 15000, 20000, 21000] as const;

/** A sanity bound far above any stock, so totals stay exact integers. */
const MAXIMUM_ORDER_QUANTITY = 10_000_000;

const f = fieldMessages;
const orderMessages = {
  addressRequired: f.required('Address'),
  addressTooLong: f.tooLong('Address'),
  phoneRequired: f.required('Phone'),
  phoneDigits: f.order.phoneDigits,
  phoneTooLong: f.tooLong('Phone'),
  quantityNumber: f.order.quantityNumber,
  quantityWhole: f.order.quantityWhole,
  quantityTooLarge: f.order.quantityTooLarge,
} as const;

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

export const addressField = z
  .string({ error: orderMessages.addressRequired })
  .trim()
  .min(1, orderMessages.addressRequired)
  .max(300, orderMessages.addressTooLong);

export const phoneField = z
  .string({ error: orderMessages.phoneRequired })
  .trim()
  .min(1, orderMessages.phoneRequired)
  .regex(/^\d*$/, orderMessages.phoneDigits)
  .max(20, orderMessages.phoneTooLong);

/** A quantity as a number or a string of digits (a select's value); whole and at least 500. */
export const quantityField = z
  .union(
    [
      z.number({ error: orderMessages.quantityNumber }),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?$/, orderMessages.quantityNumber)
        .transform(Number),
    ],
    { error: orderMessages.quantityNumber },
  )
  .pipe(
    z
      .number()
      .int(orderMessages.quantityWhole)
      .min(MINIMUM_ORDER_QUANTITY, messages.order.minimumText)
      .max(MAXIMUM_ORDER_QUANTITY, orderMessages.quantityTooLarge),
  );

/** The order form on the product page. The quantity is checked against 500 by the page itself. */
export const orderFormSchema = z.object({
  quantity: z.string(),
  address: addressField,
  phone: phoneField,
});

export type OrderFormInput = z.infer<typeof orderFormSchema>;

const objectIdString = z.string().regex(/^[0-9a-f]{24}$/i, f.invalidId);

/** A product or person field that clients copy into the order payload: accepted, never trusted. */
const ignoredField = z.union([z.string().max(5000), z.number(), z.null()]).optional();

/**
 * POST /api/order: the order payload (product fields copied by the client) plus the product id. Only quantity, address and
 * phone are used; product fields come from the database and the person from the session.
 */
export const createOrderSchema = z.strictObject({
  productId: objectIdString,
  quantity: quantityField,
  address: addressField,
  phone: phoneField,
  userName: ignoredField,
  email: ignoredField,
  name: ignoredField,
  picture: ignoredField,
  description: ignoredField,
  minimumOrderQuantity: ignoredField,
  availableQuantity: ignoredField,
  price: ignoredField,
});

export type CreateOrderInput = z.infer<typeof createOrderSchema>;

/** POST /api/create-payment-intent: `{ price }` (ignored: the amount comes from the order) and the order's id. */
export const paymentIntentRequestSchema = z.strictObject({
  orderId: objectIdString,
  price: z.number().nonnegative().optional(),
});

/** A Stripe PaymentIntent id. */
export const paymentIntentId = z
  .string({ error: 'transactionId is required' })
  .regex(/^pi_[A-Za-z0-9_]{1,200}$/, 'transactionId must be a PaymentIntent id');

/** PATCH /api/order/{id}: `{ order, transactionId }`, the payment the browser reports. */
export const recordPaymentSchema = z.strictObject({
  order: objectIdString.optional(),
  transactionId: paymentIntentId,
});
