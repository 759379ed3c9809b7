import type { ObjectId } from 'mongodb';
import { collection, declareCollections } from '@/lib/core/db/collection';
import type { OutboxEntry } from '@/lib/core/mail/outbox-registry';
import type { PriceSource } from '@/lib/pricing/shared';
import type { CancelReason, OrderStatus } from './lifecycle';

/**
 * One line of an order: a product, how many, and its price fixed when the order was placed (the
 * unit price of the line's volume tier, or a quoted price), with the part number, name and
 * picture copied then. Stored with the product's `ObjectId`; pages and the API see it with the
 * id as a string (`OrderLine`, store/records.ts).
 */
export interface OrderLineOf<ProductId> {
  productId: ProductId;
  /** The part number when ordered; null for products from before part numbers. */
  sku: string | null;
  name: string;
  picture: string;
  quantity: number;
  /** The unit price of the line's volume tier (or the quoted price), in cents, fixed when placed. */
  unitPriceCents: number;
  /** quantity x unitPriceCents. */
  totalCents: number;
  /**
   * Where the unit price came from (lib/pricing `resolveUnitPrice`): `list`, `tier`,
   * `contract:<price list id>` or `quote:<reference>`. Absent on lines from before contract prices.
   */
  priceSource?: PriceSource;
}

/** How an order on account is invoiced and paid (lib/terms for the terms, lib/billing for the invoice). */
export interface OrderAccountDoc {
  /** The company's net days when the order was placed: its invoice is due that many days after it is drawn. */
  netDays: number;
  /** When its invoice is drawn: when the order ships, or at once. */
  invoiceOn: 'shipment' | 'order';
  /** The amount held against the company's credit, in cents: the order's total. */
  creditCents: number;
  /** Since when its invoice is due to be drawn: at confirmation (`order`) or when it shipped. */
  invoiceDueAt?: Date;
  /** The store's invoice of this order (lib/billing), once drawn. */
  invoiceId?: ObjectId;
  /**
   * Set by the update that cancels the order (a recorded intent): its invoice, drawn or being
   * drawn, is to be voided here and at Stripe. lib/billing does it (woken by the cancel, or its
   * invoice job after a crash) and clears this.
   */
  invoiceVoidPending?: Date;
  /** Who settled it: a verified Stripe event, or a store admin recording a payment. */
  paidBy?: 'stripe' | 'admin';
}

/** One stored line of an order. */
export type OrderLineDoc = OrderLineOf<ObjectId>;

/**
 * Where a stored order is: its lifecycle status (lib/orders/lifecycle.ts), or `reserving` while
 * the request placing it takes its lines' stock (lib/orders/stock.ts). A `reserving` order is
 * seen by nobody: reads and lists leave it out; it becomes `unpaid` or is removed.
 */
export type StoredOrderStatus = OrderStatus | 'reserving';

/**
 * An order: its lines, and a copy of the product fields at ordering time, amounts in integer
 * cents. The flat product fields (`productId`, `name`, `quantity`, ...) are the spec's: for a
 * one-line order they are that line's; for an order of several lines they describe it as a
 * whole (see `flatFieldsOf`, lib/orders/store/lines.ts).
 */
export interface OrderDoc {
  _id: ObjectId;
  /**
   * The lines, in the order the buyer listed them (one for an order of one product). Orders
   * from before lines get theirs once, from their flat fields (migrations.ts); `linesOf` reads
   * either.
   */
  lines?: OrderLineDoc[];
  /**
   * The lines (by product id) whose stock this order took and, of those, the ones given back
   * (cancelled, or a placement undone), each recorded once (lib/orders/stock.ts).
   */
  reserved?: ObjectId[];
  released?: ObjectId[];
  /**
   * Set on orders whose stock takes left markers on their products (every order placed since
   * orders have lines): their stock is given back by removing the markers (lib/orders/stock.ts).
   */
  stockMarkers?: true;
  /** Set while stock of this order remains to be given back; cleared when none is left. */
  stockPending?: true;
  /** While `reserving`: the request placing it (a random token) and until when it may. */
  claim?: { token: string; until: Date };
  productId: ObjectId;
  /**
   * The person who ordered; `email` and `userName` are theirs at ordering time. Null for an
   * order from before user ids whose email had no account (only admins reach it).
   */
  userId: ObjectId | null;
  userName: string;
  email: string;
  quantity: number;
  name: string;
  picture: string;
  description: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  /** The price of one unit for the ordered quantity (its volume tier), fixed when placed. */
  unitPriceCents: number;
  /** The product's part number at ordering time (orders from before part numbers have none). */
  sku?: string;
  /** quantity x unitPriceCents: the amount due. */
  totalCents: number;
  address: string;
  phone: string;
  /** The buyer's purchase-order number, when they gave one (trimmed, at most 40 characters). */
  poNumber?: string;
  /**
   * Set on an order placed by a member of a company (lib/companies): the company, and who placed
   * it (the same person as `userId`). The order stays with the company when its placer leaves.
   */
  companyId?: ObjectId;
  placedBy?: ObjectId;
  /**
   * Set on a company order placed above its placer's approval limit (it starts
   * `awaiting_approval`): the limit it was over and, once decided, who decided, when, and the
   * reason given for a rejection.
   */
  approval?: ApprovalDoc;
  /**
   * Set on an order placed on account (its company on net terms, lib/terms): it is `confirmed`
   * instead of unpaid, its total held against the company's credit, and paid by its invoice.
   */
  account?: OrderAccountDoc;
  /**
   * Where the order is in its life (lib/orders/lifecycle.ts). Changed only by `transition()`,
   * one conditional update that also appends to `history`.
   */
  status: StoredOrderStatus;
  /** Every status the order has had, oldest first; the first entry is its creation. */
  history: OrderHistoryEntry[];
  /** The spec's flag, kept equal to "status is past unpaid" by `transition()`. */
  paid: boolean;
  /** The Stripe PaymentIntent created for this order, reused until it is paid. */
  paymentIntentId?: string;
  /**
   * Set once its buyer chose to pay by bank transfer (its `paymentIntentId` is then a
   * customer-balance intent): what is still to arrive, as Stripe last reported it, in cents.
   */
  bankTransfer?: { chosenAt: Date; remainingCents: number; updatedAt: Date };
  /** The verified PaymentIntent id, set together with `paid: true`. */
  transactionId?: string;
  paidAt?: Date;
  /**
   * `INV-<year>-<6 digits>`, issued once when the order is paid (lib/orders/invoice-numbers.ts) and
   * never changed; unique (partial unique index).
   */
  invoiceNumber?: string;
  /** Set with `status: 'shipped'`: who carries the parcel and its tracking number. */
  carrier?: string;
  trackingNumber?: string;
  createdAt: Date;
  /**
   * When the order is cancelled if still unpaid, stamped when it is placed from the buyer's
   * account then (lib/orders/rules.ts `holdFor`): UNPAID_ORDER_TTL_HOURS after placing for a
   * verified email, UNVERIFIED_HOLD_MINUTES otherwise. Never moved afterwards (verifying later
   * does not extend it). Absent on orders from before it was stamped: createdAt +
   * UNPAID_ORDER_TTL_HOURS.
   */
  expiresAt?: Date;
  /**
   * Set with `status: 'cancelled'` (only an unpaid order is cancelled): when, and why. Its stock
   * has been returned; it is kept as a record for the back office, listed only under the
   * cancelled filter of Manage Orders and never payable.
   */
  cancelledAt?: Date;
  cancelReason?: CancelReason;
  /** Mails queued by a change of this order, waiting to be sent (lib/core/mail/outbox.ts). */
  outbox?: OutboxEntry[];
  /**
   * Set on an order placed by accepting a quote: the quote, and its reference (`Q-2026-000001`)
   * shown on the order page and the invoice. At most one order per quote (unique index).
   */
  quoteId?: ObjectId;
  quoteReference?: string;
  /**
   * What the invoice prints about the buyer and the part, frozen in the same update that marks
   * the order paid (lib/orders/invoice-details.ts), so a later profile or catalogue edit never changes an
   * issued invoice. An order paid before it was stored gets it when its invoice is first drawn.
   */
  invoiceDetails?: InvoiceDetailsDoc;
}

/** A stored order past its placing: what reads, lists and moves see (never `reserving`). */
export type PlacedOrderDoc = OrderDoc & { status: OrderStatus };

/** One step of an order's history: the status it reached, when, by whom, and a note. */
export interface OrderHistoryEntry {
  status: OrderStatus;
  at: Date;
  /** The user who made the change, or 'system' (expiry, migration) / 'stripe' (a payment). */
  by: ObjectId | 'system' | 'stripe';
  note: string | null;
}

/** A company order's approval (OrderDoc.approval). */
export interface ApprovalDoc {
  /** The placer's approval limit per order when they placed it, in cents (null: none). */
  limitCents: number | null;
  /**
   * When the order waits because it takes its placer's calendar month over their monthly limit:
   * that limit, and what their month came to with this order, in cents.
   */
  month?: { limitCents: number; totalCents: number };
  decidedBy?: ObjectId;
  decidedByName?: string;
  decidedAt?: Date;
  /** Given with a rejection. */
  reason?: string;
}

/** The buyer and part as an order's invoice prints them, frozen at payment (OrderDoc). */
export interface InvoiceDetailsDoc {
  /**
   * The buyer's name and email, and the company and tax id: those of the buyer's company when
   * the order is a company's (with its billing address), else My Profile's, when it was paid.
   */
  name: string;
  email: string;
  company: string | null;
  taxId: string | null;
  billingAddress?: string | null;
  /** The delivery address and phone the order was placed with. */
  address: string;
  phone: string;
  /** The product's part number: the order's copy, else the product's when it was paid. */
  partNumber: string | null;
  frozenAt: Date;
}

export const collections = declareCollections({
  orders: collection<OrderDoc>('orders', [
    { key: { email: 1, createdAt: -1 } },
    { key: { userId: 1, createdAt: -1 } },
    // The unpaid-orders cap, counted twice on every order: a count of index keys alone.
    { key: { userId: 1, status: 1 } },
    { key: { createdAt: -1 } },
    // The mail outbox: the drainer looks for orders with a queued mail that is due.
    { key: { 'outbox.nextAttemptAt': 1 } },
    // An invoice number belongs to one order, whatever happens (lib/orders/invoice-numbers.ts).
    {
      key: { invoiceNumber: 1 },
      options: { unique: true, partialFilterExpression: { invoiceNumber: { $type: 'string' } } },
    },
    // Manage Orders' and GET /api/allOrder's pages, which name it (ALL_ORDERS_INDEX in
    // store/reads.ts: keep the two alike), and the expiry sweep (unpaid, oldest first).
    { key: { status: 1, createdAt: -1, _id: -1 } },
    // The stock sweep: orders whose stock remains to be given back.
    { key: { stockPending: 1 }, options: { sparse: true } },
    // The expiry sweep's own deadlines (`expiresAt`, stamped when an order is placed); the
    // stock sweep's `reserving` orders by their claim.
    {
      key: { status: 1, 'claim.until': 1 },
      options: { partialFilterExpression: { status: 'reserving' } },
    },
    { key: { status: 1, expiresAt: 1 } },
    // A company's orders (its members' list, the approvals, the admin's company page).
    {
      key: { companyId: 1, createdAt: -1, _id: -1 },
      options: { partialFilterExpression: { companyId: { $type: 'objectId' } } },
    },
    // The invoice job's work list: orders on account due for their invoice (store/account.ts
    // names it: the query planner's own choice among the status indexes is refused by the
    // embedded engine once the collection holds some 10,000 orders).
    {
      key: { 'account.invoiceDueAt': 1, _id: 1 },
      options: { partialFilterExpression: { 'account.invoiceDueAt': { $exists: true } } },
    },
    // Cancelled orders on account whose invoice is still to be voided (lib/billing's job).
    {
      key: { 'account.invoiceVoidPending': 1 },
      options: { partialFilterExpression: { 'account.invoiceVoidPending': { $exists: true } } },
    },
    // At most one order per quote, whatever happens to an accept (lib/quotes).
    {
      key: { quoteId: 1 },
      options: { unique: true, partialFilterExpression: { quoteId: { $type: 'objectId' } } },
    },
  ]),
});
