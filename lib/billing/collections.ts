import type { ObjectId } from 'mongodb';
import { collection, declareCollections } from '@/lib/core/db/collection';
import type { BankAccountDetails } from '@/lib/orders/shared';
import type { OutboxEntry } from '@/lib/core/mail/outbox-registry';
import type { InvoiceStatus, PaymentSource, ReminderKind } from './rules';
import type { MoneyToReturnKind } from './shared';

/** One line of an invoice on account, copied from its order's line when the invoice is drawn. */
export interface AccountInvoiceLineDoc {
  /** The part number on the order's line; null for products from before part numbers. */
  sku: string | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** quantity x unitPriceCents. */
  totalCents: number;
  /** Where the unit price came from (a volume tier, a quote...), when the order's line says. */
  priceSource?: string;
}

/**
 * The lines of an invoice as stored, copied from an order's lines (or another invoice's): the
 * fields an invoice keeps of each, its price source only when the line has one.
 */
export function invoiceLinesOf(
  lines: readonly {
    sku: string | null;
    name: string;
    quantity: number;
    unitPriceCents: number;
    totalCents: number;
    priceSource?: string | null;
  }[],
): AccountInvoiceLineDoc[] {
  return lines.map((line) => ({
    sku: line.sku,
    name: line.name,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    totalCents: line.totalCents,
    ...(line.priceSource ? { priceSource: line.priceSource } : {}),
  }));
}

/** A payment received against an invoice: through Stripe, or recorded by a store admin. */
export interface InvoicePaymentDoc {
  amountCents: number;
  /** Stripe's invoice (or payment) id; the cheque or wire reference an admin typed. */
  reference: string;
  source: PaymentSource;
  at: Date;
  /** The admin who recorded it, or 'stripe'. */
  by: ObjectId | 'stripe';
  /** The Stripe event that reported it. */
  eventId?: string;
}

/** A failed attempt to pay at Stripe (`invoice.payment_failed`), kept for the back office. */
export interface InvoicePaymentFailureDoc {
  at: Date;
  eventId: string;
  message: string;
}

/**
 * Where an invoice stands with Stripe while it is a local draft: the job pushes it (customer,
 * invoice, one item per line, finalisation), each step recorded as it succeeds, so a retry goes
 * on from where the last attempt stopped. `round` is part of every idempotency key and moves on
 * after Stripe answered an error of its own (Stripe remembers a 5xx under its key for a day); a
 * timeout keeps it (Stripe may have done the work, and the same key finds it).
 */
export interface InvoiceSyncDoc {
  attempts: number;
  round: number;
  /** When the job may try again; null once the invoice is issued (or voided). */
  nextAttemptAt: Date | null;
  lastError: string | null;
  /** While a job pushes it: whose claim it is and until when. */
  claim?: string;
  claimedUntil?: Date;
  /**
   * Out-of-band work left to do at Stripe: mark the invoice paid there (an admin's payment), or
   * void it there (it was voided here because its order was cancelled).
   */
  pending?: 'mark_paid' | 'void_at_stripe';
}

/** The invoice at Stripe, once created there. */
export interface InvoiceStripeDoc {
  customerId: string;
  invoiceId: string;
  /** How many of the lines are invoice items at Stripe (in order). */
  itemsAdded: number;
  hostedInvoiceUrl: string | null;
  invoicePdf: string | null;
}

/**
 * An invoice on account: one per order placed on account (unique `orderId`), drawn when the
 * order's terms say (at shipment, or at ordering). It is first a local draft (`draft`), then
 * issued (`open`) at Stripe Invoicing, or locally when Stripe is not configured; it ends `paid`
 * (a Stripe-verified `invoice.paid`, or an admin's recorded payments adding up to the total),
 * `void` (by a store admin, or at Stripe) or `uncollectible` (at Stripe; still owed).
 */
export interface AccountInvoiceDoc {
  _id: ObjectId;
  orderId: ObjectId;
  companyId: ObjectId;
  /** The store's invoice number (`INV-2026-000042`), from the order's gap-free counter. */
  number: string | null;
  lines: AccountInvoiceLineDoc[];
  poNumber: string | null;
  currency: 'usd';
  totalCents: number;
  /** The sum of `payments`. */
  paidCents: number;
  payments: InvoicePaymentDoc[];
  paymentFailures: InvoicePaymentFailureDoc[];
  status: InvoiceStatus;
  /** The order's net days (its terms when it was placed). */
  netDays: number;
  createdAt: Date;
  /** When the invoice was drawn (its draft); its due date counts from here. */
  issuedAt: Date;
  /** When payment is due: `netDays` after `issuedAt`, or Stripe's due date once finalised. */
  dueAt: Date;
  /** When it reached `open`, `paid`, `void`. */
  openedAt?: Date;
  paidAt?: Date;
  voidedAt?: Date;
  voidedBy?: ObjectId | 'stripe' | 'order_cancelled';
  /** Set once the order has been settled (paid) or its credit released (void), with the outcome. */
  settledAt?: Date;
  settleOutcome?: string;
  stripe: InvoiceStripeDoc | null;
  sync: InvoiceSyncDoc;
  /** The reminders already queued, each once. */
  remindersSent: { kind: ReminderKind; at: Date }[];
  /** The Stripe events applied to this invoice (the last 50), so a replayed one does nothing. */
  events: string[];
  /** The invoice mails (issued, reminders), queued in the update that calls for them. */
  outbox?: OutboxEntry[];
  updatedAt: Date;
}

/**
 * A company's billing account (one per company: unique company id): what became of its tax id
 * at Stripe (given to its Stripe customer, which is the kernel's one customer per payer,
 * lib/core/stripe-customers.ts, shared with bank transfers), and whether billing has put the
 * company on hold (so the overdue job also looks at it when its invoices are no longer overdue).
 */
export interface BillingCustomerDoc {
  _id: ObjectId;
  companyId: ObjectId;
  /** The Stripe customer the tax id was given to. */
  customerId: string | null;
  /** The tax id given to Stripe, or why it was not taken (an unknown format). */
  taxId?: { value: string; type: string } | { value: string; refused: string };
  /** Billing has put the company on hold (and not lifted it yet). */
  onHold: boolean;
  /**
   * The bank account Stripe gives the company's customer for transfers (its funding
   * instructions, the same for every invoice), read once and kept.
   */
  bankDetails?: BankAccountDetails[];
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Money that arrived for something no longer owed, to be returned to its payer by the store: a
 * Stripe invoice paid after it was voided here, an invoice paid for an order that was cancelled,
 * payments recorded on an invoice that was then voided by a cancel, a PaymentIntent that
 * succeeded (or was part-funded by a bank transfer) for a cancelled order. One per payment
 * (unique `key`, e.g. `stripe-invoice:<id>`, `intent:<id>`), so a replayed event records once.
 * Shown to store admins (the invoices page, `GET /api/invoices`) until one marks it returned
 * (`POST /api/admin/money-to-return/{id}/returned`: when, by whom, an optional note).
 */
export interface MoneyToReturnDoc {
  _id: ObjectId;
  key: string;
  kind: MoneyToReturnKind;
  orderId: ObjectId | null;
  invoiceId: ObjectId | null;
  invoiceNumber: string | null;
  companyId: ObjectId | null;
  /** What arrived, in cents (a bank transfer's part-funding grows: the largest seen is kept). */
  amountCents: number;
  currency: string;
  /** Stripe's id of the payment (invoice, PaymentIntent) or the recorded payments' references. */
  reference: string;
  eventId: string | null;
  receivedAt: Date;
  status: 'to_return' | 'returned';
  returnedAt?: Date;
  returnedBy?: ObjectId;
  returnNote?: string;
  updatedAt: Date;
}

export type { MoneyToReturnKind };

export const collections = declareCollections({
  accountInvoices: collection<AccountInvoiceDoc>('accountInvoices', [
    // One invoice per order, however many jobs draw it at once.
    { key: { orderId: 1 }, options: { unique: true } },
    // A company's invoices, newest first (its list and statement).
    { key: { companyId: 1, issuedAt: -1, _id: -1 } },
    // Every company's, by status (the store admin's list).
    { key: { status: 1, issuedAt: -1, _id: -1 } },
    { key: { issuedAt: -1, _id: -1 } },
    // The job: drafts due for an attempt; open invoices by due date (reminders, overdue).
    { key: { 'sync.nextAttemptAt': 1 }, options: { sparse: true } },
    { key: { status: 1, dueAt: 1 } },
    // A Stripe event finds its invoice.
    {
      key: { 'stripe.invoiceId': 1 },
      options: {
        unique: true,
        partialFilterExpression: { 'stripe.invoiceId': { $type: 'string' } },
      },
    },
    // The mail outbox: the drainer looks for invoices with a queued mail that is due.
    { key: { 'outbox.nextAttemptAt': 1 }, options: { sparse: true } },
  ]),
  moneyToReturn: collection<MoneyToReturnDoc>('moneyToReturn', [
    { key: { key: 1 }, options: { unique: true } },
    { key: { status: 1, receivedAt: -1, _id: -1 } },
    // The latest marked returned (the invoices page).
    { key: { status: 1, returnedAt: -1, _id: -1 } },
  ]),
  billingCustomers: collection<BillingCustomerDoc>('billingCustomers', [
    { key: { companyId: 1 }, options: { unique: true } },
    { key: { onHold: 1 } },
  ]),
});
