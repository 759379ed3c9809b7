import 'server-only';
import { refuse } from '@/lib/core/refusal';
import type { OrderRecord } from '@/lib/orders/store';
import { env } from '@/lib/core/env';
import { MAX_CARD_AMOUNT_CENTS, MIN_CARD_AMOUNT_CENTS } from '@/lib/orders/stripe';
import { isPaidStatus } from './lifecycle';

/**
 * The rules of an order's life, each written once: who may delete it, what may be paid, when
 * it has expired, who still sees a cancelled one. The moves between statuses are the table of
 * lifecycle.ts; the functions of lib/orders call these; route handlers never decide them.
 */

/** The most unpaid orders an account whose email is not verified yet may hold. */
export const UNVERIFIED_MAX_UNPAID_ORDERS = 3;

/**
 * The most lines one order of an account whose email is not verified yet may have: with its 3
 * unpaid orders, it holds at most 60 products' stock for 30 minutes (as quick order's 20 lines),
 * not 300 through full order lists.
 */
export const UNVERIFIED_MAX_ORDER_LINES = 20;

/** What an account may hold unpaid, decided from its state when it places an order. */
export interface Hold {
  verified: boolean;
  /** The most unpaid orders it may hold at once, the new one included. */
  maxUnpaid: number;
  /** How long a new order keeps its stock unpaid (stamped on the order as its `payBy`). */
  holdMs: number;
}

/**
 * The hold of an account placing an order now. Verified email (the verification link, or a
 * Google sign-in): MAX_UNPAID_ORDERS orders, each held UNPAID_ORDER_TTL_HOURS. Not verified:
 * at most UNVERIFIED_MAX_UNPAID_ORDERS (3) orders, each held UNVERIFIED_HOLD_MINUTES, so a free
 * account cannot lock the catalogue's stock away; paying at once is unaffected. An order keeps
 * the deadline stamped when it was placed: verifying later neither extends nor shortens it.
 */
export function holdFor(buyer: { emailVerified: boolean }): Hold {
  if (buyer.emailVerified) {
    return {
      verified: true,
      maxUnpaid: env.MAX_UNPAID_ORDERS,
      holdMs: env.UNPAID_ORDER_TTL_HOURS * 60 * 60 * 1000,
    };
  }
  return {
    verified: false,
    maxUnpaid: Math.min(UNVERIFIED_MAX_UNPAID_ORDERS, env.MAX_UNPAID_ORDERS),
    holdMs: env.UNVERIFIED_HOLD_MINUTES * 60 * 1000,
  };
}

/** How long an order paid by bank transfer holds its stock from the first money that arrived. */
export const BANK_TRANSFER_HOLD_DAYS = 7;

/**
 * How long an order paid by bank transfer holds its stock, with no money arrived yet: asking for
 * the bank details never stretches a hold. The order keeps its own `payBy`, or the hold its
 * placer's account has now counted from the order's placing (an order placed before its placer
 * verified their email gets the verified hold, never more); an unverified account's order keeps
 * UNVERIFIED_HOLD_MINUTES from its placing whatever route touches it. A placer gone since is
 * held as unverified.
 */
export function transferHoldUntil(
  order: { createdAt: string | Date; payBy: string | Date },
  placer: { emailVerified: boolean } | null,
): Date {
  const own = new Date(
    new Date(order.createdAt).getTime() + holdFor(placer ?? { emailVerified: false }).holdMs,
  );
  const payBy = new Date(order.payBy);
  return own > payBy ? own : payBy;
}

/**
 * Once money of its transfer has arrived (`payment_intent.partially_funded`), an order of a
 * verified placer is held BANK_TRANSFER_HOLD_DAYS from that arrival, for the rest to come; an
 * unverified placer's order keeps its own deadline (null: no change).
 */
export function fundedHoldUntil(placer: { emailVerified: boolean } | null, at: Date): Date | null {
  return placer?.emailVerified
    ? new Date(at.getTime() + BANK_TRANSFER_HOLD_DAYS * 24 * 60 * 60 * 1000)
    : null;
}

/**
 * Whether an order is still unpaid (so live) and past its own time to be paid (`payBy`,
 * stamped when it was placed).
 */
export function isOverdue(order: Pick<OrderRecord, 'status' | 'payBy'>, now = new Date()): boolean {
  return (
    (order.status === 'unpaid' || order.status === 'awaiting_approval') &&
    new Date(order.payBy) < now
  );
}

/** A hold in words: "48 hours", "30 minutes", "1 hour 30 minutes". */
export function holdInWords(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const words = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (hours === 0) return words(rest, 'minute');
  return rest === 0 ? words(hours, 'hour') : `${words(hours, 'hour')} ${words(rest, 'minute')}`;
}

/**
 * What the payment page and the API say about an order that expired unpaid: the time it had
 * (its `payBy` after its placing), or UNPAID_ORDER_TTL_HOURS without an order.
 */
export function orderExpiredMessage(order?: Pick<OrderRecord, 'createdAt' | 'payBy'>): string {
  return orderExpired(order).message;
}

/** 409 for anything that would pay or change an order that expired unpaid. */
export function orderExpired(order?: Pick<OrderRecord, 'createdAt' | 'payBy'>) {
  const ms = order
    ? new Date(order.payBy).getTime() - new Date(order.createdAt).getTime()
    : env.UNPAID_ORDER_TTL_HOURS * 60 * 60 * 1000;
  return refuse('order.expired', { params: { hours: holdInWords(ms) } });
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
export function orderCancelled(order: CancelledOrder) {
  return order.cancelReason === 'expired' ? orderExpired(order) : refuse('order.cancelled');
}

type CancelledOrder = Pick<OrderRecord, 'cancelReason' | 'createdAt' | 'payBy'>;

/** What the payment page says about a cancelled order. */
export function orderCancelledMessage(order: CancelledOrder): string {
  return orderCancelled(order).message;
}

/**
 * An order may be deleted or cancelled (by its owner or an admin) only while it is unpaid: a
 * paid order is a business record, a cancelled one was cancelled already.
 */
export function assertCancellable(
  order: Pick<OrderRecord, 'status'> & Partial<Pick<OrderRecord, 'paid'>> & CancelledOrder,
): void {
  const refusal = cancelRefusal(order);
  if (refusal) throw refusal;
}

/** Why an order cannot be deleted or cancelled now, or null when it can. */
export function cancelRefusal(
  order: Pick<OrderRecord, 'status'> & Partial<Pick<OrderRecord, 'paid'>> & CancelledOrder,
) {
  // An order on account is paid by its invoice, whatever its status: then it stays.
  if (isPaidStatus(order.status) || order.paid) return refuse('order.paid_cannot_delete');
  if (order.status === 'cancelled') return orderCancelled(order);
  return null;
}

/** An order may be paid while it is unpaid and live, for an amount a card payment allows. */
export function assertPayable(order: OrderRecord): void {
  if (isPaidStatus(order.status) || order.paid) throw refuse('order.already_paid');
  // An order on account is paid by its invoice (lib/billing), never by a card here.
  if (order.account) throw refuse('order.on_account');
  if (order.status === 'cancelled') throw orderCancelled(order);
  if (order.status === 'awaiting_approval') throw refuse('order.awaiting_approval');
  if (isOverdue(order)) throw orderExpired(order);
  if (order.totalCents > MAX_CARD_AMOUNT_CENTS) throw refuse('order.too_large_for_card');
  if (order.totalCents < MIN_CARD_AMOUNT_CENTS) throw refuse('order.too_small_for_card');
}

/**
 * The background job that draws the invoices of orders on account (lib/billing registers it;
 * orders wake it when an order on account becomes due for its invoice).
 */
export const INVOICE_JOB = 'billing.invoices';
