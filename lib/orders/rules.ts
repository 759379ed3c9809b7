import 'server-only';
import { failure } from '@/lib/api/errors';
import type { OrderRecord } from '@/lib/data/orders';
import { env } from '@/lib/env';
import { MAX_CARD_AMOUNT_CENTS, MIN_CARD_AMOUNT_CENTS } from '@/lib/payments';
import { isPaidStatus } from './lifecycle';

/**
 * The rules of an order's life, each written once: who may delete it, what may be paid, when
 * it has expired, who still sees a cancelled one. The moves between statuses are the table of
 * lifecycle.ts; the functions of lib/orders call these; route handlers never decide them.
 */

/** Unpaid orders created before this moment have expired (UNPAID_ORDER_TTL_HOURS). */
export function unpaidOrderDeadline(now = new Date()): Date {
  return new Date(now.getTime() - env.UNPAID_ORDER_TTL_HOURS * 60 * 60 * 1000);
}

/** Whether an order is still unpaid (so live) and older than the unpaid-order lifetime. */
export function isOverdue(
  order: Pick<OrderRecord, 'status' | 'createdAt'>,
  now = new Date(),
): boolean {
  return order.status === 'unpaid' && new Date(order.createdAt) < unpaidOrderDeadline(now);
}

/** What the payment page and the API say about an order that expired unpaid. */
export function orderExpiredMessage(): string {
  return orderExpired().message;
}

/** 409 for anything that would pay or change an order that expired unpaid. */
export function orderExpired() {
  const hours = env.UNPAID_ORDER_TTL_HOURS;
  return failure('order.expired', { params: { hours: `${hours} hour${hours === 1 ? '' : 's'}` } });
}

/**
 * A cancelled order is kept for the back office, but one its buyer deleted is gone for them:
 * to its buyer it answers as if it did not exist (404), as the spec's delete did; admins still
 * see it, under Manage Orders' cancelled filter.
 */
export function goneFor(
  viewer: { role: string },
  order: Pick<OrderRecord, 'status' | 'cancelReason'>,
): boolean {
  return (
    viewer.role !== 'admin' && order.status === 'cancelled' && order.cancelReason === 'deleted'
  );
}

/** 409 for paying or cancelling an order that was cancelled: why it was, in words. */
export function orderCancelled(order: Pick<OrderRecord, 'cancelReason'>) {
  return order.cancelReason === 'expired' ? orderExpired() : failure('order.cancelled');
}

/** What the payment page says about a cancelled order. */
export function orderCancelledMessage(order: Pick<OrderRecord, 'cancelReason'>): string {
  return orderCancelled(order).message;
}

/**
 * An order may be deleted or cancelled (by its owner or an admin) only while it is unpaid: a
 * paid order is a business record, a cancelled one was cancelled already.
 */
export function assertCancellable(order: Pick<OrderRecord, 'status' | 'cancelReason'>): void {
  const refusal = cancelRefusal(order);
  if (refusal) throw refusal;
}

/** Why an order cannot be deleted or cancelled now, or null when it can. */
export function cancelRefusal(order: Pick<OrderRecord, 'status' | 'cancelReason'>) {
  if (isPaidStatus(order.status)) return failure('order.paid_cannot_delete');
  if (order.status === 'cancelled') return orderCancelled(order);
  return null;
}

/** An order may be paid while it is unpaid and live, for an amount a card payment allows. */
export function assertPayable(order: OrderRecord): void {
  if (isPaidStatus(order.status)) throw failure('order.already_paid');
  if (order.status === 'cancelled') throw orderCancelled(order);
  if (isOverdue(order)) throw orderExpired();
  if (order.totalCents > MAX_CARD_AMOUNT_CENTS) throw failure('order.too_large_for_card');
  if (order.totalCents < MIN_CARD_AMOUNT_CENTS) throw failure('order.too_small_for_card');
}
