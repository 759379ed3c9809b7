import 'server-only';
import { failure } from '@/lib/api/errors';
import type { OrderRecord } from '@/lib/data/orders';
import { env } from '@/lib/env';
import { MAX_CARD_AMOUNT_CENTS, MIN_CARD_AMOUNT_CENTS } from '@/lib/payments';

/**
 * The rules of an order's life, each written once: who may delete it, what may be paid, when
 * it has expired. The functions of lib/orders call these; route handlers never decide them.
 */

/** Unpaid orders created before this moment have expired (UNPAID_ORDER_TTL_HOURS). */
export function unpaidOrderDeadline(now = new Date()): Date {
  return new Date(now.getTime() - env.UNPAID_ORDER_TTL_HOURS * 60 * 60 * 1000);
}

/** Whether an order is unpaid, not yet cancelled, and older than the unpaid-order lifetime. */
export function isOverdue(
  order: Pick<OrderRecord, 'paid' | 'cancelledAt' | 'createdAt'>,
  now = new Date(),
): boolean {
  return (
    !order.paid &&
    order.cancelledAt === null &&
    new Date(order.createdAt) < unpaidOrderDeadline(now)
  );
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
 * An order may be deleted (by its owner or an admin) only while it is unpaid and live: a paid
 * order is a business record, an expired one was cancelled already.
 */
export function assertDeletable(state: { paid: boolean; cancelled: boolean }): void {
  if (state.paid) throw failure('order.paid_cannot_delete');
  if (state.cancelled) throw orderExpired();
}

/** An order may be paid while it is unpaid and live, for an amount a card payment allows. */
export function assertPayable(order: OrderRecord): void {
  if (order.paid) throw failure('order.already_paid');
  if (order.cancelledAt || isOverdue(order)) throw orderExpired();
  if (order.totalCents > MAX_CARD_AMOUNT_CENTS) throw failure('order.too_large_for_card');
  if (order.totalCents < MIN_CARD_AMOUNT_CENTS) throw failure('order.too_small_for_card');
}
