import 'server-only';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { refuse } from '@/lib/core/refusal';
import { env } from '@/lib/core/env';

/**
 * Card payments through Stripe: the one module that creates the Stripe client and talks to
 * Stripe (PaymentIntents and webhook signatures). What an intent must be to pay an order is an
 * order rule, decided in lib/orders. Without STRIPE_SECRET_KEY card payments are off.
 */

export type PaymentIntent = Stripe.PaymentIntent;
export type StripeEvent = Stripe.Event;

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

/**
 * How long Stripe may keep a request waiting, and how often a failed one is tried again. The
 * SDK's defaults (80 s, two retries) would keep a buyer on the payment page for four minutes
 * when Stripe does not answer; this gives up after STRIPE_TIMEOUT_MS (10 s) twice, and the
 * page says the payment service could not be reached. Retries reuse the request's idempotency
 * key, so a retried create never makes a second PaymentIntent.
 */
const STRIPE_NETWORK_RETRIES = 1;

function createClient(key: string): Stripe {
  const settings = { timeout: env.STRIPE_TIMEOUT_MS, maxNetworkRetries: STRIPE_NETWORK_RETRIES };
  if (!env.STRIPE_API_BASE) return new Stripe(key, settings);
  // Tests only: the real SDK against a local stand-in of Stripe's API.
  const base = new URL(env.STRIPE_API_BASE);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(key, {
    ...settings,
    host: base.hostname,
    port: Number(base.port) || (protocol === 'http' ? 80 : 443),
    protocol,
  });
}

/** The one Stripe client of this process; 503 when card payments are not configured. */
export function stripeClient(): Stripe {
  const key = env.STRIPE_SECRET_KEY;
  if (!key) throw refuse('payment.not_configured');
  globalCache.__storefrontStripe ??= createClient(key);
  return globalCache.__storefrontStripe;
}

/** Stripe could not be reached or failed on its side: 502 with a message a person can read. */
function unavailable(error: unknown) {
  console.error(
    '[payments] Stripe request failed:',
    error instanceof Error ? error.message : error,
  );
  return refuse('payment.unreachable');
}

/** A PaymentIntent, or null when Stripe has none with this id. */
export async function retrieveIntent(id: string): Promise<PaymentIntent | null> {
  const stripe = stripeClient();
  try {
    return await stripe.paymentIntents.retrieve(id);
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeError &&
      (error.code === 'resource_missing' || error.statusCode === 404)
    ) {
      return null;
    }
    throw unavailable(error);
  }
}

/** Whether Stripe answered with an error of its own (5xx), as opposed to no answer at all. */
function isStripeServerError(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeAPIError && (error.statusCode ?? 500) >= 500;
}

/**
 * Creates a card PaymentIntent; the idempotency key makes a retried call return the same one.
 *
 * Stripe keeps the answer given to an idempotency key for 24 hours, a 500 included, so after
 * Stripe failed on its side every later try with the same key would be answered with that
 * failure and the order could not be paid for a day. After a 5xx the create is tried once more
 * with a fresh key: the order can be paid as soon as Stripe works again. (Concurrent page loads
 * share the first key; should two intents exist, the order stores one and the caller cancels
 * the other, see `paymentIntentForOrder`.) A timeout keeps the key: Stripe may have created the
 * intent, and the same key finds it.
 */
export async function createIntent(input: {
  amountCents: number;
  description: string;
  receiptEmail: string;
  orderId: string;
  idempotencyKey: string;
}): Promise<PaymentIntent> {
  const create = (idempotencyKey: string) =>
    stripeClient().paymentIntents.create(
      {
        amount: input.amountCents,
        currency: CURRENCY,
        allowed_payment_method_types: ['card'],
        description: input.description,
        receipt_email: input.receiptEmail,
        metadata: { orderId: input.orderId },
      },
      { idempotencyKey },
    );
  try {
    return await create(input.idempotencyKey);
  } catch (error) {
    if (!isStripeServerError(error)) throw unavailable(error);
  }
  try {
    return await create(`${input.idempotencyKey}-after-failure-${randomUUID()}`);
  } catch (error) {
    throw unavailable(error);
  }
}

/**
 * Cancels a PaymentIntent: 'canceled', or 'not_cancelable' when Stripe refuses because of the
 * intent's state (it succeeded, or a payment is processing); a caller retrieves it to see which.
 */
export async function cancelIntent(id: string): Promise<'canceled' | 'not_cancelable'> {
  try {
    await stripeClient().paymentIntents.cancel(id);
    return 'canceled';
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return 'not_cancelable';
    throw unavailable(error);
  }
}

/** Verifies a webhook request's signature over its raw body; 400 when it does not verify. */
export function verifyWebhookEvent(rawBody: string, signature: string | null): StripeEvent {
  const secret = env.STRIPE_WEBHOOK_SECRET;
  if (!secret || !env.STRIPE_SECRET_KEY) throw refuse('payment.not_configured');
  if (!signature) throw refuse('payment.signature_missing');
  try {
    return stripeClient().webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw refuse('payment.signature_invalid');
  }
}
