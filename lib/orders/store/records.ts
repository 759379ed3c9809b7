import 'server-only';
import { centsToDollars } from '@/lib/core/money';
import type { CancelReason, OrderStatus } from '../lifecycle';
import type { OrderDoc, OrderHistoryEntry, OrderLineOf } from '../collections';
import { payByOf } from './deadline';
import { linesOf } from './lines';

/** One step of an order's history as pages and the API see it. */
export interface OrderHistoryStep {
  status: OrderStatus;
  at: string;
  /** The acting user's id, or 'system' / 'stripe'. */
  by: string;
  note: string | null;
}

/** One line of an order as pages and the API see it: the product id as a string, money in integer cents. */
export type OrderLine = OrderLineOf<string>;

/** An order as pages and the API see it: string ids, money in dollars, `price` = total due. */
export interface Order {
  _id: string;
  /** Every line of the order (one for an order of one product); its total is their sum. */
  lines: OrderLine[];
  productId: string;
  quantity: number;
  userName: string;
  email: string;
  name: string;
  picture: string;
  description: string;
  minimumOrderQuantity: number;
  availableQuantity: number;
  /** Price of one unit, in dollars. */
  unitPrice: number;
  /** The total due (quantity x unit price), in dollars. */
  price: number;
  address: string;
  phone: string;
  /** The buyer's purchase-order number; null when they gave none. */
  poNumber: string | null;
  /** When the payment was verified; null while unpaid (and for orders paid before it was stored). */
  paidAt: string | null;
  /** The invoice number, issued once the order is paid (lib/invoices); null until then. */
  invoiceNumber: string | null;
  /** Where the order is in its life (lib/orders/lifecycle.ts). */
  status: OrderStatus;
  /** Every status it has had, oldest first, with when, by whom and a note. */
  history: OrderHistoryStep[];
  /** True once paid (status past unpaid), as the spec's flag. */
  paid: boolean;
  transactionId: string | null;
  /** Set once shipped. */
  carrier: string | null;
  trackingNumber: string | null;
  /** The product's part number when it was ordered; null for orders from before part numbers. */
  sku: string | null;
  createdAt: string;
  /**
   * When the order is cancelled if still unpaid, stamped when it was placed: after
   * UNPAID_ORDER_TTL_HOURS, or UNVERIFIED_HOLD_MINUTES for an account whose email was not
   * verified then (see `payByOf`).
   */
  payBy: string;
  /** When the order was cancelled (only unpaid orders are); null for a live order. */
  cancelledAt: string | null;
  cancelReason: CancelReason | null;
  /** The quote this order was placed from (`Q-2026-000001`); null for an ordinary order. */
  quoteReference: string | null;
  /** The company of the member who placed it (lib/companies); null for a person's own order. */
  companyId: string | null;
  /** Who placed a company order (its buyer's user id); null for a person's own order. */
  placedBy: string | null;
  /**
   * A company order placed above its placer's approval limit: the limit, and who decided, when,
   * and why (a rejection's reason); null for an order that needed no approval.
   */
  approval: OrderApproval | null;
  /** An order on account: its terms and its invoice once drawn; null for an order paid by card. */
  account: {
    netDays: number;
    invoiceOn: 'shipment' | 'order';
    invoiceId: string | null;
  } | null;
}

/** A company order's approval as pages and the API see it. */
export interface OrderApproval {
  /** The placer's approval limit per order when they placed it (null: none). */
  limitCents: number | null;
  /** Set when it waits for its placer's monthly limit: that limit and their month with it. */
  month: { limitCents: number; totalCents: number } | null;
  decidedBy: { userId: string; name: string } | null;
  decidedAt: string | null;
  reason: string | null;
}

/** An order with what the server needs to check ownership and payments; never sent out. */
export interface OrderRecord extends Order {
  userId: string;
  unitPriceCents: number;
  totalCents: number;
  paymentIntentId: string | null;
  /** Paid by bank transfer: what is still to arrive, in cents; null for a card payment. */
  bankTransferRemainingCents: number | null;
}

function toStep(entry: OrderHistoryEntry): OrderHistoryStep {
  return {
    status: entry.status,
    at: entry.at.toISOString(),
    by: typeof entry.by === 'string' ? entry.by : entry.by.toHexString(),
    note: entry.note ?? null,
  };
}

/**
 * The lifecycle status of a stored order. Reads never return an order still being placed
 * (`reserving`, lib/orders/stock.ts); one reaching a record is a programming error.
 */
function placedStatus(status: OrderDoc['status']): OrderStatus {
  if (status === 'reserving') throw new Error('An order still being placed has no record.');
  return status;
}

/** An order as stored, as the server's plain record. */
export function orderRecord(doc: OrderDoc): OrderRecord {
  return {
    _id: doc._id.toHexString(),
    lines: linesOf(doc).map((line) => ({
      productId: line.productId.toHexString(),
      sku: line.sku,
      name: line.name,
      picture: line.picture,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.totalCents,
      ...(line.priceSource ? { priceSource: line.priceSource } : {}),
    })),
    productId: doc.productId.toHexString(),
    quantity: doc.quantity,
    userName: doc.userName,
    email: doc.email,
    name: doc.name,
    picture: doc.picture,
    description: doc.description,
    minimumOrderQuantity: doc.minimumOrderQuantity,
    availableQuantity: doc.availableQuantity,
    unitPrice: centsToDollars(doc.unitPriceCents),
    price: centsToDollars(doc.totalCents),
    address: doc.address,
    phone: doc.phone,
    poNumber: doc.poNumber ?? null,
    paidAt: doc.paid ? (doc.paidAt?.toISOString() ?? null) : null,
    invoiceNumber: doc.invoiceNumber ?? null,
    status: placedStatus(doc.status),
    history: (doc.history ?? []).map(toStep),
    paid: doc.paid,
    transactionId: doc.paid ? (doc.transactionId ?? null) : null,
    carrier: doc.carrier ?? null,
    trackingNumber: doc.trackingNumber ?? null,
    sku: doc.sku ?? null,
    createdAt: doc.createdAt.toISOString(),
    payBy: payByOf(doc).toISOString(),
    cancelledAt: doc.cancelledAt?.toISOString() ?? null,
    cancelReason: doc.cancelReason ?? null,
    quoteReference: doc.quoteReference ?? null,
    companyId: doc.companyId?.toHexString() ?? null,
    placedBy: doc.placedBy?.toHexString() ?? null,
    approval: doc.approval
      ? {
          limitCents: doc.approval.limitCents,
          month: doc.approval.month ?? null,
          decidedBy: doc.approval.decidedBy
            ? {
                userId: doc.approval.decidedBy.toHexString(),
                name: doc.approval.decidedByName ?? '',
              }
            : null,
          decidedAt: doc.approval.decidedAt?.toISOString() ?? null,
          reason: doc.approval.reason ?? null,
        }
      : null,
    account: doc.account
      ? {
          netDays: doc.account.netDays,
          invoiceOn: doc.account.invoiceOn,
          invoiceId: doc.account.invoiceId?.toHexString() ?? null,
        }
      : null,
    userId: doc.userId?.toHexString() ?? '',
    unitPriceCents: doc.unitPriceCents,
    totalCents: doc.totalCents,
    paymentIntentId: doc.paymentIntentId ?? null,
    bankTransferRemainingCents: doc.bankTransfer?.remainingCents ?? null,
  };
}

/** The public view of an order record. */
export function publicOrder(record: OrderRecord): Order {
  /* eslint-disable @typescript-eslint/no-unused-vars -- the server's own fields, left out */
  const {
    userId,
    unitPriceCents,
    totalCents,
    paymentIntentId,
    bankTransferRemainingCents,
    ...order
  } = record;
  /* eslint-enable @typescript-eslint/no-unused-vars */
  return order;
}
