import 'server-only';
import { randomUUID } from 'node:crypto';
import {
  CURRENCY,
  isStripeInvalidRequest,
  isStripeMissing,
  isStripeServerError,
  Stripe,
  stripeClient,
  stripeUnavailable as unavailable,
} from '@/lib/core/stripe';
import { env } from '@/lib/core/env';

/**
 * Card payments through Stripe (PaymentIntents). The client, its settings and webhook
 * signatures are the kernel's (lib/core/stripe.ts). What an intent must be to pay an order is
 * an order rule, decided in lib/orders. Without STRIPE_SECRET_KEY card payments are off.
 */

export { CURRENCY, paymentsConfigured, stripeClient, verifyWebhookEvent } from '@/lib/core/stripe';

export type PaymentIntent = Stripe.PaymentIntent;
export type StripeEvent = Stripe.Event;

/** Stripe's largest card charge in USD: $999,999.99. */
export const MAX_CARD_AMOUNT_CENTS = 99_999_999;
/** Stripe's smallest card charge in USD: $0.50. */
export const MIN_CARD_AMOUNT_CENTS = 50;

/** Whether the payment page can show the card entry: both keys are set. */
export function cardPaymentsAvailable(): boolean {
  return Boolean(env.STRIPE_SECRET_KEY) && Boolean(env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY);
}

/** A PaymentIntent, or null when Stripe has none with this id. */
export async function retrieveIntent(id: string): Promise<PaymentIntent | null> {
  const stripe = stripeClient();
  try {
    return await stripe.paymentIntents.retrieve(id);
  } catch (error) {
    if (isStripeMissing(error)) return null;
    throw unavailable(error);
  }
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
    if (isStripeInvalidRequest(error)) return 'not_cancelable';
    throw unavailable(error);
  }
}
