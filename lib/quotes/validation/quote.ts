import { z } from 'zod';
import { toDay } from '@/lib/core/dates';
import { ID_PATTERN } from '@/lib/core/ids';
import { fieldMessages } from '@/lib/core/messages';
import { QUOTE_STATUSES } from '@/lib/quotes/status';
import { hasAtMostTwoDecimals, MAX_PRICE } from '@/lib/catalogue/schemas';
import { addressField, phoneField, quantityField } from '@/lib/orders/schemas';
import { printable } from '@/lib/core/validation/text';

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

export const MAX_QUOTE_NOTE_LENGTH = 1000;

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

export const quoteAnswerSchema = z.strictObject({
  action: z.literal('answer'),
  unitPrice: unitPriceField,
  validUntil: validUntilField,
});

export const quoteDeclineSchema = z.strictObject({
  action: z.literal('decline'),
  reason: printable(
    z.string({ error: q.reasonRequired }).trim().min(1, q.reasonRequired).max(500, q.reasonTooLong),
    'Reason',
    { multiline: true },
  ),
});

/**
 * PATCH /api/quotes/{id} (admins): `{ action: "answer", unitPrice, validUntil }` or
 * `{ action: "decline", reason }`.
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
 * quote shows it (`unitPrice`). Required: the accept claims the quote only while its answer is
 * still that price, so a re-answered quote is never accepted at a price nobody saw.
 */
export const quoteAcceptSchema = z.strictObject({
  unitPrice: z
    .number({ error: q.acceptUnitPriceRequired })
    .min(0.01, q.unitPriceMinimum)
    .max(MAX_PRICE, fieldMessages.product.priceTooLarge)
    .refine(hasAtMostTwoDecimals, fieldMessages.product.priceDecimals),
});
export type QuoteAccept = z.output<typeof quoteAcceptSchema>;

/** The admin's answer dialog: the unit price as typed (text), the valid-until day. */
export const quoteAnswerFormSchema = z.object({
  unitPrice: z
    .string()
    .trim()
    .min(1, q.unitPriceRequired)
    .regex(/^\d+(\.\d{1,2})?$/, fieldMessages.product.priceDecimals)
    .transform(Number)
    .pipe(unitPriceField),
  validUntil: validUntilField,
});
export type QuoteAnswerFormInput = z.input<typeof quoteAnswerFormSchema>;
export type QuoteAnswerFormValues = z.output<typeof quoteAnswerFormSchema>;

/** The admin's decline dialog. */
export const quoteDeclineFormSchema = quoteDeclineSchema.omit({ action: true });
export type QuoteDeclineFormValues = z.output<typeof quoteDeclineFormSchema>;

/** GET /api/quotes' query: `?status=` (optional), one of the statuses the list shows. */
export const quotesQuerySchema = z.object({
  status: z.enum(QUOTE_STATUSES, { error: q.statusInvalid }).optional(),
});
