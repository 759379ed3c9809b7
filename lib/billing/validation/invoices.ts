import { z } from 'zod';
import { fieldMessages as f } from '@/lib/core/messages';
import { TYPED_DOLLARS, typedDollarsToCents } from '@/lib/core/money';
import { urlParam, wholeParam, MAX_PAGE_NUMBER } from '@/lib/core/validation/pagination';
import { printable } from '@/lib/core/validation/text';
import { INVOICE_FILTERS } from '../rules';
import { MONEY_RETURNED_NOTE_MAX } from '../shared';

/** The schemas of invoices on account: the lists' queries, an admin's recorded payment. */

export const billingMessages = {
  status: `Status must be one of ${INVOICE_FILTERS.join(', ')}`,
  page: 'Page must be a whole number from 1',
  amountNumber: 'Amount must be a whole number of cents',
  amountPositive: 'Amount must be at least 1 cent',
  amountTooLarge: 'Amount is too large',
  amountTyped: 'Type an amount in dollars, such as 2,500.00',
  referenceRequired: f.required('Reference'),
  referenceTooLong: f.tooLong('Reference'),
  noteType: 'Note must be text',
  noteTooLong: f.tooLong('Note'),
  format: 'Format must be json or csv',
  date: 'Use a date as YYYY-MM-DD',
  fromAfterTo: 'From must be on or before To',
} as const;

/** GET /api/invoices: `?status=` (open, overdue, paid, void) and `?page=`. */
export const invoiceListQuerySchema = z.object({
  status: z.preprocess(
    urlParam,
    z.enum(INVOICE_FILTERS, { error: billingMessages.status }).optional(),
  ),
  page: wholeParam(MAX_PAGE_NUMBER, billingMessages.page),
});

export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-30), a UTC day. */
const calendarDate = z
  .string({ error: billingMessages.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, billingMessages.date)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, billingMessages.date);

/** The statement's answers: JSON (the default) or a CSV download. */
export const STATEMENT_FORMATS = ['json', 'csv'] as const;

/** GET /api/account/statement: `?from=` and `?to=` (UTC days, both included), `?format=`. */
export const statementQuerySchema = z
  .object({
    from: z.preprocess(urlParam, calendarDate.optional()),
    to: z.preprocess(urlParam, calendarDate.optional()),
    format: z.preprocess(
      urlParam,
      z.enum(STATEMENT_FORMATS, { error: billingMessages.format }).optional(),
    ),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['from'],
    message: billingMessages.fromAfterTo,
  });

export type StatementQuery = z.output<typeof statementQuerySchema>;

/** The statement's days as instants: from the start of `from` up to the end of `to` (UTC). */
export function statementRange(query: { from?: string; to?: string }): {
  from?: Date;
  before?: Date;
} {
  const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
  return {
    ...(query.from ? { from: dayStart(query.from) } : {}),
    ...(query.to ? { before: new Date(dayStart(query.to).getTime() + 86_400_000) } : {}),
  };
}

/** What a payment's reference may be: a cheque number, a wire's reference. */
const referenceField = printable(
  z
    .string({ error: billingMessages.referenceRequired })
    .trim()
    .min(1, billingMessages.referenceRequired)
    .max(80, billingMessages.referenceTooLong),
  'Reference',
);

/**
 * POST /api/admin/invoices/{id}/payments: a payment received outside Stripe (a cheque, a wire),
 * in whole cents, and its reference.
 */
export const recordPaymentSchema = z.strictObject({
  amountCents: z
    .number({ error: billingMessages.amountNumber })
    .int({ error: billingMessages.amountNumber })
    .min(1, billingMessages.amountPositive)
    .max(Number.MAX_SAFE_INTEGER, billingMessages.amountTooLarge),
  reference: referenceField,
});

export type RecordPaymentInput = z.output<typeof recordPaymentSchema>;

/**
 * POST /api/admin/money-to-return/{id}/returned: an optional note of how the money went back
 * (a refund's id, a cheque), up to 500 characters, on several lines if need be.
 */
export const moneyReturnedSchema = z.strictObject({
  note: printable(
    z
      .string({ error: billingMessages.noteType })
      .trim()
      .max(MONEY_RETURNED_NOTE_MAX, billingMessages.noteTooLong),
    'Note',
    { multiline: true },
  ).optional(),
});

export type MoneyReturnedInput = z.output<typeof moneyReturnedSchema>;

/**
 * The Record payment form: the amount typed in dollars (`2,500.00`), sent in whole cents, and
 * the reference. The API's own schema checks the rest (and what is still owed).
 */
export const recordPaymentFormSchema = z
  .object({
    amount: z
      .string({ error: billingMessages.amountTyped })
      .trim()
      .regex(TYPED_DOLLARS, billingMessages.amountTyped)
      .refine((text) => typedDollarsToCents(text) > 0, billingMessages.amountPositive)
      .refine(
        (text) => Number.isSafeInteger(typedDollarsToCents(text)),
        billingMessages.amountTooLarge,
      ),
    reference: referenceField,
  })
  .transform(({ amount, reference }) => ({
    amountCents: typedDollarsToCents(amount),
    reference,
  }));

export type RecordPaymentFormInput = z.input<typeof recordPaymentFormSchema>;
export type RecordPaymentFormValues = z.output<typeof recordPaymentFormSchema>;
