import { z } from 'zod';
import { DEFAULT_HOLD_AFTER_DAYS_OVERDUE, INVOICE_MOMENTS, NET_DAYS } from '../rules';

/**
 * A company's payment terms as a store admin sets them (PATCH /api/admin/companies/{id}/terms):
 * prepay (cards and bank transfer before shipping, as today), or net terms with a credit limit.
 */
export const termsSchema = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('prepay') }),
  z.strictObject({
    mode: z.literal('net'),
    netDays: z.union(
      NET_DAYS.map((days) => z.literal(days)),
      {
        error: `Net days must be one of ${NET_DAYS.join(', ')}`,
      },
    ),
    creditLimitCents: z
      .number({ error: 'Credit limit must be a whole number of cents' })
      .int('Credit limit must be a whole number of cents')
      .min(0, 'Credit limit cannot be below 0')
      .max(Number.MAX_SAFE_INTEGER, 'Credit limit is too large'),
    invoiceOn: z
      .enum(INVOICE_MOMENTS, { error: `Invoice on must be one of ${INVOICE_MOMENTS.join(', ')}` })
      .default('shipment'),
    holdAfterDaysOverdue: z
      .number({ error: 'Hold after must be a whole number of days' })
      .int('Hold after must be a whole number of days')
      .min(1, 'Hold after must be at least 1 day')
      .max(365, 'Hold after must be at most 365 days')
      .default(DEFAULT_HOLD_AFTER_DAYS_OVERDUE),
  }),
]);

export type TermsInput = z.input<typeof termsSchema>;
export type Terms = z.output<typeof termsSchema>;
