import type { OrderMailData } from '@/lib/orders/mail/order-data';
import { formatMoney } from '@/lib/core/money';

/**
 * The subject of every order mail, in one place: the store's own words only. Each names the
 * product (from the catalogue), the line that tells a buyer's orders apart in an inbox, and
 * the amounts the store computed. Nothing a buyer typed goes into a subject (their name, their
 * purchase-order number): an order's mails may reach an address its buyer chose, and an inbox
 * shows a subject as the store speaking. The PO number and the buyer's name are in the body.
 */
export const orderMailSubjects = {
  'order.placed': (order, store) =>
    order.account
      ? onAccount(order, store)
      : `Your ${store} order ${reference(order)}: ${formatMoney(order.totalCents)} to pay`,
  'order.paid': (order, store) =>
    `Payment received for your ${store} order ${reference(order)}${order.payment?.invoiceNumber ? ` (invoice ${order.payment.invoiceNumber})` : ''}`,
  'order.shipped': (order, store) => `Your ${store} order ${reference(order)} has shipped`,
  'order.cancelled': (order, store) => `Your ${store} order ${reference(order)} is cancelled`,
  'order.approval_requested': (order) =>
    `Approval needed: a ${formatMoney(order.totalCents)} order ${reference(order)}${order.account ? ' on account' : ''}`,
  'order.approved': (order, store) =>
    order.account
      ? onAccount(order, store)
      : `Your ${store} order ${reference(order)} is approved: ${formatMoney(order.totalCents)} to pay`,
  'order.confirmed': (order, store) => onAccount(order, store),
  'order.paid.store': (order) => `Order paid: ${formatMoney(order.totalCents)} ${reference(order)}`,
} satisfies Record<string, (order: OrderMailData, storeName: string) => string>;

/** Every order mail there is. */
export type OrderMailKind = keyof typeof orderMailSubjects;

/**
 * An order on account, confirmed when placed or when approved: nothing is to be paid now (its
 * invoice follows, on the company's net terms), so the subject never says "to pay".
 */
function onAccount(order: OrderMailData, store: string): string {
  const terms = order.account ? ` (Net ${order.account.netDays})` : '';
  const what = order.approval?.decidedBy ? 'approved' : 'confirmed';
  return `Your ${store} order ${reference(order)} is ${what} on account${terms}: nothing to pay now`;
}

/** How a subject names an order: its product, as the catalogue names it. */
function reference(order: OrderMailData): string {
  return `for ${order.product.name}`;
}
