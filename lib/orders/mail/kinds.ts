import 'server-only';
import { env } from '@/lib/core/env';
import { ordersRecipient } from '@/lib/core/mail';
import { outboxKinds, type MailRenderer } from '@/lib/core/mail/outbox';
import { storeName } from '@/lib/core/site';
import type { OrderDoc } from '../collections';
import { buyerMayBeMailed } from '../store';
import { orderMailData } from './order-data';
import { companyMemberEmails } from '@/lib/companies';
import {
  approverOrderMails,
  renderOrderMail,
  storeOrderMails,
  type OrderMailKind,
} from './order-mails';

/**
 * What each kind of order mail sends: the orders' part of the outbox registry, registered with
 * the kernel's outbox engine by lib/orders/mails.ts and loaded only
 * when a drain needs it.
 */

/**
 * Who an order mail goes to, as the order is now: the store (ORDERS_TO); the approvers and
 * owners of the buyer's company (every one of them, the buyer left out); or the buyer, only at
 * a verified address or for the account's first order (`buyerMayBeMailed`). Null: nobody, and
 * the mail is removed unsent.
 */
async function recipients(kind: OrderMailKind, doc: OrderDoc): Promise<string | null> {
  if (storeOrderMails.has(kind)) return ordersRecipient();
  if (approverOrderMails.has(kind)) {
    if (!doc.companyId) return null;
    const emails = await companyMemberEmails(doc.companyId, 'approveOrders', doc.placedBy);
    return emails.length ? emails.join(', ') : null;
  }
  return (await buyerMayBeMailed(doc)) ? doc.email : null;
}

/** Whether a mail still says something true of the order as it is now. */
function stillTrue(kind: OrderMailKind, doc: OrderDoc): boolean {
  // "Please pay" is stale once the order is paid or cancelled (the later mail says it all), and
  // wrong for an order awaiting approval (an order priced above the limit at the last moment).
  if (kind === 'order.placed' || kind === 'order.approved') {
    return !doc.paid && !doc.cancelledAt && doc.status !== 'awaiting_approval';
  }
  if (kind === 'order.approval_requested') return doc.status === 'awaiting_approval';
  if (kind === 'order.confirmed') return !doc.cancelledAt;
  return true;
}

/** An order mail from the order as it is now, to `recipients`. */
function orderMail(kind: OrderMailKind): MailRenderer<OrderDoc> {
  return async (doc, entry) => {
    if (!stillTrue(kind, doc)) return null;
    const to = await recipients(kind, doc);
    if (!to) return null;
    const order = orderMailData(doc, env.UNPAID_ORDER_TTL_HOURS);
    const mail = await renderOrderMail(kind, order, { origin: entry.origin, storeName });
    return { to, ...mail };
  };
}

export const orderMailKinds = outboxKinds<OrderDoc>({
  'order.placed': orderMail('order.placed'),
  'order.paid': orderMail('order.paid'),
  'order.shipped': orderMail('order.shipped'),
  'order.cancelled': orderMail('order.cancelled'),
  'order.paid.store': orderMail('order.paid.store'),
  'order.approval_requested': orderMail('order.approval_requested'),
  'order.approved': orderMail('order.approved'),
  'order.confirmed': orderMail('order.confirmed'),
});
