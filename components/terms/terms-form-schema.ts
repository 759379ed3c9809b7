import { z } from 'zod';
import { TYPED_DOLLARS, typedDollarsToCents } from '@/lib/core/money';
import { INVOICE_MOMENTS, NET_DAYS } from '@/lib/terms/shared';

/**
 * The terms form as typed (client-safe, loaded by the form on first use): the credit limit in
 * dollars, sent in cents; days as numbers. The API's own schema (lib/terms) checks the rest.
 */

export const termsFormSchema = z
  .object({
    mode: z.enum(['prepay', 'net']),
    netDays: z.enum(NET_DAYS.map(String) as [string, ...string[]]),
    creditLimit: z.string().trim(),
    invoiceOn: z.enum(INVOICE_MOMENTS),
    holdAfterDaysOverdue: z.string().trim(),
  })
  .superRefine((values, context) => {
    if (values.mode !== 'net') return;
    if (!TYPED_DOLLARS.test(values.creditLimit)) {
      context.addIssue({
        code: 'custom',
        path: ['creditLimit'],
        message: 'Credit limit must be an amount in dollars, like 10000 or 10000.50',
      });
    }
    const days = Number(values.holdAfterDaysOverdue);
    if (!/^\d+$/.test(values.holdAfterDaysOverdue) || days < 1 || days > 365) {
      context.addIssue({
        code: 'custom',
        path: ['holdAfterDaysOverdue'],
        message: 'Hold after must be a whole number of days from 1 to 365',
      });
    }
  })
  .transform((values) =>
    values.mode === 'prepay'
      ? { mode: 'prepay' as const }
      : {
          mode: 'net' as const,
          netDays: Number(values.netDays),
          creditLimitCents: typedDollarsToCents(values.creditLimit),
          invoiceOn: values.invoiceOn,
          holdAfterDaysOverdue: Number(values.holdAfterDaysOverdue),
        },
  );

export type TermsFormInput = z.input<typeof termsFormSchema>;
export type TermsFormValues = z.output<typeof termsFormSchema>;
