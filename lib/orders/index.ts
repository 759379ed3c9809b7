import 'server-only';
import { failure, fieldError } from '@/lib/api/errors';
import { canAccessOrder } from '@/lib/auth/access';
import { cacheTags, expire } from '@/lib/cache';
import {
  deleteUnpaidOrder,
  findOrder,
  listAllOrders,
  listOrdersByEmail,
  listOrdersByUser,
  placeOrder,
  publicOrder,
  type Order,
  type OrderRecord,
} from '@/lib/data/orders';
import type { User } from '@/lib/data/users';
import { env } from '@/lib/env';
import type { ErrorKey } from '@/lib/messages';
import { stripeClient } from '@/lib/payments';
import { minimumQuantityMessage, stockMessage } from '@/lib/validation/order';
import { expireIfOverdue, sweepOverdueOrders } from './expiry';
import { cancelOrderPayment, paymentIntentForOrder, recordOrderPayment } from './payment';
import { assertDeletable } from './rules';

/**
 * The orders module: placing, viewing, paying, deleting and expiring an order, each a function
 * that decides every rule and answers with the errors of lib/messages.ts. Route handlers and
 * pages parse, authenticate, call one of these and answer; lib/data/orders.ts holds the
 * queries, lib/payments.ts the Stripe calls.
 */

export { applyPaymentEvent } from './payment';
export { expireOrder, expireOverdueOrders, sweepOverdueOrders } from './expiry';
export { isOverdue, orderExpiredMessage } from './rules';

type Viewer = Pick<User, 'id' | 'role'>;
type Buyer = Pick<User, 'id' | 'name' | 'email'>;

/**
 * Places an order for the signed-in buyer: only quantity, address and phone come from them;
 * the product fields and the price come from the database. Overdue unpaid orders are expired
 * first, so the stock they held can be ordered again. Answers the new order's id.
 */
export async function placeOrderFor(
  buyer: Buyer,
  input: { productId: string; quantity: number; address: string; phone: string },
): Promise<string> {
  await sweepOverdueOrders();
  const result = await placeOrder({
    ...input,
    user: { id: buyer.id, name: buyer.name, email: buyer.email },
    maxUnpaid: env.MAX_UNPAID_ORDERS,
  });
  if (!result.ok) {
    switch (result.reason) {
      case 'product_not_found':
        throw failure('product.not_found');
      case 'below_minimum':
        throw fieldError('quantity', minimumQuantityMessage(result.minimum));
      case 'out_of_stock':
        throw fieldError('quantity', stockMessage(result.available, input.quantity));
      case 'total_too_large':
        throw fieldError('quantity', 'Quantity is too large');
      case 'too_many_unpaid':
        throw failure('order.too_many_unpaid', {
          params: { max: result.max },
          details: { maxUnpaidOrders: result.max },
        });
    }
  }
  // Product pages and the home page show each product's available quantity.
  expire(cacheTags.products);
  return result.insertedId;
}

/** The order with this id if the viewer may reach it: 404 when there is none, else 403. */
async function accessibleOrder(
  viewer: Viewer,
  id: string,
  refusal: ErrorKey = 'order.not_yours',
): Promise<OrderRecord> {
  const order = await findOrder(id);
  if (!order) throw failure('order.not_found');
  if (!canAccessOrder(viewer, order)) throw failure(refusal);
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
  if (!order || !canAccessOrder(viewer, order)) return null;
  return expireIfOverdue(order, { inRender: true });
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

/** Manage Orders: every live order (the caller has checked the admin role). */
export async function everyOrder({ inRender = false } = {}): Promise<Order[]> {
  await sweepOverdueOrders({ inRender });
  return listAllOrders();
}

/**
 * Deletes an unpaid order (its owner or an admin) and gives its quantity back to the stock.
 * Its payment intent is canceled at Stripe first; one that succeeded meanwhile makes the order
 * paid, and so not deletable.
 */
export async function deleteOrder(viewer: Viewer, id: string): Promise<void> {
  const order = await accessibleOrder(viewer, id);
  assertDeletable({ paid: order.paid, cancelled: order.cancelledAt !== null });
  const released = await cancelOrderPayment(order);
  if (released === 'in_progress') throw failure('order.payment_in_progress');
  assertDeletable({ paid: released === 'paid', cancelled: false });
  const outcome = await deleteUnpaidOrder(id);
  if (outcome === 'missing') throw failure('order.not_found');
  assertDeletable({ paid: outcome === 'paid', cancelled: outcome === 'cancelled' });
  expire(cacheTags.products); // the stock came back
}

/**
 * The client secret of the PaymentIntent that pays this order (its owner or an admin). The
 * amount always comes from the order in the database.
 */
export async function preparePayment(
  viewer: Viewer,
  orderId: string,
): Promise<{ clientSecret: string }> {
  stripeClient();
  await sweepOverdueOrders();
  const order = await accessibleOrder(viewer, orderId, 'order.pay_not_yours');
  return paymentIntentForOrder(await expireIfOverdue(order));
}

/** Records a card payment the browser reports, verified with Stripe; answers the order. */
export async function recordPayment(
  viewer: Viewer,
  id: string,
  transactionId: string,
): Promise<Order> {
  await recordOrderPayment(await accessibleOrder(viewer, id), transactionId);
  const updated = await findOrder(id);
  if (!updated) throw failure('order.not_found');
  return publicOrder(updated);
}
