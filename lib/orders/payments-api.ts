import { z } from 'zod';
import { MAX_WEBHOOK_BYTES } from '@/lib/security/body';
import { paymentIntentRequestSchema } from '@/lib/orders/schemas';
import { objectIdPath, operation } from '@/lib/core/api/operation';

const orderId = objectIdPath('order id');

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
  outcome: z.enum(['paid', 'already_paid', 'recorded', 'ignored']).meta({
    description:
      'What the event did: marked its order (or invoice) paid, found it paid already, recorded a step of a payment under way (a bank transfer partly arrived, an invoice payment that failed, a void), or nothing (another event type, or an object that is not ours).',
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
    'order.on_account',
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
    "Stripe sends its events here, signed with STRIPE_WEBHOOK_SECRET over the raw body. `payment_intent.succeeded` marks the order named in the intent's metadata paid, once, when the intent is the one stored on the order with the order's amount (a card payment or a bank transfer fully arrived); `payment_intent.partially_funded` records what is still to arrive of a bank transfer; `invoice.paid`, `invoice.payment_failed`, `invoice.voided` and `invoice.marked_uncollectible` update the store's own invoices on account (a replayed `invoice.paid` pays once); every other event is acknowledged and ignored.",
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

const accountSchema = z.object({
  type: z.string().meta({ description: '`aba` (US routing and account number) or `swift`.' }),
  bankName: z.string().nullable(),
  accountHolderName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  routingNumber: z.string().nullable(),
  swiftCode: z.string().nullable(),
  networks: z.array(z.string()).meta({ example: ['ach', 'domestic_wire_us'] }),
});

export const bankTransferSchema = z
  .object({
    amountRemainingCents: z.number().int().meta({
      description: 'What is still to arrive, in US cents (the whole amount until a part arrives).',
    }),
    amountCents: z.number().int().meta({ description: 'The order total, in US cents.' }),
    currency: z.string().meta({ example: 'usd' }),
    reference: z.string().nullable().meta({
      description: 'To quote in the transfer, so that it is matched to this order.',
    }),
    hostedInstructionsUrl: z.string().nullable().meta({
      description: 'Stripe’s own page of the same instructions.',
    }),
    accounts: z.array(accountSchema),
  })
  .meta({ id: 'BankTransferInstructions' });

export const bankTransferOp = operation({
  method: 'post',
  path: '/api/orders/{id}/bank-transfer',
  operationId: 'payByBankTransfer',
  tag,
  summary: 'Pay an order by bank transfer',
  description:
    "The bank account and reference to pay an unpaid order by bank transfer (Stripe's customer balance, `us_bank_transfer`), for any amount, also above the largest card payment; for whoever may pay the order (its buyer, a member of its company whose role pays, an admin). The first call replaces a card payment prepared before; asking never stretches the order's hold past what its placer's account holds from its placing (an unverified account: UNVERIFIED_HOLD_MINUTES), and once money has arrived an order of a verified account is held 7 days from then for the rest; later calls answer the same instructions with what is still to arrive. The order turns paid when Stripe reports the whole amount arrived (`payment_intent.succeeded`).",
  access: 'user',
  params: { path: z.object({ id: orderId }) },
  responses: { 200: { description: 'The instructions.', json: bankTransferSchema } },
  errors: [
    'payment.not_configured',
    'order.not_found',
    'order.pay_not_yours',
    'order.already_paid',
    'order.cancelled',
    'order.awaiting_approval',
    'order.on_account',
    { key: 'order.expired', params: { hours: '48 hours' } },
    'order.payment_not_prepared',
    'payment.unreachable',
  ],
});

export const paymentOperations = [createPaymentIntentOp, stripeWebhookOp, bankTransferOp];
