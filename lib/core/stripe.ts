import 'server-only';
import Stripe from 'stripe';
import { refuse } from '@/lib/core/refusal';
import { env } from '@/lib/core/env';
import { errorText, logger } from '@/lib/core/log';

/**
 * The one Stripe client of this process, shared by every feature that talks to Stripe (card
 * and bank-transfer payments in lib/orders, invoices on account in lib/billing), and the one
 * place a Stripe failure becomes a refusal a person can read. Without STRIPE_SECRET_KEY
 * payments are off.
 */

export { Stripe };

export const CURRENCY = 'usd';

/** Whether the server can talk to Stripe (a secret key is set). */
export function paymentsConfigured(): boolean {
  return Boolean(env.STRIPE_SECRET_KEY);
}

const globalCache = globalThis as typeof globalThis & { __storefrontStripe?: Stripe };

/**
 * How long Stripe may keep a request waiting, and how often a failed one is tried again. The
 * SDK's defaults (80 s, two retries) would keep a buyer on the payment page for four minutes
 * when Stripe does not answer; this gives up after STRIPE_TIMEOUT_MS (10 s) twice, and the
 * page says the payment service could not be reached. Retries reuse the request's idempotency
 * key, so a retried create never makes a second object.
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

/** The one Stripe client of this process; 503 when payments are not configured. */
export function stripeClient(): Stripe {
  const key = env.STRIPE_SECRET_KEY;
  if (!key) throw refuse('payment.not_configured');
  globalCache.__storefrontStripe ??= createClient(key);
  return globalCache.__storefrontStripe;
}

/** Stripe could not be reached or failed on its side: 502 with a message a person can read. */
export function stripeUnavailable(error: unknown) {
  logger.error(`[payments] Stripe request failed: ${errorText(error)}`);
  return refuse('payment.unreachable');
}

/**
 * The SDK's name for a Stripe error ('StripeAPIError', 'StripeInvalidRequestError', ...), or
 * null for anything else.
 *
 * Errors are told apart by the `type` every SDK error carries, never with `instanceof`: the one
 * client of the process lives on `globalThis`, so an error it throws may come from another copy
 * of the SDK than the one the caller imported (a server bundle holds one per route when the SDK
 * is bundled; the ESM and CommonJS builds are two more), and `instanceof` then says no to a real
 * StripeAPIError: a 500 from Stripe looked like no answer at all and the order could not be paid
 * once Stripe was back.
 */
export function stripeErrorType(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const type = (error as { type?: unknown }).type;
  return typeof type === 'string' && type.startsWith('Stripe') ? type : null;
}

function stripeErrorFields(error: unknown): { statusCode?: number; code?: string } {
  return stripeErrorType(error) ? (error as { statusCode?: number; code?: string }) : {};
}

/** Whether Stripe answered with an error of its own (5xx), as opposed to no answer at all. */
export function isStripeServerError(error: unknown): boolean {
  return (
    stripeErrorType(error) === 'StripeAPIError' &&
    (stripeErrorFields(error).statusCode ?? 500) >= 500
  );
}

/** Whether Stripe refused the request as invalid (4xx invalid_request_error). */
export function isStripeInvalidRequest(error: unknown): error is Error {
  return stripeErrorType(error) === 'StripeInvalidRequestError';
}

/** Whether Stripe answered that the object asked for does not exist. */
export function isStripeMissing(error: unknown): boolean {
  const { code, statusCode } = stripeErrorFields(error);
  return stripeErrorType(error) !== null && (code === 'resource_missing' || statusCode === 404);
}

/** Verifies a webhook request's signature over its raw body; 400 when it does not verify. */
export function verifyWebhookEvent(rawBody: string, signature: string | null): Stripe.Event {
  const secret = env.STRIPE_WEBHOOK_SECRET;
  if (!secret || !env.STRIPE_SECRET_KEY) throw refuse('payment.not_configured');
  if (!signature) throw refuse('payment.signature_missing');
  try {
    return stripeClient().webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw refuse('payment.signature_invalid');
  }
}
