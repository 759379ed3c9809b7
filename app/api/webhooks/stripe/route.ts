import { handle } from '@/lib/api/handle';
import { readText } from '@/lib/api/handler';
import { stripeWebhookOp } from '@/lib/orders/api';
import { applyPaymentEvent, verifyWebhookEvent } from '@/lib/orders';
import { linkOrigin, MAX_WEBHOOK_BYTES } from '@/lib/security';

/**
 * POST /api/webhooks/stripe: Stripe's events, verified with STRIPE_WEBHOOK_SECRET over the raw
 * body. `payment_intent.succeeded` marks its order paid (once), so an order is paid even when
 * the buyer's browser closes before it reports the payment. The raw body is bounded like every
 * other (MAX_WEBHOOK_BYTES, 413 beyond), since anyone may post here before the signature is
 * checked.
 */
export const POST = handle(stripeWebhookOp, async ({ request }) => {
  const rawBody = await readText(request, MAX_WEBHOOK_BYTES);
  const event = verifyWebhookEvent(rawBody, request.headers.get('stripe-signature'));
  // Stripe, not the buyer, sends this request: its Host says nothing about where the buyer
  // shops, so the receipt's links take the store's configured origin.
  const outcome = await applyPaymentEvent(event, linkOrigin());
  return { received: true, outcome };
});
