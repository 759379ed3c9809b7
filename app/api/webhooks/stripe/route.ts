import { NextResponse } from 'next/server';
import { route } from '@/lib/api/handler';
import { applyPaymentEvent } from '@/lib/orders';
import { verifyWebhookEvent } from '@/lib/payments';

/**
 * POST /api/webhooks/stripe: Stripe's events, verified with STRIPE_WEBHOOK_SECRET over the raw
 * body. `payment_intent.succeeded` marks its order paid (once), so an order is paid even when
 * the buyer's browser closes before it reports the payment.
 */
export const POST = route(async (request) => {
  const rawBody = await request.text();
  const event = verifyWebhookEvent(rawBody, request.headers.get('stripe-signature'));
  const outcome = await applyPaymentEvent(event);
  return NextResponse.json({ received: true, outcome });
});
