import { z } from 'zod';
import { ID_PATTERN } from '@/lib/core/ids';
import { fieldMessages } from '@/lib/core/messages';
import { ADMIN_TARGET_STATUSES, ORDER_STATUSES } from '@/lib/orders/lifecycle';
import {
  MAX_PO_NUMBER_LENGTH,
  MAXIMUM_ORDER_QUANTITY,
  MINIMUM_ORDER_QUANTITY,
} from '@/lib/core/validation/limits';
import { minimumQuantityMessage, quantityField, stockMessage } from '@/lib/catalogue/schemas';
import { pageParams } from '@/lib/core/validation/pagination';
import { printable, PRINTABLE_TEXT } from '@/lib/core/validation/text';
import { addressField, deliveryFields, phoneField, poNumberField } from './delivery';

const f = fieldMessages;

export { MAX_PO_NUMBER_LENGTH, MINIMUM_ORDER_QUANTITY };
/** The delivery fields (validation/delivery.ts), shared with quick order and quotes. */
export { addressField, phoneField, poNumberField };

/** The choices of the product page's quantity dropdown. */
export const ORDER_QUANTITIES = [100, 300, 500, 1000, 5000, 8000, 15000, 20000, 21000] as const;

/** A sanity bound far above any stock, so totals stay exact integers. */
export { MAXIMUM_ORDER_QUANTITY };

/** Printable text (lib/core/validation/text.ts), the rule of PO numbers, names, addresses and notes. */
export { PRINTABLE_TEXT };

/** The quantity field and its refusals are the catalogue's (one rule for every form that orders). */
export { minimumQuantityMessage, quantityField, stockMessage };

/** The order form on the product page. The quantity is checked against 500 by the page itself. */
export const orderFormSchema = z.object({
  quantity: z.string(),
  ...deliveryFields,
});

export type OrderFormInput = z.input<typeof orderFormSchema>;
export type OrderFormValues = z.output<typeof orderFormSchema>;

const objectIdString = z.string().regex(ID_PATTERN, f.invalidId);

/** A product or person field that clients copy into the order payload: accepted, never trusted. */
const ignoredField = z.union([z.string().max(5000), z.number(), z.null()]).optional();

/**
 * POST /api/order: the order payload (product fields copied by the client) plus the product
 * id and an optional PO number. Only quantity, address, phone and PO number are used; product
 * fields and every price come from the database and the person from the session. Fields
 * outside the payload (`unitPrice`, `totalCents`, `priceTiers`…) are refused.
 */
export const createOrderSchema = z.strictObject({
  productId: objectIdString,
  quantity: quantityField,
  ...deliveryFields,
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

/** How a checkout is paid: `card` (the default: paid before it ships) or `account` (net terms). */
export const PAYMENT_METHODS = ['card', 'account'] as const;

/**
 * POST /api/checkout: where the order list goes and how it is paid; the lines are the list's
 * own.
 */
export const checkoutSchema = z.strictObject({
  ...deliveryFields,
  paymentMethod: z
    .enum(PAYMENT_METHODS, { error: 'Choose how to pay: card or account' })
    .optional()
    .meta({
      description:
        '`card` (the default): pay by card before the order ships. `account`: a company on net terms orders on its credit; the order is `confirmed` and invoiced.',
    }),
});

export type CheckoutInput = z.infer<typeof checkoutSchema>;

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

const statusMessages = fieldMessages.orderStatus;

/** A carrier's name: one line of printable text, 1-60 characters. */
const carrierField = printable(
  z
    .string()
    .trim()
    .max(60, f.tooLong('Carrier'))
    .regex(/^[^\r\n\t]*$/, f.oneLine('Carrier')),
  'Carrier',
  { multiline: true }, // line breaks and tabs have their own message above
);

/** A tracking number as carriers print them: letters, digits, spaces and dashes, at most 40. */
const trackingNumberField = z
  .string()
  .trim()
  .max(40, f.tooLong('Tracking number'))
  .regex(/^[A-Za-z0-9 -]*$/, statusMessages.trackingInvalid);

/**
 * PATCH /api/orders/{id}/status and Manage Orders' status form: the status an admin moves an
 * order to (forward, or cancelled while unpaid), with the carrier and tracking number that
 * `shipped` requires and an optional note for the order's history (shown to the buyer).
 * Whether the move is allowed from the order's current status is decided by the table of
 * lib/orders/lifecycle.ts (409), not here.
 */
export const orderStatusChangeSchema = z
  .strictObject({
    status: z.enum(ADMIN_TARGET_STATUSES, { error: statusMessages.choose }),
    carrier: carrierField.optional(),
    trackingNumber: trackingNumberField.optional(),
    note: printable(z.string().trim().max(500, statusMessages.noteTooLong), 'Note', {
      multiline: true,
    }).optional(),
  })
  .superRefine((input, context) => {
    const shipped = input.status === 'shipped';
    if (shipped && !input.carrier) {
      context.addIssue({
        code: 'custom',
        path: ['carrier'],
        message: statusMessages.carrierRequired,
      });
    }
    if (shipped && !input.trackingNumber) {
      context.addIssue({
        code: 'custom',
        path: ['trackingNumber'],
        message: statusMessages.trackingRequired,
      });
    }
    for (const field of ['carrier', 'trackingNumber'] as const) {
      if (!shipped && input[field]) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: statusMessages.onlyWhenShipped,
        });
      }
    }
  })
  // Empty optional text means "none".
  .transform((input) => ({
    status: input.status,
    carrier: input.carrier || undefined,
    trackingNumber: input.trackingNumber || undefined,
    note: input.note || undefined,
  }));

export type OrderStatusChangeInput = z.input<typeof orderStatusChangeSchema>;
export type OrderStatusChange = z.output<typeof orderStatusChangeSchema>;

/** Manage Orders' and GET /api/allOrder's `?status=` filter: one status, cancelled included. */
export const orderStatusFilterSchema = z.enum(ORDER_STATUSES, {
  error: `Status must be one of ${ORDER_STATUSES.join(', ')}`,
});

const dateMessages = fieldMessages.orderDates;

/**
 * A calendar date `YYYY-MM-DD` that exists (no 2026-02-30), as a date input sends it. Dates
 * bound the order date in UTC: see `orderDateRange`.
 */
export const calendarDateField = z
  .string({ error: dateMessages.invalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, dateMessages.invalid)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, dateMessages.invalid);

/** Manage Orders' and GET /api/allOrder's date filter: `from` and `to`, each optional. */
export const orderDatesSchema = z
  .object({ from: calendarDateField.optional(), to: calendarDateField.optional() })
  .refine((dates) => !dates.from || !dates.to || dates.from <= dates.to, {
    path: ['from'],
    message: dateMessages.fromAfterTo,
  });

/**
 * The order dates `from`/`to` (calendar dates, both inclusive) as instants in UTC: from the
 * start of `from` (00:00 UTC) up to, not including, the start of the day after `to`, so `to`
 * includes its whole day.
 */
export function orderDateRange(dates: { from?: string; to?: string }): {
  from?: Date;
  before?: Date;
} {
  const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
  return {
    ...(dates.from ? { from: dayStart(dates.from) } : {}),
    ...(dates.to ? { before: new Date(dayStart(dates.to).getTime() + 86_400_000) } : {}),
  };
}

/** The answers GET /api/allOrder gives: `json` (the default) or `csv` (a spreadsheet download). */
export const ORDER_LIST_FORMATS = ['json', 'csv'] as const;

/** Orders on one page of Manage Orders and of GET /api/allOrder unless `?limit=` says otherwise. */
export const DEFAULT_ORDER_PAGE_LIMIT = 50;

/**
 * GET /api/allOrder's query: `?status=` (optional) lists the orders in that one status,
 * `?from=` and `?to=` (calendar dates, inclusive, in UTC) those placed on those days,
 * `?page=` (from 1) and `?limit=` (1 to 100, default DEFAULT_ORDER_PAGE_LIMIT) choose the page
 * as the catalogue's do, and `?format=csv` answers every matching order as a CSV download
 * instead of JSON (the page parameters do not apply to it).
 */
export const allOrdersQuerySchema = z
  .object({
    status: orderStatusFilterSchema.optional(),
    from: calendarDateField.optional(),
    to: calendarDateField.optional(),
    format: z
      .enum(ORDER_LIST_FORMATS, { error: `Format must be one of ${ORDER_LIST_FORMATS.join(', ')}` })
      .optional(),
    ...pageParams(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['from'],
    message: dateMessages.fromAfterTo,
  });

export type AllOrdersQuery = z.output<typeof allOrdersQuerySchema>;
