import { z } from 'zod';
import {
  fieldErrorExample,
  objectIdPath,
  operation,
  queryRefused,
  type ErrorCase,
  validationExample,
} from '@/lib/core/api/operation';
import { idField } from '@/lib/core/api/shapes';
import { AGING_BUCKETS } from '@/lib/terms/shared';
import { INVOICE_STATUSES } from './rules';
import {
  INVOICES_PER_PAGE,
  MONEY_RETURNED_NOTE_MAX,
  MONEY_TO_RETURN_LABELS,
  MONEY_TO_RETURN_SHOWN,
  STATEMENT_CSV_COLUMNS,
  type MoneyToReturnKind,
} from './shared';
import {
  billingMessages,
  invoiceListQuerySchema,
  moneyReturnedSchema,
  recordPaymentSchema,
  statementQuerySchema,
} from './validation/invoices';

/**
 * Invoices on account: the company's invoices and statement (members who handle its invoices:
 * accounts and owners), every company's for store admins, payments received outside Stripe,
 * voids and money to return marked returned (store admins).
 */

const tag = 'Invoices';

invoiceListQuerySchema.shape.status.register(z.globalRegistry, {
  description:
    '`open`: still owed (being issued, open or written off at Stripe); `overdue`: owed and a full day or more past the due date; `paid`; `void`. Every invoice when left out.',
  example: 'open',
});
invoiceListQuerySchema.shape.page.register(z.globalRegistry, {
  description: `Page number, from 1 (${INVOICES_PER_PAGE} invoices a page).`,
  example: '1',
});

const cents = (description: string) => z.number().int().meta({ description });
const statusSchema = z.enum(INVOICE_STATUSES).meta({
  description:
    '`draft`: drawn, being issued at Stripe; `open`: issued, to be paid; `paid`; `void`; `uncollectible`: written off at Stripe, still owed and payable.',
});

const agingSchema = z
  .object(Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, z.number().int()])))
  .meta({
    id: 'AgingReport',
    description:
      'What is owed, in US cents, by how overdue it is: current (not a full day past due), 1-30, 31-60, 61-90 and 90+ days.',
  });

export const invoiceSummarySchema = z
  .object({
    _id: idField,
    orderId: idField,
    companyId: idField,
    companyName: z.string(),
    number: z.string().nullable().meta({ example: 'INV-2026-000042' }),
    poNumber: z.string().nullable(),
    status: statusSchema,
    overdue: z.boolean(),
    daysOverdue: z.number().int(),
    totalCents: cents('The invoice’s total, in US cents.'),
    paidCents: cents('Received so far, in US cents.'),
    openCents: cents('Still owed, in US cents.'),
    issuedAt: z.iso.datetime(),
    dueAt: z.iso.datetime(),
    paidAt: z.iso.datetime().nullable(),
    hostedInvoiceUrl: z.string().nullable().meta({
      description:
        'Stripe’s page where the invoice is paid (bank transfer, US bank account); null without Stripe or once it is settled.',
    }),
    invoicePdf: z.string().nullable().meta({ description: 'Stripe’s PDF of the invoice.' }),
    lineCount: z.number().int(),
  })
  .meta({ id: 'InvoiceSummary' });

/** One payment to return to its payer, as store admins read it. */
export const moneyToReturnSchema = z
  .object({
    _id: idField,
    kind: z.enum(Object.keys(MONEY_TO_RETURN_LABELS) as [MoneyToReturnKind]).meta({
      description: Object.entries(MONEY_TO_RETURN_LABELS)
        .map(([kind, label]) => `\`${kind}\`: ${label.toLowerCase()}`)
        .join('; '),
    }),
    orderId: idField.nullable(),
    invoiceId: idField.nullable(),
    invoiceNumber: z.string().nullable(),
    companyId: idField.nullable(),
    companyName: z.string().nullable(),
    amountCents: cents('What arrived, in US cents.'),
    reference: z.string().meta({
      description: 'Stripe’s id of the payment, or the references of recorded payments.',
    }),
    receivedAt: z.iso.datetime(),
    status: z.enum(['to_return', 'returned']),
    returnedAt: z.iso.datetime().nullable().meta({ description: 'When it was marked returned.' }),
    returnedBy: z
      .object({ id: idField, name: z.string() })
      .nullable()
      .meta({ description: 'The store admin who marked it returned.' }),
    returnNote: z.string().nullable().meta({ description: 'Their note, if they wrote one.' }),
  })
  .meta({ id: 'MoneyToReturn' });

const totalsSchema = z.object({
  openCents: cents('Owed in all, in US cents.'),
  overdueCents: cents('Of it, overdue.'),
});

export const invoiceListSchema = z
  .object({
    items: z.array(invoiceSummarySchema),
    page: z.number().int(),
    pages: z.number().int(),
    total: z.number().int(),
    totals: totalsSchema,
    aging: agingSchema,
    moneyToReturn: z
      .object({
        items: z.array(moneyToReturnSchema).meta({
          description: `Still to return, newest first (up to ${MONEY_TO_RETURN_SHOWN}).`,
        }),
        count: z.number().int(),
        totalCents: cents('Still to return in all, in US cents.'),
        returned: z.array(moneyToReturnSchema).meta({
          description: `Marked returned, the last marked first (up to ${MONEY_TO_RETURN_SHOWN}).`,
        }),
      })
      .nullable()
      .meta({
        description: `Store admins: money that arrived for a voided invoice or a cancelled order and is to be returned to its payer, and the latest marked returned; null for a company’s members.`,
      }),
  })
  .meta({ id: 'InvoiceList' });

export const invoiceDetailSchema = invoiceSummarySchema
  .extend({
    lines: z.array(
      z.object({
        sku: z.string().nullable(),
        name: z.string(),
        quantity: z.number().int(),
        unitPriceCents: z.number().int(),
        totalCents: z.number().int(),
        priceSource: z.string().nullable().meta({
          description:
            'Where the unit price came from: "List price", "Volume price", "Contract price" or "Quote <reference>"; null for lines from before prices recorded it.',
        }),
      }),
    ),
    payments: z.array(
      z.object({
        amountCents: z.number().int(),
        reference: z.string(),
        source: z.enum(['stripe', 'admin']),
        at: z.iso.datetime(),
      }),
    ),
    paymentFailures: z.array(z.object({ at: z.iso.datetime(), message: z.string() })),
    voidedAt: z.iso.datetime().nullable(),
    issuing: z
      .object({
        attempts: z.number().int(),
        lastError: z.string().nullable(),
        nextAttemptAt: z.iso.datetime().nullable(),
      })
      .nullable()
      .meta({
        description:
          'Store admins: how issuing the invoice at Stripe goes (its attempts, last error, next attempt) while it is being issued or marked paid there; null otherwise.',
      }),
  })
  .meta({ id: 'Invoice' });

export const statementSchema = z
  .object({
    companyId: idField,
    companyName: z.string(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    generatedAt: z.iso.datetime(),
    invoices: z.array(
      z.object({
        _id: idField,
        number: z.string().nullable(),
        poNumber: z.string().nullable(),
        issuedAt: z.iso.datetime(),
        dueAt: z.iso.datetime(),
        status: statusSchema,
        totalCents: z.number().int(),
        paidCents: z.number().int(),
        openCents: z.number().int(),
      }),
    ),
    payments: z.array(
      z.object({
        invoiceId: idField,
        number: z.string().nullable(),
        amountCents: z.number().int(),
        reference: z.string(),
        source: z.enum(['stripe', 'admin']),
        at: z.iso.datetime(),
      }),
    ),
    totals: z.object({
      invoicedCents: cents('Invoiced in the range.'),
      paidCents: cents('Received in the range.'),
      openCents: cents('Owed now, over every invoice.'),
      overdueCents: cents('Of it, overdue.'),
    }),
    aging: agingSchema,
  })
  .meta({ id: 'Statement' });

const invoiceId = objectIdPath('invoice id');

const readersWhen =
  'members of a company whose role handles its invoices (accounts, owners) read their company’s; store admins read every company’s';

export const listAccountInvoicesOp = operation({
  method: 'get',
  path: '/api/invoices',
  operationId: 'listAccountInvoices',
  tag,
  summary: 'Invoices on account',
  description: `A page of invoices on account, newest first, with what is owed and overdue and its aging: ${readersWhen}, each with its company’s name. Another member of a company (a buyer, an approver) is refused.`,
  access: 'user',
  params: { query: invoiceListQuerySchema },
  responses: { 200: { description: 'The invoices.', json: invoiceListSchema } },
  errors: [
    'company.none',
    { key: 'company.not_allowed', when: 'the caller’s role does not handle invoices' },
    queryRefused(invoiceListQuerySchema, { status: 'late' }),
  ],
});

export const getAccountInvoiceOp = operation({
  method: 'get',
  path: '/api/invoices/{id}',
  operationId: 'getAccountInvoice',
  tag,
  summary: 'One invoice on account',
  description: `The invoice with its lines, PO number, payments and Stripe’s pay page and PDF: ${readersWhen}. Another company’s invoice is unknown (404).`,
  access: 'user',
  params: { path: z.object({ id: invoiceId }) },
  responses: { 200: { description: 'The invoice.', json: invoiceDetailSchema } },
  errors: [
    'company.none',
    { key: 'company.not_allowed', when: 'the caller’s role does not handle invoices' },
    {
      key: 'billing.invoice_not_found',
      when: 'no invoice has this id, or it is another company’s',
    },
  ],
});

statementQuerySchema.shape.from.register(z.globalRegistry, {
  description: 'The first day (`YYYY-MM-DD`, UTC, included); unbounded when left out.',
  example: '2026-11-01',
});
statementQuerySchema.shape.to.register(z.globalRegistry, {
  description: 'The last day (`YYYY-MM-DD`, UTC, included); unbounded when left out.',
  example: '2026-11-30',
});
statementQuerySchema.shape.format.register(z.globalRegistry, {
  description: '`json` (the default) or `csv` (a download for spreadsheets).',
  example: 'csv',
});

export const getAccountStatementOp = operation({
  method: 'get',
  path: '/api/account/statement',
  operationId: 'getAccountStatement',
  tag,
  summary: 'The caller’s company’s statement',
  description:
    'The invoices drawn and payments received in the range (UTC days, both included), what was invoiced and received in it, and what is owed now by age (current, 1-30, 31-60, 61-90, 90+ days overdue). For members whose role handles the company’s invoices (accounts, owners). `?format=csv` answers a CSV download: a header row, then one record per invoice and per payment in date order (RFC 4180, CRLF line ends, formulas neutralised, amounts in decimal US dollars, dates ISO 8601 UTC).',
  access: 'user',
  params: { query: statementQuerySchema },
  responses: {
    200: {
      description: 'The statement: JSON, or with `?format=csv` a CSV download.',
      json: statementSchema,
      content: {
        'text/csv; charset=utf-8': z.string().meta({
          description: `With \`?format=csv\`: the columns ${STATEMENT_CSV_COLUMNS.join(', ')}.`,
          example: `${STATEMENT_CSV_COLUMNS.join(',')}\r\n2026-11-20T09:30:00.000Z,Invoice,INV-2026-000042,PO-4711,,2026-12-20T09:30:00.000Z,4200.00,,Open\r\n`,
        }),
      },
      headers: z.object({
        'Content-Disposition': z.string().optional().meta({
          description: 'With `?format=csv`: an attachment named after the range.',
          example: 'attachment; filename="statement-from-2026-11-01-to-2026-11-30.csv"',
        }),
        'Cache-Control': z.string().optional().meta({
          description: 'With `?format=csv`: `private, no-store`.',
        }),
      }),
    },
  },
  errors: [
    'company.none',
    { key: 'company.not_allowed', when: 'the caller’s role does not handle invoices' },
    queryRefused(
      statementQuerySchema,
      { from: '2026-02-30' },
      '`from` or `to` is not a calendar date `YYYY-MM-DD`, `from` is after `to`, or `format` is neither `json` nor `csv`; details.fields names it',
    ),
  ],
});

/** How recording a payment fails (typed apart: the cases' shapes differ). */
const recordPaymentErrors: ErrorCase[] = [
  'billing.invoice_not_found',
  { key: 'billing.not_payable', params: { status: 'void' } },
  { key: 'billing.payment_duplicate', params: { reference: 'Cheque 000123' } },
  {
    key: 'billing.payment_too_large',
    params: { amount: '$5,000.00', open: '$4,200.00' },
    details: { openCents: 420_000 },
  },
  {
    code: 'validation_failed',
    when: 'the amount is not a whole number of cents from 1 to 2^53 − 1, or the reference is missing, too long or not printable',
    example: validationExample(recordPaymentSchema, { amountCents: 12.5, reference: 'Cheque 1' }),
  },
  {
    code: 'validation_failed',
    when: 'no reference',
    example: fieldErrorExample('reference', billingMessages.referenceRequired),
  },
];

export const recordAccountInvoicePaymentOp = operation({
  method: 'post',
  path: '/api/admin/invoices/{id}/payments',
  operationId: 'recordAccountInvoicePayment',
  tag,
  summary: 'Record a payment received outside Stripe (admin)',
  description:
    'A cheque or wire received for an invoice: `amountCents` (whole US cents, at most what is still owed) and its `reference` (the same reference twice on one invoice is refused, so a form sent twice records once). When the payments add up to the total, the invoice is paid, marked paid out of band at Stripe, and its order settled.',
  access: 'admin',
  params: { path: z.object({ id: invoiceId }) },
  body: {
    json: recordPaymentSchema,
    example: { amountCents: 420_000, reference: 'Wire 2026-11-28 WHITFIELD' },
  },
  responses: { 200: { description: 'The invoice as it is now.', json: invoiceDetailSchema } },
  errors: recordPaymentErrors,
});

export const voidAccountInvoiceOp = operation({
  method: 'post',
  path: '/api/admin/invoices/{id}/void',
  operationId: 'voidAccountInvoice',
  tag,
  summary: 'Void an invoice (admin)',
  description:
    'Voids an open invoice (or one being issued) with nothing paid on it: at Stripe first, then here; the order’s amount is given back to its company’s credit. A paid, void or written-off invoice is refused (409).',
  access: 'admin',
  params: { path: z.object({ id: invoiceId }) },
  responses: { 200: { description: 'The invoice, void.', json: invoiceDetailSchema } },
  errors: [
    'billing.invoice_not_found',
    { key: 'billing.not_voidable', params: { status: 'paid' } },
    'billing.issuing',
    'billing.paid_at_stripe',
    'payment.unreachable',
  ],
});

export const markMoneyReturnedOp = operation({
  method: 'post',
  path: '/api/admin/money-to-return/{id}/returned',
  operationId: 'markMoneyReturned',
  tag,
  summary: 'Mark money to return as returned (admin)',
  description: `Once the money that arrived for a voided invoice or a cancelled order went back to its payer (a refund at Stripe, a cheque), a store admin marks it returned: when and by whom are recorded, with an optional \`note\` (up to ${MONEY_RETURNED_NOTE_MAX} characters, e.g. the refund’s id). Marked once: a second call is refused (409 \`conflict\`, saying when and by whom, with \`details.returnedAt\` and \`details.returnedBy\`) and changes nothing.`,
  access: 'admin',
  params: { path: z.object({ id: objectIdPath('money to return id') }) },
  body: { json: moneyReturnedSchema, example: { note: 'Refunded at Stripe: re_3Q2x9' } },
  responses: {
    200: { description: 'The entry, returned.', json: moneyToReturnSchema },
  },
  errors: [
    'billing.money_to_return_not_found',
    {
      key: 'billing.money_already_returned',
      params: { day: 'Dec 7', by: 'Ada Admin' },
      details: {
        returnedAt: '2026-12-07T18:30:00.000Z',
        returnedBy: { id: '665f1c2e9b1d8c0012345678', name: 'Ada Admin' },
      },
    },
    {
      code: 'validation_failed',
      when: `the note is not text, is longer than ${MONEY_RETURNED_NOTE_MAX} characters or not printable, or another field is sent`,
      example: validationExample(moneyReturnedSchema, { note: 'x'.repeat(501) }),
    },
  ],
});

export const billingOperations = [
  listAccountInvoicesOp,
  getAccountInvoiceOp,
  getAccountStatementOp,
  recordAccountInvoicePaymentOp,
  voidAccountInvoiceOp,
  markMoneyReturnedOp,
] as const;
