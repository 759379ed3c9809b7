/**
 * The client-safe face of lib/billing (invoices on account): its rules and labels, and the
 * shapes pages and the API show. Nothing here imports server-only code.
 */
export * from './rules';

import type { AgingBucket } from '@/lib/terms/shared';
import type { InvoiceStatus, PaymentSource } from './rules';

/** An invoice on account in a list. Money in integer cents, dates ISO 8601. */
export interface InvoiceSummary {
  _id: string;
  orderId: string;
  companyId: string;
  companyName: string;
  /** The store's invoice number; null for a moment while it is drawn. */
  number: string | null;
  poNumber: string | null;
  status: InvoiceStatus;
  /** Owed and at least a full day past its due date. */
  overdue: boolean;
  daysOverdue: number;
  totalCents: number;
  paidCents: number;
  /** What is still owed (0 once paid or void). */
  openCents: number;
  issuedAt: string;
  dueAt: string;
  paidAt: string | null;
  /** Stripe's page where the invoice is paid; null without Stripe, or while being issued. */
  hostedInvoiceUrl: string | null;
  /** Stripe's PDF of the invoice; null without Stripe. */
  invoicePdf: string | null;
  lineCount: number;
}

/** One line of an invoice. */
export interface InvoiceLine {
  sku: string | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
  /** Where the unit price came from: "Contract price", "Volume price"... (null: not recorded). */
  priceSource: string | null;
}

/** One payment received against an invoice. */
export interface InvoicePayment {
  amountCents: number;
  reference: string;
  source: PaymentSource;
  at: string;
}

/** An invoice with its lines and payments. */
export interface InvoiceDetail extends InvoiceSummary {
  lines: InvoiceLine[];
  payments: InvoicePayment[];
  /** Failed payment attempts at Stripe, newest last. */
  paymentFailures: { at: string; message: string }[];
  voidedAt: string | null;
  /**
   * For store admins: why the invoice is not issued at Stripe yet (its last attempt's error)
   * and when the next attempt is; null otherwise.
   */
  issuing: { attempts: number; lastError: string | null; nextAttemptAt: string | null } | null;
}

/** What is owed in all, and of it overdue, in cents. */
export interface InvoiceTotals {
  openCents: number;
  overdueCents: number;
}

/** A page of invoices: the caller's company's, or every company's for a store admin. */
export interface InvoiceList {
  items: InvoiceSummary[];
  page: number;
  pages: number;
  total: number;
  /** Over every owed invoice of the list's scope, whatever the filter. */
  totals: InvoiceTotals;
  /** What is owed by age (current, 1-30, 31-60, 61-90, 90+ days overdue). */
  aging: Record<AgingBucket, number>;
  /**
   * Store admins: money that arrived for a voided invoice or a cancelled order, still to be
   * returned (newest first, up to MONEY_TO_RETURN_SHOWN); null for a company's members.
   */
  moneyToReturn: MoneyToReturnList | null;
}

/** How many entries of money to return the invoices list shows. */
export const MONEY_TO_RETURN_SHOWN = 50;

/** The most a store admin's note on money returned may say, in characters. */
export const MONEY_RETURNED_NOTE_MAX = 500;

/** Why money is to be returned, as the admin's list says it. */
export const MONEY_TO_RETURN_LABELS = {
  invoice_paid_after_void: 'Invoice paid after it was voided',
  invoice_paid_order_cancelled: 'Invoice paid for a cancelled order',
  recorded_payments_voided: 'Payments recorded on an invoice voided by a cancel',
  intent_paid_order_cancelled: 'Payment for a cancelled order',
  transfer_funded_order_cancelled: 'Bank transfer received for a cancelled order',
} as const;

export type MoneyToReturnKind = keyof typeof MONEY_TO_RETURN_LABELS;

/** One payment to return to its payer. */
export interface MoneyToReturn {
  _id: string;
  kind: MoneyToReturnKind;
  orderId: string | null;
  invoiceId: string | null;
  invoiceNumber: string | null;
  companyId: string | null;
  companyName: string | null;
  amountCents: number;
  reference: string;
  receivedAt: string;
  /** `to_return`, or `returned` once a store admin marked it so (when, by whom, their note). */
  status: 'to_return' | 'returned';
  returnedAt: string | null;
  returnedBy: { id: string; name: string } | null;
  returnNote: string | null;
}

export interface MoneyToReturnList {
  items: MoneyToReturn[];
  /** How many are still to return, and their sum in cents. */
  count: number;
  totalCents: number;
  /** The latest marked returned (up to MONEY_TO_RETURN_SHOWN), the last marked first. */
  returned: MoneyToReturn[];
}

/** One invoice on a statement. */
export interface StatementInvoice {
  _id: string;
  number: string | null;
  poNumber: string | null;
  issuedAt: string;
  dueAt: string;
  status: InvoiceStatus;
  totalCents: number;
  paidCents: number;
  openCents: number;
}

/** One payment on a statement. */
export interface StatementPayment {
  invoiceId: string;
  number: string | null;
  amountCents: number;
  reference: string;
  source: PaymentSource;
  at: string;
}

/** A company's statement for a range of days. */
export interface Statement {
  companyId: string;
  companyName: string;
  /** The range asked for (UTC days, both included); null: unbounded. */
  from: string | null;
  to: string | null;
  generatedAt: string;
  /** Invoices drawn in the range (void ones left out), oldest first. */
  invoices: StatementInvoice[];
  /** Payments received in the range, oldest first. */
  payments: StatementPayment[];
  totals: {
    /** Invoiced in the range. */
    invoicedCents: number;
    /** Received in the range. */
    paidCents: number;
    /** Owed now, over every invoice (whatever the range). */
    openCents: number;
    overdueCents: number;
  };
  /** What is owed now by age. */
  aging: Record<AgingBucket, number>;
}

/** The invoices list page size. */
export const INVOICES_PER_PAGE = 20;

/** The statement CSV's columns, in order (lib/billing/statement-csv.ts). */
export const STATEMENT_CSV_COLUMNS = [
  'Date',
  'Type',
  'Invoice number',
  'PO number',
  'Reference',
  'Due date',
  'Charge',
  'Payment',
  'Status',
] as const;
