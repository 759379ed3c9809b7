import 'server-only';
import { buyerMayBeMailed } from '@/lib/orders';
import type { OrderDoc, QuoteDoc } from '@/lib/core/db/collections';
import { env } from '@/lib/core/env';
import { storeName } from '@/lib/core/site';
import { ordersRecipient } from '@/lib/core/mail';
import { orderMailData } from '@/lib/orders';
import { renderOrderMail, storeOrderMails, type OrderMailKind } from '@/lib/orders';
import { outboxKinds, type MailRenderer, type OutboxRegistry } from '@/lib/core/mail/outbox';
import { quoteMailData } from '@/lib/quotes';
import { renderQuoteMail, storeQuoteMails, type QuoteMailKind } from '@/lib/quotes';

/**
 * What each queued mail kind sends, per collection: the drainer's registry. Quotes add their
 * collection and kinds here.
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

/** A quote mail from the quote as it is now: to the buyer, or to the store (ORDERS_TO). */
function quoteMail(kind: QuoteMailKind): MailRenderer<QuoteDoc> {
  return async (doc, entry) => {
    const quote = quoteMailData(doc);
    const mail = await renderQuoteMail(kind, quote, { origin: entry.origin, storeName });
    return { to: storeQuoteMails.has(kind) ? ordersRecipient() : doc.email, ...mail };
  };
}

export const outboxRegistry = {
  orders: outboxKinds<OrderDoc>({
    'order.placed': orderMail('order.placed'),
    'order.paid': orderMail('order.paid'),
    'order.shipped': orderMail('order.shipped'),
    'order.cancelled': orderMail('order.cancelled'),
    'order.paid.store': orderMail('order.paid.store'),
  }),
  quotes: outboxKinds<QuoteDoc>({
    'quote.requested.store': quoteMail('quote.requested.store'),
    'quote.answered': quoteMail('quote.answered'),
    'quote.declined': quoteMail('quote.declined'),
  }),
} satisfies OutboxRegistry;

/** Every kind of mail that can be queued (`queueMail`). */
export type MailKind = OrderMailKind | QuoteMailKind;
