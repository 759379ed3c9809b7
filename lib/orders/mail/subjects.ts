import type { OrderMailData } from '@/lib/orders/mail/order-data';
import { formatMoney } from '@/lib/core/money';

/**
 * The subject of every order mail, in one place. Each names the product, the line that tells
 * a buyer's orders apart in an inbox (and the buyer's purchase-order number when they gave
 * one, which is how their own books know the order).
 */
export const orderMailSubjects = {
  'order.placed': (order, store) =>
    `Your ${store} order ${reference(order)}: ${formatMoney(order.totalCents)} to pay`,
  'order.paid': (order, store) =>
    `Payment received for your ${store} order ${reference(order)}${order.payment?.invoiceNumber ? ` (invoice ${order.payment.invoiceNumber})` : ''}`,
  'order.shipped': (order, store) => `Your ${store} order ${reference(order)} has shipped`,
  'order.cancelled': (order, store) => `Your ${store} order ${reference(order)} is cancelled`,
  'order.approval_requested': (order) =>
    `Approval needed: ${formatMoney(order.totalCents)} from ${order.buyer.name} ${reference(order)}`,
  'order.approved': (order, store) =>
    `Your ${store} order ${reference(order)} is approved: ${formatMoney(order.totalCents)} to pay`,
  'order.confirmed': (order, store) =>
    `Your ${store} order ${reference(order)} is confirmed on account (Net ${order.account?.netDays ?? ''})`,
  'order.paid.store': (order) =>
    `Order paid: ${formatMoney(order.totalCents)} from ${order.buyer.name} ${reference(order)}`,
} satisfies Record<string, (order: OrderMailData, storeName: string) => string>;

/** Every order mail there is. */
export type OrderMailKind = keyof typeof orderMailSubjects;

/** How a subject names an order: its product, and the buyer's PO number when there is one. */
function reference(order: OrderMailData): string {
  return order.purchaseOrderNumber
    ? `for ${order.product.name} (PO ${order.purchaseOrderNumber})`
    : `for ${order.product.name}`;
}
