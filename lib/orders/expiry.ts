import 'server-only';
import { errorText, logger } from '@/lib/core/log';
import { settleOrderStock } from './stock';
import { cacheTags, expire, expireIfInRequest } from '@/lib/core/cache';
import { registerJob } from '@/lib/core/jobs';
import { linkOrigin } from '@/lib/security';
import {
  cancelOverdueOrder,
  findOrder,
  findOverdueOrders,
  type OrderRecord,
} from '@/lib/orders/store';
import { mailsQueued, orderMails } from './mails';
import { cancelOrderPayment } from './payment';
import { isOverdue } from './rules';

/**
 * Unpaid orders expire at their own deadline (`payBy`, stamped when they were placed:
 * UNPAID_ORDER_TTL_HOURS later, or UNVERIFIED_HOLD_MINUTES for an account whose email was not
 * verified then): the payment intent is canceled at Stripe
 * first, then the order is marked cancelled and its stock returned, exactly once however many
 * sweeps run at the same time on however many server instances, with the buyer's cancellation
 * mail queued in that same update. The expiry is the store's own work, not an answer to the
 * request that happens to run it, so its mails link to `linkOrigin()` (the store's origin:
 * AUTH_URL, else `http://HOST:PORT`), never to a Host header.
 */

/**
 * Expires one overdue unpaid order. An intent that turns out to have succeeded settles the
 * order as paid instead; one still processing, or Stripe being unreachable, leaves the order
 * for a later sweep.
 */
export async function expireOrder(
  order: OrderRecord,
  now = new Date(),
): Promise<'cancelled' | 'paid' | 'kept'> {
  if (!isOverdue(order, now)) return 'kept';
  const origin = linkOrigin();
  let outcome: Awaited<ReturnType<typeof cancelOrderPayment>>;
  try {
    outcome = await cancelOrderPayment(order, origin);
  } catch (error) {
    logger.error(
      `[orders] could not release the payment of expired order ${order._id}: ${errorText(error)}`,
    );
    return 'kept';
  }
  if (outcome === 'paid') return 'paid';
  if (outcome === 'in_progress') return 'kept';
  const mails = orderMails(['order.cancelled'], origin);
  const cancelled = await cancelOverdueOrder(
    order._id,
    order.paymentIntentId,
    now,
    mails.extraUpdate,
    order.status === 'awaiting_approval' ? 'awaiting_approval' : 'unpaid',
  );
  if (!cancelled) return 'kept';
  await mailsQueued(order._id, mails);
  return 'cancelled';
}

/**
 * The order as it is after expiring it if it is overdue (the payment page, paying, viewing), so
 * an order is never payable past its time while waiting for the next sweep. Pages pass
 * `inRender` (a render cannot expire cache tags; the home page catches up within its
 * revalidation time).
 */
export async function expireIfOverdue(
  order: OrderRecord,
  { inRender = false } = {},
): Promise<OrderRecord> {
  if (!isOverdue(order)) return order;
  const outcome = await expireOrder(order);
  if (outcome === 'kept') return order;
  if (outcome === 'cancelled' && !inRender) await expire(cacheTags.products);
  return (await findOrder(order._id)) ?? order;
}

/** How many overdue orders one sweep handles at once, and at most in all. */
const SWEEP_BATCH = 8;
const SWEEP_LIMIT = 200;

/** Expires every overdue unpaid order (up to SWEEP_LIMIT); answers how many were cancelled. */
export async function expireOverdueOrders(now = new Date()): Promise<number> {
  const overdue = await findOverdueOrders(now, SWEEP_LIMIT);
  let cancelled = 0;
  for (let start = 0; start < overdue.length; start += SWEEP_BATCH) {
    const outcomes = await Promise.all(
      overdue.slice(start, start + SWEEP_BATCH).map((order) => expireOrder(order, now)),
    );
    cancelled += outcomes.filter((outcome) => outcome === 'cancelled').length;
  }
  return cancelled;
}

/**
 * One sweep: expires overdue unpaid orders, then settles the stock of orders a crash left
 * halfway (lib/orders/stock.ts). Answers how many orders gave stock back.
 */
async function sweepOrders(): Promise<number> {
  const now = new Date();
  const cancelled = await expireOverdueOrders(now);
  return cancelled + (await settleOrderStock(now));
}

/** The unpaid-order expiry as a background job (lib/core/jobs.ts): its name and schedule. */
export const EXPIRY_JOB = 'orders.expiry';

registerJob({
  name: EXPIRY_JOB,
  everyMs: 60_000,
  run: async () => {
    const cancelled = await sweepOrders();
    // Outside a request no page cache can be expired here: the catalogue's own revalidation
    // (CATALOGUE_REVALIDATE_SECONDS) shows the freed stock.
    if (cancelled > 0) await expireIfInRequest(cacheTags.products);
  },
});
