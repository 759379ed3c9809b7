import { z } from 'zod';
import { objectIdPath, operation, validationExample } from '@/lib/core/api/operation';
import { INVOICE_MOMENTS, NET_DAYS } from './rules';
import { termsSchema } from './validation/terms';

/** Paying on account: a company's payment terms (store admins). */

const tag = 'Companies';

const companyId = objectIdPath('company id');

export const termsViewSchema = z
  .object({
    mode: z.enum(['prepay', 'net']).meta({
      description: '`prepay`: paid by card before shipping; `net`: on account, invoiced.',
    }),
    netDays: z
      .union(NET_DAYS.map((days) => z.literal(days)))
      .nullable()
      .meta({ description: 'Days from the invoice to its due date; null on prepay.' }),
    creditLimitCents: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The most the company may owe and have on order, in US cents.' }),
    invoiceOn: z.enum(INVOICE_MOMENTS),
    holdAfterDaysOverdue: z.number().int(),
    exposureCents: z
      .number()
      .int()
      .meta({ description: 'What the company owes and has on order on account, in US cents.' }),
    availableCents: z.number().int().meta({ description: 'The credit left, in US cents.' }),
    onHold: z.boolean().meta({
      description: 'True while an invoice is overdue by more than `holdAfterDaysOverdue` days.',
    }),
  })
  .meta({ id: 'PaymentTerms' });

export const getCompanyTermsOp = operation({
  method: 'get',
  path: '/api/admin/companies/{companyId}/terms',
  operationId: 'getCompanyTerms',
  tag,
  summary: 'A company’s payment terms (admin)',
  access: 'admin',
  params: { path: z.object({ companyId }) },
  responses: { 200: { description: 'The terms.', json: termsViewSchema } },
  errors: ['company.not_found'],
});

export const setCompanyTermsOp = operation({
  method: 'patch',
  path: '/api/admin/companies/{companyId}/terms',
  operationId: 'setCompanyTerms',
  tag,
  summary: 'Set a company’s payment terms (admin)',
  description:
    'Prepay (`{ "mode": "prepay" }`, the default), or net terms: `netDays` 15, 30, 45 or 60, a `creditLimitCents`, when to invoice (`invoiceOn`: `shipment`, the default, or `order`) and after how many days overdue the company goes on hold (`holdAfterDaysOverdue`, default 15). What the company owes and its hold are left as they are.',
  access: 'admin',
  params: { path: z.object({ companyId }) },
  body: {
    json: termsSchema,
    example: { mode: 'net', netDays: 30, creditLimitCents: 1_000_000 },
  },
  responses: { 200: { description: 'The terms as they are now.', json: termsViewSchema } },
  errors: [
    'company.not_found',
    {
      code: 'validation_failed',
      when: 'terms outside the allowed set (net days, a limit below 0 or not whole cents)',
      example: validationExample(termsSchema, { mode: 'net', netDays: 20, creditLimitCents: 100 }),
    },
  ],
});

export const termsOperations = [getCompanyTermsOp, setCompanyTermsOp] as const;
