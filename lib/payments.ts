import 'server-only';
import Stripe from 'stripe';
import { ApiError, fieldError } from '@/lib/api/errors';
import { cacheTags, expire } from '@/lib/cache';
import {
  attachPaymentIntent,
  cancelOverdueOrder,
  findOrder,
  findOverdueOrders,
  isOverdue,
  markOrderPaid,
  type OrderRecord,
} from '@/lib/data/orders';
import { env } from '@/lib/env';
import { messages } from '@/lib/messages';

/**
 * Card payments through Stripe: the only module that creates the Stripe client. An order turns
 * paid only after the server has checked the PaymentIntent with Stripe (a retrieve, or a signed
 * webhook event): it succeeded, it is the intent stored on the order, its metadata names the
 * order and its amount is the order's total. Without STRIPE_SECRET_KEY card payments are off.
 */

export const CURRENCY = 'usd';
/** Stripe's largest card charge in USD: $999,999.99. */
export const MAX_CARD_AMOUNT_CENTS = 99_999_999;
/** Stripe's smallest card charge in USD: $0.50. */
export const MIN_CARD_AMOUNT_CENTS = 50;

/** Whether the server can take card payments (a secret key is set). */
export function paymentsConfigured(): boolean {
  return Boolean(env.STRIPE_SECRET_KEY);
}

/** Whether the payment page can show the card entry: both keys are set. */
export function cardPaymentsAvailable(): boolean {
  return paymentsConfigured() && Boolean(env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY);
}

const globalCache = globalThis as typeof globalThis & { __storefrontStripe?: Stripe };

function createClient(key: string): Stripe {
  if (!env.STRIPE_API_BASE) return new Stripe(key);
  // Tests only: the real SDK against a local stand-in of Stripe's API.
  const base = new URL(env.STRIPE_API_BASE);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(key, {
    host: base.hostname,
    port: Number(base.port) || (protocol === 'http' ? 80 : 443),
    protocol,
  });
}

/** The one Stripe client of this process; 503 when card payments are not configured. */
export function stripeClient(): Stripe {
  const key = env.STRIPE_SECRET_KEY;
  if (!key) throw new ApiError('service_unavailable', messages.payment.notConfigured);
  globalCache.__storefrontStripe ??= createClient(key);
  return globalCache.__storefrontStripe;
}

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** Stripe could not be reached or failed on its side: 502 with a message a person can read. */
function unavailable(error: unknown): ApiError {
  console.error(
    '[payments] Stripe request failed:',
    error instanceof Error ? error.message : error,
  );
  return new ApiError(
    'bad_gateway',
    'The payment service could not be reached. Try again shortly.',
  );
}

async function retrieveIntent(id: string): Promise<Stripe.PaymentIntent | null> {
  try {
    return await stripeClient().paymentIntents.retrieve(id);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isStripeError(error) && (error.code === 'resource_missing' || error.statusCode === 404)) {
      return null;
    }
    throw unavailable(error);
  }
}

function assertChargeable(order: OrderRecord): void {
  if (order.totalCents > MAX_CARD_AMOUNT_CENTS) {
    throw new ApiError(
      'validation_failed',
      'This order is larger than a single card payment allows ($999,999.99). Please contact us to pay it.',
    );
  }
  if (order.totalCents < MIN_CARD_AMOUNT_CENTS) {
    throw new ApiError(
      'validation_failed',
      'This order is below the smallest card payment ($0.50).',
    );
  }
}

const alreadyPaid = () => new ApiError('conflict', 'This order is already paid.');

/** What the payment page and the API say about an order that expired unpaid. */
export function orderExpiredMessage(): string {
  const hours = env.UNPAID_ORDER_TTL_HOURS;
  return `This order expired: it was not paid within ${hours} hour${hours === 1 ? '' : 's'}, so it was cancelled and its stock released. Please place a new order.`;
}

/** 409 for anything that would pay or change an order that expired unpaid. */
export const orderExpired = () => new ApiError('conflict', orderExpiredMessage());

/**
 * Why a PaymentIntent does not pay this order, or null when it does: it must be the intent
 * stored on the order, name the order in its metadata, carry the order's total (in cents, USD)
 * and have succeeded.
 */
export function paymentProblem(
  intent: Pick<Stripe.PaymentIntent, 'id' | 'status' | 'amount' | 'currency' | 'metadata'>,
  order: Pick<OrderRecord, '_id' | 'totalCents' | 'paymentIntentId'>,
): 'foreign' | 'wrong_amount' | 'not_succeeded' | null {
  if (intent.id !== order.paymentIntentId || intent.metadata?.orderId !== order._id) {
    return 'foreign';
  }
  if (intent.amount !== order.totalCents || intent.currency !== CURRENCY) return 'wrong_amount';
  if (intent.status !== 'succeeded') return 'not_succeeded';
  return null;
}

/**
 * The client secret of the order's PaymentIntent: the one stored on the order while it can
 * still be paid, otherwise a new one created with an idempotency key derived from the order
 * and stored with a conditional update, so concurrent page loads end up with one intent.
 */
export async function paymentIntentForOrder(order: OrderRecord): Promise<{ clientSecret: string }> {
  const stripe = stripeClient();
  if (order.paid) throw alreadyPaid();
  if (order.cancelledAt || isOverdue(order)) throw orderExpired();
  assertChargeable(order);

  let current = order.paymentIntentId;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (current) {
      const intent = await retrieveIntent(current);
      if (intent?.status === 'succeeded') {
        await settleSucceededIntent(order, intent);
        throw alreadyPaid();
      }
      const reusable =
        intent &&
        intent.status !== 'canceled' &&
        intent.client_secret &&
        paymentProblem(intent, { ...order, paymentIntentId: current }) === 'not_succeeded';
      if (reusable) return { clientSecret: intent.client_secret! };
    }

    let created: Stripe.PaymentIntent;
    try {
      created = await stripe.paymentIntents.create(
        {
          amount: order.totalCents,
          currency: CURRENCY,
          allowed_payment_method_types: ['card'],
          description: `${order.quantity} x ${order.name}`,
          receipt_email: order.email,
          metadata: { orderId: order._id },
        },
        { idempotencyKey: `order-${order._id}-intent-after-${current ?? 'none'}` },
      );
    } catch (error) {
      throw unavailable(error);
    }

    if (await attachPaymentIntent(order._id, current, created.id)) {
      return { clientSecret: created.client_secret! };
    }
    // Another request stored an intent first, or the order changed: use what is stored now.
    const fresh = await findOrder(order._id);
    if (!fresh) throw new ApiError('not_found', 'No order has this id.');
    if (fresh.paid) throw alreadyPaid();
    if (fresh.paymentIntentId === created.id) return { clientSecret: created.client_secret! };
    await stripe.paymentIntents.cancel(created.id).catch(() => undefined);
    if (fresh.cancelledAt) throw orderExpired();
    current = fresh.paymentIntentId;
  }
  throw new ApiError('conflict', 'The payment could not be prepared. Please reload the page.');
}

/** Marks the order paid with a succeeded intent that `paymentProblem` accepts. */
async function settleSucceededIntent(
  order: OrderRecord,
  intent: Stripe.PaymentIntent,
): Promise<'paid' | 'already_paid'> {
  const problem = paymentProblem(intent, order);
  if (problem === 'foreign') {
    throw fieldError('transactionId', 'This payment does not belong to this order.', {
      summary: 'This payment does not belong to this order.',
    });
  }
  if (problem === 'wrong_amount') {
    throw fieldError('transactionId', 'This payment is not for the amount of this order.', {
      summary: 'This payment is not for the amount of this order.',
    });
  }
  if (problem === 'not_succeeded') {
    throw new ApiError('conflict', 'This payment has not completed.');
  }
  const outcome = await markOrderPaid(order._id, intent.id);
  if (outcome === 'missing') throw new ApiError('not_found', 'No order has this id.');
  if (outcome === 'cancelled') throw orderExpired();
  if (outcome === 'mismatch')
    throw new ApiError('conflict', 'This order is paid with another payment.');
  return outcome;
}

/**
 * PATCH /api/order/{id}: records a payment the browser reports, after retrieving the
 * PaymentIntent from Stripe. Idempotent: reporting the same payment again answers the order.
 */
export async function recordOrderPayment(
  order: OrderRecord,
  transactionId: string,
): Promise<'paid' | 'already_paid'> {
  if (order.paid) {
    if (order.transactionId === transactionId) return 'already_paid';
    throw new ApiError('conflict', 'This order is already paid with another payment.');
  }
  if (order.cancelledAt) throw orderExpired();
  stripeClient();
  if (transactionId !== order.paymentIntentId) {
    throw fieldError('transactionId', 'This payment does not belong to this order.', {
      summary: 'This payment does not belong to this order.',
    });
  }
  const intent = await retrieveIntent(transactionId);
  if (!intent) {
    throw fieldError('transactionId', 'No such payment exists.', {
      summary: 'No such payment exists.',
    });
  }
  return settleSucceededIntent(order, intent);
}

/**
 * Makes sure an unpaid order can no longer be paid: its PaymentIntent is canceled at Stripe
 * ('released'). If the intent has already succeeded, the order is marked paid instead
 * ('paid'); a payment Stripe is still processing cannot be canceled ('in_progress').
 */
async function cancelOrderPayment(
  order: OrderRecord,
): Promise<'released' | 'paid' | 'in_progress'> {
  if (!order.paymentIntentId || !paymentsConfigured()) return 'released';
  try {
    await stripeClient().paymentIntents.cancel(order.paymentIntentId);
    return 'released';
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw unavailable(error);
  }
  // Not cancelable: find out why.
  const intent = await retrieveIntent(order.paymentIntentId);
  if (!intent || intent.status === 'canceled') return 'released';
  if (intent.status === 'succeeded') {
    await settleSucceededIntent(order, intent).catch(() => undefined);
    return 'paid';
  }
  return 'in_progress';
}

/**
 * Before an unpaid order is deleted: its PaymentIntent is canceled at Stripe. If the intent
 * has already succeeded, the order is marked paid instead and the deletion is refused (409).
 */
export async function releaseOrderPayment(order: OrderRecord): Promise<void> {
  if (order.paid) throw new ApiError('conflict', 'A paid order cannot be deleted.');
  if (order.cancelledAt) throw orderExpired();
  const outcome = await cancelOrderPayment(order);
  if (outcome === 'paid') throw new ApiError('conflict', 'A paid order cannot be deleted.');
  if (outcome === 'in_progress') {
    throw new ApiError(
      'conflict',
      'A payment for this order is in progress; it cannot be deleted now.',
    );
  }
}

/**
 * Expires one overdue unpaid order: its PaymentIntent is canceled at Stripe first, then the
 * order is marked cancelled and its stock returned (once, whoever else tries at the same
 * time). An intent that turns out to have succeeded settles the order as paid instead; one
 * still processing, or Stripe being unreachable, leaves the order for a later sweep.
 */
export async function expireOrder(
  order: OrderRecord,
  now = new Date(),
): Promise<'cancelled' | 'paid' | 'kept'> {
  if (!isOverdue(order, now)) return 'kept';
  let outcome: Awaited<ReturnType<typeof cancelOrderPayment>>;
  try {
    outcome = await cancelOrderPayment(order);
  } catch (error) {
    console.error(
      `[orders] could not release the payment of expired order ${order._id}:`,
      error instanceof Error ? error.message : error,
    );
    return 'kept';
  }
  if (outcome === 'paid') return 'paid';
  if (outcome === 'in_progress') return 'kept';
  return (await cancelOverdueOrder(order._id, order.paymentIntentId, now)) ? 'cancelled' : 'kept';
}

/**
 * The order as it is after expiring it if it is overdue (the payment page, paying, viewing), so
 * an order is never payable past its time while waiting for the next sweep.
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

/**
 * Expires every overdue unpaid order (up to SWEEP_LIMIT per sweep); answers how many were
 * cancelled. Safe to run from several server instances at once: each order is cancelled by one
 * conditional update, so its stock comes back exactly once.
 */
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

/** A sweep starts at most this often per server process. */
const SWEEP_INTERVAL_MS = 60_000;

const sweepCache = globalThis as typeof globalThis & {
  __storefrontOrderSweep?: { startedAt: number; running: Promise<number> | null };
};

/**
 * Runs on order requests (placing, listing, paying): expires overdue unpaid orders, at most
 * once a minute per process, and waits for a sweep already running so freed stock counts.
 * Failures are logged, never answered. Pages pass `inRender` (a render cannot expire cache
 * tags; the home page then catches up within its revalidation time).
 */
export async function sweepOverdueOrders({ inRender = false } = {}): Promise<void> {
  const state = (sweepCache.__storefrontOrderSweep ??= { startedAt: 0, running: null });
  if (!state.running && Date.now() - state.startedAt >= SWEEP_INTERVAL_MS) {
    state.startedAt = Date.now();
    state.running = expireOverdueOrders()
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

/** Verifies a webhook request's signature over its raw body; 400 when it does not verify. */
export function verifyWebhookEvent(rawBody: string, signature: string | null): Stripe.Event {
  const secret = env.STRIPE_WEBHOOK_SECRET;
  if (!secret || !env.STRIPE_SECRET_KEY) {
    throw new ApiError('service_unavailable', messages.payment.notConfigured);
  }
  if (!signature) throw new ApiError('bad_request', 'The Stripe-Signature header is missing.');
  try {
    return stripeClient().webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new ApiError('bad_request', 'The webhook signature does not verify.');
  }
}

/**
 * Applies a verified webhook event. `payment_intent.succeeded` marks the order named in its
 * metadata paid when the intent is the one stored on the order with the order's amount; every
 * other event, and any intent that is not ours, is acknowledged and ignored.
 */
export async function handleWebhookEvent(
  event: Stripe.Event,
): Promise<'paid' | 'already_paid' | 'ignored'> {
  if (event.type !== 'payment_intent.succeeded') return 'ignored';
  const intent = event.data.object;
  const orderId = intent.metadata?.orderId;
  const order = orderId ? await findOrder(orderId) : null;
  if (!order) return 'ignored';
  if (order.paid) return order.transactionId === intent.id ? 'already_paid' : 'ignored';
  if (paymentProblem(intent, order) !== null) {
    console.warn(`[payments] ignored ${event.id}: ${intent.id} does not pay order ${order._id}`);
    return 'ignored';
  }
  const outcome = await markOrderPaid(order._id, intent.id);
  return outcome === 'paid' || outcome === 'already_paid' ? outcome : 'ignored';
}
