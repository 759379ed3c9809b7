import 'server-only';
import { refuse, refuseField } from '@/lib/core/refusal';
import { canAccessOwned } from '@/lib/accounts';
import { cacheTags, expire } from '@/lib/core/cache';
import {
  cancelUnpaidOrder,
  findOrder,
  listAllOrders,
  listOrdersByEmail,
  listOrdersByUser,
  orderRecord,
  placeOrder,
  publicOrder,
  type Order,
  type OrderDateBounds,
  type OrderRecord,
  type QuotedTerms,
} from '@/lib/orders/store';
import { findProduct } from '@/lib/catalogue';
import type { User } from '@/lib/accounts';
import { env } from '@/lib/core/env';
import type { ErrorKey } from '@/lib/core/messages';
import { stripeClient } from '@/lib/orders/stripe';
import {
  minimumQuantityMessage,
  stockMessage,
  type OrderStatusChange,
} from '@/lib/orders/validation/order';
import { expireIfOverdue, sweepOverdueOrders } from './expiry';
import type { CancelReason, OrderStatus } from './lifecycle';
import { mailsQueued, orderMails } from './mails';
import { cancelOrderPayment, paymentIntentForOrder, recordOrderPayment } from './payment';
import { assertCancellable, cancelRefusal, goneFor, holdFor } from './rules';
import {
  invalidTransition,
  transition,
  transitionFailure,
  type Actor,
  type Move,
  type TransitionResult,
} from './transition';

/**
 * The orders module: placing, viewing, paying, deleting and expiring an order, each a function
 * that decides every rule and answers with the errors of lib/core/messages.ts. Route handlers and
 * pages parse, authenticate, call one of these and answer; lib/orders/store.ts holds the
 * queries, lib/orders/stripe.ts the Stripe calls, lib/orders/mails.ts the mails each change queues.
 *
 * Functions that change an order take `origin`: where the links of the mails it queues start,
 * the store's origin (`linkOrigin()`, lib/security), passed by the caller.
 */

export { applyPaymentEvent } from './payment';
export { expireOrder, expireOverdueOrders, sweepOverdueOrders } from './expiry';
export {
  isOverdue,
  orderCancelledMessage,
  orderExpiredMessage,
  UNVERIFIED_MAX_UNPAID_ORDERS,
} from './rules';

type Viewer = Pick<User, 'id' | 'role'>;
/** Who places an order: `emailVerified` as the account is now decides its hold (`holdFor`). */
type Buyer = Pick<User, 'id' | 'name' | 'email' | 'emailVerified'>;

/**
 * Places an order for the signed-in buyer: only quantity, address, phone and PO number come
 * from them; the product fields and the price come from the database (the unit price of the
 * quantity's volume tier, decided when the order is placed). Overdue unpaid orders are expired
 * first, so the stock they held can be ordered again. The new order is inserted with its
 * "placed" mail (the pay link) in its outbox, held until the order is past the unpaid-orders
 * cap check. Answers the new order's id.
 *
 * The account's state when it orders decides what it may hold (`holdFor`, lib/orders/rules.ts):
 * with a verified email, MAX_UNPAID_ORDERS unpaid orders held UNPAID_ORDER_TTL_HOURS each;
 * without, UNVERIFIED_MAX_UNPAID_ORDERS (3) held UNVERIFIED_HOLD_MINUTES each, stamped on the
 * order as its `expiresAt` (what the sweep, the payment page and the mails go by). The refusal
 * over the cap says what to do: pay or delete an open order, verify the email, or ask a quote.
 *
 * With `quote` (an accepted quote, lib/quotes), the order is priced at the quoted unit price
 * and carries the quote's reference; every other rule is the same (the one conditional stock
 * reservation, the product's minimum, the unpaid-orders cap, the mails). A quote that cannot
 * be ordered is a 409 (short stock, a minimum raised meanwhile); a quote that already has its
 * order answers that order's id.
 */
export async function placeOrderFor(
  buyer: Buyer,
  input: { productId: string; quantity: number; address: string; phone: string; poNumber?: string },
  origin: string,
  { quote }: { quote?: QuotedTerms } = {},
): Promise<string> {
  await sweepOverdueOrders();
  const mails = orderMails(['order.placed'], origin, { held: true });
  const hold = holdFor(buyer);
  const result = await placeOrder({
    ...input,
    user: { id: buyer.id, name: buyer.name, email: buyer.email },
    maxUnpaid: hold.maxUnpaid,
    holdMs: hold.holdMs,
    outbox: mails.entries,
    ...(quote ? { quote } : {}),
  });
  if (!result.ok) {
    switch (result.reason) {
      case 'product_not_found':
        throw refuse('product.not_found');
      case 'quote_already_ordered':
        return result.orderId;
      case 'below_minimum':
        if (quote) throw refuse('quote.below_minimum', { params: { minimum: result.minimum } });
        throw refuseField('quantity', minimumQuantityMessage(result.minimum));
      case 'out_of_stock':
        if (quote) {
          throw refuse('quote.out_of_stock', {
            params: { available: result.available.toLocaleString('en-US') },
            details: { available: result.available },
          });
        }
        throw refuseField('quantity', stockMessage(result.available, input.quantity));
      case 'total_too_large':
        throw refuseField('quantity', 'Quantity is too large');
      case 'too_many_unpaid':
        if (!hold.verified) {
          throw refuse('order.too_many_unpaid_unverified', {
            params: { max: result.max, verifiedMax: env.MAX_UNPAID_ORDERS },
            details: { maxUnpaidOrders: result.max, emailVerified: false },
          });
        }
        throw refuse('order.too_many_unpaid', {
          params: { max: result.max },
          details: { maxUnpaidOrders: result.max },
        });
    }
  }
  // Product pages and the home page show each product's available quantity.
  expire(cacheTags.products);
  await mailsQueued(result.insertedId, mails);
  return result.insertedId;
}

/**
 * The order with this id if the viewer may reach it: 404 when there is none (or its buyer
 * deleted it, for that buyer), else 403.
 */
async function accessibleOrder(
  viewer: Viewer,
  id: string,
  refusal: ErrorKey = 'order.not_yours',
): Promise<OrderRecord> {
  const order = await findOrder(id);
  if (!order) throw refuse('order.not_found');
  if (!canAccessOwned(viewer, order)) throw refuse(refusal);
  if (goneFor(viewer, order)) throw refuse('order.not_found');
  return order;
}

/** One order for its owner or an admin, expired first when it is overdue. */
export async function viewOrder(viewer: Viewer, id: string): Promise<Order> {
  return publicOrder(await expireIfOverdue(await accessibleOrder(viewer, id)));
}

/**
 * The payment page's order: null when it does not exist or belongs to someone else (both are
 * answered as not found), expired first when it is overdue.
 */
export async function orderForPaymentPage(viewer: Viewer, id: string): Promise<OrderRecord | null> {
  await sweepOverdueOrders({ inRender: true });
  const order = await findOrder(id);
  if (!order || !canAccessOwned(viewer, order) || goneFor(viewer, order)) return null;
  return expireIfOverdue(order, { inRender: true });
}

/** Who made a step of an order's history, as its page says it. */
export type StepActor = 'you' | 'buyer' | 'store' | 'payment' | 'system';

/** What the order page shows: the order, the product's part number, and who made each step. */
export interface OrderPage {
  order: Order;
  /** The part number ordered, or the product's current one for orders from before. */
  sku: string | null;
  /** For each entry of `order.history`, who made it (the store's people are not named). */
  actors: StepActor[];
}

function stepActor(viewer: Viewer, order: OrderRecord, by: string): StepActor {
  if (by === 'stripe') return 'payment';
  if (by === 'system') return 'system';
  if (by === order.userId) return by === viewer.id ? 'you' : 'buyer';
  return 'store';
}

/**
 * The order page (/dashboard/order/{id}) of its owner or an admin: null when it does not exist,
 * belongs to someone else or was deleted by the viewer (all answered as not found), expired
 * first when it is overdue.
 */
export async function orderPage(viewer: Viewer, id: string): Promise<OrderPage | null> {
  const order = await orderForPaymentPage(viewer, id);
  if (!order) return null;
  const sku = order.sku ?? (await findProduct(order.productId))?.sku ?? null;
  const actors = order.history.map((step) => stepActor(viewer, order, step.by));
  return { order: publicOrder(order), sku, actors };
}

/**
 * Orders by email: for the viewer's own email, their orders by their user id (so orders of a
 * removed account with the same email are never theirs); any email's orders for an admin.
 * Cancelled orders are not listed.
 */
export async function ordersByEmail(viewer: User, email: string): Promise<Order[]> {
  await sweepOverdueOrders();
  return email === viewer.email ? listOrdersByUser(viewer.id) : listOrdersByEmail(email);
}

/** My Orders. */
export async function myOrders(viewer: Viewer, { inRender = false } = {}): Promise<Order[]> {
  await sweepOverdueOrders({ inRender });
  return listOrdersByUser(viewer.id);
}

/**
 * Manage Orders: every live order, or every order in `status` (cancelled ones only so); the
 * caller has checked the admin role.
 */
export async function everyOrder({
  inRender = false,
  status,
  dates,
}: { inRender?: boolean; status?: OrderStatus; dates?: OrderDateBounds } = {}): Promise<Order[]> {
  await sweepOverdueOrders({ inRender });
  return listAllOrders(status, dates);
}

/**
 * Cancels an unpaid order that `viewer` may reach: its payment intent is canceled at Stripe
 * first (one that succeeded meanwhile makes the order paid, and so not cancellable), then the
 * transition unpaid → cancelled returns its stock, once however many cancels run at once, and
 * queues the buyer's cancellation mail (with its reason) in the same update.
 */
async function cancelOrder(
  viewer: Viewer,
  order: OrderRecord,
  by: Actor & { kind: 'buyer' | 'admin' },
  reason: Exclude<CancelReason, 'expired'>,
  origin: string,
  note?: string,
): Promise<OrderRecord> {
  assertCancellable(order);
  const released = await cancelOrderPayment(order, origin);
  if (released === 'in_progress') throw refuse('order.payment_in_progress');
  if (released === 'paid') throw refuse('order.paid_cannot_delete');
  const mails = orderMails(['order.cancelled'], origin);
  const result = await cancelUnpaidOrder(order._id, by, reason, {
    note,
    extraUpdate: mails.extraUpdate,
  });
  if (!result.ok) throw lostCancel(viewer, result);
  expire(cacheTags.products); // the stock came back
  await mailsQueued(order._id, mails);
  return orderRecord(result.order);
}

/** Why a cancel that lost to another change did not happen, as the order is now. */
function lostCancel(viewer: Viewer, result: Exclude<TransitionResult, { ok: true }>) {
  if (result.reason !== 'changed') return transitionFailure(result, 'cancelled');
  const current = orderRecord(result.current);
  // A concurrent delete of the buyer's own: gone for them, as after a delete one at a time.
  if (goneFor(viewer, current)) return refuse('order.not_found');
  return cancelRefusal(current) ?? invalidTransition(current.status, 'cancelled');
}

/**
 * DELETE /api/order/{id} (My Orders' and Manage Orders' Delete): the order's buyer deletes it
 * ('deleted': it leaves their lists and answers 404 to them from then on) or an admin cancels
 * it ('cancelled_by_store'). Either way it is kept, cancelled, for the back office, and its
 * quantity goes back to the stock.
 */
export async function deleteOrder(viewer: Viewer, id: string, origin: string): Promise<void> {
  const order = await accessibleOrder(viewer, id);
  const own = order.userId === viewer.id;
  await cancelOrder(
    viewer,
    order,
    { kind: own ? 'buyer' : 'admin', userId: viewer.id },
    own ? 'deleted' : 'cancelled_by_store',
    origin,
  );
}

/**
 * PATCH /api/orders/{id}/status (admins; the caller has checked the role): moves a paid order
 * forward (processing, shipped with its carrier and tracking number, delivered), or cancels an
 * unpaid one as Manage Orders' Delete does. One `transition()` from the status the order is in
 * now; a move the table refuses, or one that loses a race with another admin's, is a 409.
 * Shipping queues the buyer's shipping mail (carrier and tracking number) in that update.
 */
export async function changeOrderStatus(
  admin: Viewer,
  id: string,
  change: OrderStatusChange,
  origin: string,
): Promise<Order> {
  const order = await findOrder(id);
  if (!order) throw refuse('order.not_found');
  const by = { kind: 'admin', userId: admin.id } as const;
  if (change.status === 'cancelled') {
    if (order.status !== 'unpaid') throw invalidTransition(order.status, 'cancelled');
    return publicOrder(
      await cancelOrder(admin, order, by, 'cancelled_by_store', origin, change.note),
    );
  }
  const move: Move =
    change.status === 'shipped'
      ? { to: 'shipped', carrier: change.carrier!, trackingNumber: change.trackingNumber! }
      : { to: change.status };
  const mails = move.to === 'shipped' ? orderMails(['order.shipped'], origin) : null;
  const result = await transition({
    id,
    from: order.status,
    by,
    note: change.note,
    ...move,
    ...(mails ? { extraUpdate: mails.extraUpdate } : {}),
  });
  if (!result.ok) throw transitionFailure(result, change.status);
  if (mails) await mailsQueued(id, mails);
  return publicOrder(orderRecord(result.order));
}

/**
 * The client secret of the PaymentIntent that pays this order (its owner or an admin). The
 * amount always comes from the order in the database.
 */
export async function preparePayment(
  viewer: Viewer,
  orderId: string,
  origin: string,
): Promise<{ clientSecret: string }> {
  stripeClient();
  await sweepOverdueOrders();
  const order = await accessibleOrder(viewer, orderId, 'order.pay_not_yours');
  return paymentIntentForOrder(await expireIfOverdue(order), origin);
}

/** Records a card payment the browser reports, verified with Stripe; answers the order. */
export async function recordPayment(
  viewer: Viewer,
  id: string,
  transactionId: string,
  origin: string,
): Promise<Order> {
  await recordOrderPayment(await accessibleOrder(viewer, id), transactionId, origin);
  const updated = await findOrder(id);
  if (!updated) throw refuse('order.not_found');
  return publicOrder(updated);
}
