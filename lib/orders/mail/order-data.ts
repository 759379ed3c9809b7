import type { OrderDoc } from '../collections';
import { linesOf } from '../store/lines';
import type { CancelReason } from '@/lib/orders/lifecycle';

/** Why an order was cancelled, as the cancellation mail explains it. */
export type OrderCancelReason = CancelReason;

/** One line of an order as its mails list it. */
export interface OrderMailLine {
  /** Null for a product from before part numbers. */
  partNumber: string | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
  /** quantity x unitPriceCents. */
  totalCents: number;
}

/**
 * Everything an order mail shows: plain values (strings, numbers, dates), so a template renders
 * the same in the outbox drainer, a preview script or a test. Built from the order record by
 * `orderMailData()` when the mail is sent, so a mail always shows the order as it is then.
 * Money is integer cents, formatted by the templates.
 */
export interface OrderMailData {
  /** The order's id (24 hex digits): shown in every mail and used in its links. */
  id: string;
  /**
   * The buyer as they were when ordering (name, email and phone from the order form), and their
   * company's name once the order is paid or invoiced (as its invoice prints it); absent or
   * null otherwise.
   */
  buyer: { name: string; email: string; phone: string; company?: string | null };
  /**
   * The product as ordered; `partNumber` is null for products from before part numbers. For an
   * order of several lines, the order's flat fields: its first line's part number and a name
   * that counts the others ("Hex bolt M8 and 2 more parts").
   */
  product: { name: string; partNumber: string | null };
  /** The units ordered (of every line together). */
  quantity: number;
  unitPriceCents: number;
  /** The amount due or paid: the sum of the lines. */
  totalCents: number;
  /**
   * The order's lines, in the order the buyer listed them. A mail lists them only for an order
   * of several lines (at most `MAIL_LINES`, templates/order-parts.tsx); absent or of one line,
   * the mail shows the order's one product as it always did.
   */
  lines?: OrderMailLine[];
  /** Where the parts go, as the buyer typed it (may span lines). */
  deliveryAddress: string;
  /** The buyer's own purchase-order number, shown only when they gave one. */
  purchaseOrderNumber: string | null;
  placedAt: Date;
  /**
   * When an unpaid order is cancelled if still unpaid: the order's own deadline, stamped when it
   * was placed (`expiresAt`); UNPAID_ORDER_TTL_HOURS after placing for orders from before it.
   */
  payBy: Date;
  /** Present once paid: the verified payment and, once assigned, the invoice number. */
  payment: { transactionId: string; paidAt: Date | null; invoiceNumber: string | null } | null;
  /** Present once shipped. */
  shipment: { carrier: string; trackingNumber: string; shippedAt: Date } | null;
  /** Present once cancelled. */
  cancellation: { reason: OrderCancelReason; at: Date } | null;
  /**
   * A company order that needed an approval: who decided (their name) and the reason given for
   * a rejection; absent or null otherwise.
   */
  approval?: {
    limitCents: number | null;
    month: { limitCents: number; totalCents: number } | null;
    decidedBy: string | null;
    reason: string | null;
  } | null;
  /** An order on account: its net days and when its invoice is drawn; absent or null otherwise. */
  account?: { netDays: number; invoiceOn: 'shipment' | 'order' } | null;
}

/**
 * The mail data of an order document. `unpaidOrderTtlHours` is UNPAID_ORDER_TTL_HOURS (passed
 * in so this stays a pure function of its inputs), the deadline of orders placed before each
 * order carried its own.
 */
export function orderMailData(doc: OrderDoc, unpaidOrderTtlHours: number): OrderMailData {
  return {
    id: doc._id.toHexString(),
    buyer: {
      name: doc.userName,
      email: doc.email,
      phone: doc.phone,
      company: doc.invoiceDetails?.company ?? null,
    },
    product: { name: doc.name, partNumber: doc.sku || null },
    quantity: doc.quantity,
    unitPriceCents: doc.unitPriceCents,
    totalCents: doc.totalCents,
    lines: linesOf(doc).map((line) => ({
      partNumber: line.sku || null,
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.totalCents,
    })),
    deliveryAddress: doc.address,
    purchaseOrderNumber: doc.poNumber?.trim() || null,
    placedAt: doc.createdAt,
    payBy: doc.expiresAt ?? new Date(doc.createdAt.getTime() + unpaidOrderTtlHours * 3_600_000),
    payment:
      doc.paid && doc.transactionId
        ? {
            transactionId: doc.transactionId,
            paidAt: doc.paidAt ?? null,
            invoiceNumber: doc.invoiceNumber || null,
          }
        : null,
    shipment:
      doc.carrier && doc.trackingNumber
        ? {
            carrier: doc.carrier,
            trackingNumber: doc.trackingNumber,
            shippedAt: shippedAt(doc) ?? doc.createdAt,
          }
        : null,
    // Orders cancelled before cancel reasons were recorded can only have expired.
    cancellation: doc.cancelledAt
      ? { reason: doc.cancelReason ?? 'expired', at: doc.cancelledAt }
      : null,
    account: doc.account
      ? { netDays: doc.account.netDays, invoiceOn: doc.account.invoiceOn }
      : null,
    approval: doc.approval
      ? {
          limitCents: doc.approval.limitCents,
          month: doc.approval.month ?? null,
          decidedBy: doc.approval.decidedByName ?? null,
          reason: doc.approval.reason ?? null,
        }
      : null,
  };
}

/** When the order reached `shipped`: its history entry. */
function shippedAt(doc: OrderDoc): Date | null {
  return doc.history?.find((entry) => entry.status === 'shipped')?.at ?? null;
}
