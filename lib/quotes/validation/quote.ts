import { z } from 'zod';
import { toDay } from '@/lib/core/dates';
import { ID_PATTERN } from '@/lib/core/ids';
import { fieldMessages } from '@/lib/core/messages';
import { QUOTE_STATUSES } from '@/lib/quotes/status';
import { hasAtMostTwoDecimals, MAX_PRICE } from '@/lib/catalogue/schemas';
import { addressField, phoneField, quantityField } from '@/lib/orders/schemas';
import { printable } from '@/lib/core/validation/text';
import { MAX_QUOTE_NOTE_LENGTH } from '@/lib/core/validation/limits';

/**
 * Requests for quote (lib/quotes): the request a buyer sends from the product page, the
 * answer or refusal of an admin, and the list's filter. Shared by the forms and the handlers.
 *
 * Dates are days, `YYYY-MM-DD`. A needed-by day is in the past once it has ended everywhere on
 * Earth (so a buyer late in the evening west of UTC can still pick their today); a valid-until
 * day holds through its end in UTC, and must not have ended yet.
 */

const q = fieldMessages.quote;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Midnight UTC of a `YYYY-MM-DD` day, or null when it is no real day. */
export function dayStart(day: string): Date | null {
  if (!DAY.test(day)) return null;
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || toDay(date) !== day ? null : date;
}

/** The last millisecond of a day in UTC: until when a quote answered "valid until" it holds. */
export function dayEnd(day: string): Date | null {
  const start = dayStart(day);
  return start ? new Date(start.getTime() + DAY_MS - 1) : null;
}

/** Whether a day has ended everywhere (its end in UTC-12, 12 hours after its UTC end). */
export function dayEndedEverywhere(day: string, now = new Date()): boolean {
  const start = dayStart(day);
  return start !== null && start.getTime() + DAY_MS + 12 * 3_600_000 <= now.getTime();
}

const dayField = (invalid: string) =>
  z
    .string({ error: invalid })
    .trim()
    .regex(DAY, invalid)
    .refine((day) => dayStart(day) !== null, invalid);

/** Optional needed-by day; empty or null is none. */
const neededByField = z
  .union([z.literal(''), z.null(), dayField(q.neededByInvalid)])
  .optional()
  .refine((day) => !day || !dayEndedEverywhere(day), q.neededByPast)
  .transform((day) => day || undefined);

/** The longest note (lib/core/validation/limits.ts, where forms read it without zod). */
export { MAX_QUOTE_NOTE_LENGTH };

const noteField = printable(
  z.string({ error: q.noteTooLong }).trim().max(MAX_QUOTE_NOTE_LENGTH, q.noteTooLong),
  'Note',
  { multiline: true },
)
  .nullish()
  .transform((note) => note || undefined);

const objectIdString = z.string().regex(ID_PATTERN, fieldMessages.invalidId);

/**
 * POST /api/quotes: the product, a quantity (any whole number from 500 and the product's own
 * minimum, checked by lib/quotes against the product; not limited to the order form's choices
 * or to the stock), an optional needed-by day, the delivery address and phone, an optional note.
 */
export const quoteRequestSchema = z.strictObject({
  productId: objectIdString,
  quantity: quantityField,
  neededBy: neededByField,
  address: addressField,
  phone: phoneField,
  note: noteField,
});
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequest = z.output<typeof quoteRequestSchema>;

/**
 * POST /api/quotes/cart: a quote for the buyer's whole order list (its lines are read from the
 * list): an optional needed-by day, the delivery address and phone, an optional note.
 */
export const cartQuoteRequestSchema = quoteRequestSchema.omit({ productId: true, quantity: true });
export type CartQuoteRequestInput = z.input<typeof cartQuoteRequestSchema>;
export type CartQuoteRequest = z.output<typeof cartQuoteRequestSchema>;
/** The order list's "Request a quote for this list" form: the same fields. */
export const cartQuoteFormSchema = cartQuoteRequestSchema;

/** The product page's quote form: the request without the product (the page knows it). */
export const quoteFormSchema = quoteRequestSchema.omit({ productId: true });
export type QuoteFormInput = z.input<typeof quoteFormSchema>;
export type QuoteFormValues = z.output<typeof quoteFormSchema>;

/** A quoted unit price in dollars, as product prices are given: $0.01 to $1,000,000, 2 decimals. */
export const unitPriceField = z
  .number({ error: q.unitPriceRequired })
  .min(0.01, q.unitPriceMinimum)
  .max(MAX_PRICE, fieldMessages.product.priceTooLarge)
  .refine(hasAtMostTwoDecimals, fieldMessages.product.priceDecimals);

const validUntilField = z
  .string({ error: q.validUntilRequired })
  .trim()
  .min(1, q.validUntilRequired)
  .pipe(dayField(q.validUntilInvalid))
  .refine((day) => (dayEnd(day)?.getTime() ?? 0) > Date.now(), q.validUntilPast);

/** The most lines a quote for an order list has (the order list's own limit). */
export const MAX_QUOTE_LINES = 100;

/** One unit price per line of a quote for an order list, in the quote's line order. */
const unitPricesField = z
  .array(unitPriceField, { error: q.unitPriceRequired })
  .min(1, q.unitPriceRequired)
  .max(MAX_QUOTE_LINES, `At most ${MAX_QUOTE_LINES} unit prices`);

/** The words of the list quotes' fields (the one-product ones are fieldMessages.quote). */
export const listQuoteMessages = {
  unitPricesOrOne: 'Send unitPrice (a quote of one product) or unitPrices (one per line), not both',
  unitPricesCount: (lines: number) =>
    `This quote has ${lines} lines: send one unit price per line, in their order (unitPrices)`,
  unitPriceOfList: (lines: number) =>
    `This quote has ${lines} lines: send the unit price of each line, in their order (unitPrices)`,
} as const;

type Prices = { unitPrice?: unknown; unitPrices?: unknown };

/**
 * The prices of an answer or an accept: `unitPrice` (a quote of one product) or `unitPrices`
 * (one per line of a quote for an order list), exactly one of them. Neither is reported on
 * `unitPrice` (as before lists), both on `unitPrices`; checked even when another field failed.
 */
function onePriceForm(required: string) {
  return (value: Prices, ctx: z.RefinementCtx) => {
    if (value.unitPrice === undefined && value.unitPrices === undefined) {
      ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: required });
    } else if (value.unitPrice !== undefined && value.unitPrices !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['unitPrices'],
        message: listQuoteMessages.unitPricesOrOne,
      });
    }
  };
}

export const quoteAnswerSchema = z
  .strictObject({
    action: z.literal('answer'),
    unitPrice: unitPriceField.optional(),
    unitPrices: unitPricesField.optional(),
    validUntil: validUntilField,
  })
  .superRefine(onePriceForm(q.unitPriceRequired));

export const quoteDeclineSchema = z.strictObject({
  action: z.literal('decline'),
  reason: printable(
    z.string({ error: q.reasonRequired }).trim().min(1, q.reasonRequired).max(500, q.reasonTooLong),
    'Reason',
    { multiline: true },
  ),
});

/**
 * PATCH /api/quotes/{id} (admins): `{ action: "answer", unitPrice, validUntil }` (a quote of
 * one product), `{ action: "answer", unitPrices: [...], validUntil }` (one unit price per line
 * of a quote for an order list, in its line order) or `{ action: "decline", reason }`.
 */
export const quoteDecisionSchema = z.discriminatedUnion(
  'action',
  [quoteAnswerSchema, quoteDeclineSchema],
  {
    error: q.actionInvalid,
  },
);
export type QuoteDecision = z.output<typeof quoteDecisionSchema>;

/**
 * POST /api/quotes/{id}/accept: the unit price the buyer saw and accepts, in US dollars as the
 * quote shows it (`unitPrice`), or for a quote of an order list the unit price of each line in
 * its line order (`unitPrices`). Required: the accept claims the quote only while its answer is
 * still those prices, so a re-answered quote is never accepted at a price nobody saw.
 */
const acceptedPriceField = z
  .number({ error: q.acceptUnitPriceRequired })
  .min(0.01, q.unitPriceMinimum)
  .max(MAX_PRICE, fieldMessages.product.priceTooLarge)
  .refine(hasAtMostTwoDecimals, fieldMessages.product.priceDecimals);

export const quoteAcceptSchema = z
  .strictObject({
    unitPrice: acceptedPriceField.optional(),
    unitPrices: z
      .array(acceptedPriceField, { error: q.acceptUnitPriceRequired })
      .min(1, q.acceptUnitPriceRequired)
      .max(MAX_QUOTE_LINES, `At most ${MAX_QUOTE_LINES} unit prices`)
      .optional(),
  })
  .superRefine(onePriceForm(q.acceptUnitPriceRequired));
export type QuoteAccept = z.output<typeof quoteAcceptSchema>;

/** The admin's answer dialog: the unit price as typed (text), the valid-until day. */
const typedPriceField = z
  .string()
  .trim()
  .min(1, q.unitPriceRequired)
  .regex(/^\d+(\.\d{1,2})?$/, fieldMessages.product.priceDecimals)
  .transform(Number)
  .pipe(unitPriceField);

export const quoteAnswerFormSchema = z.object({
  unitPrice: typedPriceField,
  validUntil: validUntilField,
});
export type QuoteAnswerFormInput = z.input<typeof quoteAnswerFormSchema>;
export type QuoteAnswerFormValues = z.output<typeof quoteAnswerFormSchema>;

/** The admin's answer dialog for a quote of an order list: one unit price per line, typed. */
export const quoteListAnswerFormSchema = z.object({
  unitPrices: z.array(z.object({ value: typedPriceField })),
  validUntil: validUntilField,
});
export type QuoteListAnswerFormInput = z.input<typeof quoteListAnswerFormSchema>;
export type QuoteListAnswerFormValues = z.output<typeof quoteListAnswerFormSchema>;

/** The admin's decline dialog. */
export const quoteDeclineFormSchema = quoteDeclineSchema.omit({ action: true });
export type QuoteDeclineFormValues = z.output<typeof quoteDeclineFormSchema>;

/** GET /api/quotes' query: `?status=` (optional), one of the statuses the list shows. */
export const quotesQuerySchema = z.object({
  status: z.enum(QUOTE_STATUSES, { error: q.statusInvalid }).optional(),
});
