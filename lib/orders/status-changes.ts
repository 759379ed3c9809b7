import 'server-only';
import { cacheTags, expire } from '@/lib/core/cache';
import { refuse } from '@/lib/core/refusal';
import { accessibleOrder, type Viewer } from './access';
import { CANCELLABLE_STATUSES, type CancellableStatus, type CancelReason } from './lifecycle';
import { mailsQueued, orderMails } from './mails';
import { cancelOrderPayment } from './payment';
import { wakeJob } from '@/lib/core/jobs';
import { assertCancellable, cancelRefusal, goneFor, INVOICE_JOB } from './rules';
import {
  cancelUnpaidOrder,
  findOrder,
  orderRecord,
  publicOrder,
  type Order,
  type OrderRecord,
} from './store';
import {
  invalidTransition,
  transition,
  transitionFailure,
  type Actor,
  type Move,
  type TransitionResult,
} from './transition';
import type { OrderStatusChange } from './validation/order';

/** Changing an order's status: a buyer's delete, an admin's cancel or move forward. */

function isCancellable(status: string): status is CancellableStatus {
  return (CANCELLABLE_STATUSES as readonly string[]).includes(status);
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
  reason: Exclude<CancelReason, 'expired' | 'approval_expired'>,
  origin: string,
  note?: string,
): Promise<OrderRecord> {
  assertCancellable(order);
  const released = await cancelOrderPayment(order, origin);
  if (released === 'in_progress') throw refuse('order.payment_in_progress');
  if (released === 'paid') throw refuse('order.paid_cannot_delete');
  const mails = orderMails(['order.cancelled'], origin);
  // An order on account: its invoice (drawn, or being drawn) is voided here and at Stripe by
  // lib/billing, an intent recorded in the cancelling update and finished by billing's job.
  const voidInvoice = order.account
    ? { $set: { ...mails.extraUpdate.$set, 'account.invoiceVoidPending': new Date() } }
    : {};
  const result = await cancelUnpaidOrder(order._id, by, reason, {
    note,
    extraUpdate: { ...mails.extraUpdate, ...voidInvoice },
    from: isCancellable(order.status) ? order.status : 'unpaid',
  });
  if (!result.ok) throw lostCancel(viewer, result);
  if (order.account) wakeJob(INVOICE_JOB);
  await expire(cacheTags.products); // the stock came back
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
  const order = await accessibleOrder(viewer, id, 'order.not_yours', 'cancel');
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
    if (!isCancellable(order.status)) throw invalidTransition(order.status, 'cancelled');
    return publicOrder(
      await cancelOrder(admin, order, by, 'cancelled_by_store', origin, change.note),
    );
  }
  const move: Move =
    change.status === 'shipped'
      ? { to: 'shipped', carrier: change.carrier!, trackingNumber: change.trackingNumber! }
      : { to: change.status };
  const mails = move.to === 'shipped' ? orderMails(['order.shipped'], origin) : null;
  // An order on account invoiced on shipment becomes due for its invoice in the same update.
  const invoiceNow =
    move.to === 'shipped' && order.account?.invoiceOn === 'shipment' && !order.account.invoiceId;
  const result = await transition({
    id,
    from: order.status,
    by,
    note: change.note,
    ...move,
    extraUpdate: {
      ...(mails?.extraUpdate ?? {}),
      ...(invoiceNow ? { $set: { 'account.invoiceDueAt': new Date() } } : {}),
    },
  });
  if (!result.ok) throw transitionFailure(result, change.status);
  if (mails) await mailsQueued(id, mails);
  if (invoiceNow) wakeJob(INVOICE_JOB);
  return publicOrder(orderRecord(result.order));
}
