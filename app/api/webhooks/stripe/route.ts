import { handle } from '@/lib/api/handle';
import { readText } from '@/lib/api/handler';
import { applyInvoiceEvent, isInvoiceEvent, paymentMoneyToReturn } from '@/lib/billing';
import { stripeWebhookOp } from '@/lib/orders/api';
import { applyPaymentEvent, verifyWebhookEvent } from '@/lib/orders';
import { linkOrigin, MAX_WEBHOOK_BYTES } from '@/lib/security';

/**
 * POST /api/webhooks/stripe: Stripe's events, verified with STRIPE_WEBHOOK_SECRET over the raw
 * body. `payment_intent.*` events go to the orders (`payment_intent.succeeded` marks its order
 * paid, once, so an order is paid even when the buyer's browser closes before it reports the
 * payment); `invoice.*` events go to the invoices on account (lib/billing: `invoice.paid` pays
 * the store's invoice, once, and settles its order). A payment for a cancelled order or a voided
 * invoice is recorded as money to return (lib/billing). The raw body is bounded like every other
 * (MAX_WEBHOOK_BYTES, 413 beyond), since anyone may post here before the signature is checked.
 */
export const POST = handle(stripeWebhookOp, async ({ request }) => {
  const rawBody = await readText(request, MAX_WEBHOOK_BYTES);
  const event = verifyWebhookEvent(rawBody, request.headers.get('stripe-signature'));
  if (isInvoiceEvent(event)) return { received: true, outcome: await applyInvoiceEvent(event) };
  // Stripe, not the buyer, sends this request: its Host says nothing about where the buyer
  // shops, so the receipt's links take the store's configured origin.
  const outcome = await applyPaymentEvent(event, linkOrigin());
  // A payment the orders did not apply because its order was cancelled: money to return.
  if (outcome === 'ignored' && (await paymentMoneyToReturn(event))) {
    return { received: true, outcome: 'recorded' as const };
  }
  return { received: true, outcome };
});
