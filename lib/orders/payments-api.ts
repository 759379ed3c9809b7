import { z } from 'zod';
import { MAX_WEBHOOK_BYTES } from '@/lib/security/body';
import { paymentIntentRequestSchema } from '@/lib/orders/schemas';
import { operation } from '@/lib/core/api/operation';

/** Card payments: the PaymentIntent of an order, and Stripe's webhook. */

const tag = 'Payments';

const clientSecretSchema = z.object({
  clientSecret: z.string().meta({
    description: "The PaymentIntent's client secret, for Stripe.js to confirm the card payment.",
    example: 'pi_3PZ…_secret_…',
  }),
});

const webhookAnswerSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['paid', 'already_paid', 'ignored']).meta({
    description:
      'What the event did: marked its order paid, found it paid already, or nothing (another event type, or an intent that does not pay one of our orders).',
  }),
});

export const createPaymentIntentOp = operation({
  method: 'post',
  path: '/api/create-payment-intent',
  operationId: 'createPaymentIntent',
  tag,
  summary: 'The PaymentIntent of an order',
  description:
    "The client secret of the order's PaymentIntent, for its buyer or an admin. The amount always comes from the order in the database (a `price` in the body is ignored); the intent is created once and reused on later calls.",
  access: 'user',
  scope: 'owner-or-admin',
  body: { json: paymentIntentRequestSchema, example: { orderId: '66a1f0c2e4b0a1b2c3d4e5f6' } },
  responses: { 200: { description: 'The client secret.', json: clientSecretSchema } },
  errors: [
    'payment.not_configured',
    'order.not_found',
    'order.pay_not_yours',
    'order.already_paid',
    'order.paid_with_other_payment',
    'order.cancelled',
    { key: 'order.expired', params: { hours: '48 hours' } },
    'order.payment_not_prepared',
    'order.too_large_for_card',
    'order.too_small_for_card',
    {
      code: 'validation_failed',
      when: 'the payment stored on the order succeeded but does not belong to it or is for another amount',
    },
    'payment.unreachable',
  ],
});

export const stripeWebhookOp = operation({
  method: 'post',
  path: '/api/webhooks/stripe',
  operationId: 'stripeWebhook',
  tag,
  summary: "Stripe's events",
  description:
    "Stripe sends its events here, signed with STRIPE_WEBHOOK_SECRET over the raw body. `payment_intent.succeeded` marks the order named in the intent's metadata paid, once, when the intent is the one stored on the order with the order's amount; every other event is acknowledged and ignored.",
  access: 'stripe',
  body: {
    raw: {
      contentType: 'application/json',
      schema: z.looseObject({
        id: z.string(),
        type: z.string().meta({ example: 'payment_intent.succeeded' }),
        data: z.looseObject({ object: z.looseObject({}) }),
      }),
    },
    description: 'A Stripe event, exactly as Stripe sent it (the signature covers its bytes).',
  },
  responses: { 200: { description: 'The event was verified.', json: webhookAnswerSchema } },
  errors: [
    {
      key: 'request.too_large',
      params: { limit: `${MAX_WEBHOOK_BYTES / 1024} kB` },
      details: { limitBytes: MAX_WEBHOOK_BYTES },
      when: `the body is larger than ${MAX_WEBHOOK_BYTES / 1024} kB (read before the signature is checked)`,
    },
    {
      key: 'payment.not_configured',
      when: 'STRIPE_SECRET_KEY or STRIPE_WEBHOOK_SECRET is not set',
    },
    'payment.signature_missing',
    'payment.signature_invalid',
  ],
});

export const paymentOperations = [createPaymentIntentOp, stripeWebhookOp];
