import 'server-only';
import { env } from '@/lib/core/env';
import { ordersRecipient } from '@/lib/core/mail';
import { outboxKinds, type MailRenderer } from '@/lib/core/mail/outbox';
import { storeName } from '@/lib/core/site';
import type { OrderDoc } from '../collections';
import { buyerMayBeMailed } from '../store';
import { orderMailData } from './order-data';
import { renderOrderMail, storeOrderMails, type OrderMailKind } from './order-mails';

/**
 * What each kind of order mail sends: the orders' part of the outbox registry, registered with
 * the kernel's outbox engine by lib/orders/mails.ts and loaded only
 * when a drain needs it.
 */

/**
 * An order mail from the order as it is now: to the buyer, or to the store (ORDERS_TO). A
 * buyer's mail goes only to a verified address, or for the account's first order
 * (`buyerMayBeMailed`); otherwise it is removed unsent.
 */
function orderMail(kind: OrderMailKind): MailRenderer<OrderDoc> {
  return async (doc, entry) => {
    // "Please pay" is stale once the order is paid or cancelled: the later mail says it all.
    if (kind === 'order.placed' && (doc.paid || doc.cancelledAt)) return null;
    const toStore = storeOrderMails.has(kind);
    if (!toStore && !(await buyerMayBeMailed(doc))) return null;
    const order = orderMailData(doc, env.UNPAID_ORDER_TTL_HOURS);
    const mail = await renderOrderMail(kind, order, { origin: entry.origin, storeName });
    return { to: toStore ? ordersRecipient() : doc.email, ...mail };
  };
}

export const orderMailKinds = outboxKinds<OrderDoc>({
  'order.placed': orderMail('order.placed'),
  'order.paid': orderMail('order.paid'),
  'order.shipped': orderMail('order.shipped'),
  'order.cancelled': orderMail('order.cancelled'),
  'order.paid.store': orderMail('order.paid.store'),
});
