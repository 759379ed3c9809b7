import 'server-only';
import { settleOrderStock } from './stock';
import { cacheTags, expire } from '@/lib/core/cache';
import { sweepJobs } from '@/lib/core/jobs';
import { scheduleOutboxSweep } from '@/lib/core/mail/outbox';
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
    console.error(
      `[orders] could not release the payment of expired order ${order._id}:`,
      error instanceof Error ? error.message : error,
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
  if (outcome === 'cancelled' && !inRender) expire(cacheTags.products);
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

/** A sweep starts at most this often per server process. */
const SWEEP_INTERVAL_MS = 60_000;

const sweepCache = globalThis as typeof globalThis & {
  __storefrontOrderSweep?: { startedAt: number; running: Promise<number> | null };
};

/**
 * Runs on order requests and the order pages' renders (placing, listing, paying, viewing):
 * expires overdue unpaid orders, at most once a minute per process, and waits for a sweep
 * already running so freed stock counts. Failures are logged, never answered. It also starts
 * the outbox's sweep (after the response, at most once a minute per process), which sends the
 * order mails waiting for a retry or for the end of a hold, and the background jobs whose time
 * has come (lib/core/jobs.ts, after the response).
 */
export async function sweepOverdueOrders({ inRender = false } = {}): Promise<void> {
  scheduleOutboxSweep();
  sweepJobs();
  const state = (sweepCache.__storefrontOrderSweep ??= { startedAt: 0, running: null });
  if (!state.running && Date.now() - state.startedAt >= SWEEP_INTERVAL_MS) {
    state.startedAt = Date.now();
    state.running = sweepOrders()
      .catch((error: unknown) => {
        console.error('[orders] the expiry sweep failed:', error);
        return 0;
      })
      .finally(() => {
        state.running = null;
      });
  }
  const cancelled = await (state.running ?? 0);
  if (cancelled > 0 && !inRender) expire(cacheTags.products);
}
