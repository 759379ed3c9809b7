import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppWebhookServer, startStripeStandIn } from '../support/stripe';
import type { Actor } from '../support/users';

// Paying a prepaid order by bank transfer against the Stripe stand-in with the real SDK: an
// order too large for a card gets a customer-balance PaymentIntent with the bank details and a
// reference; a partial transfer is recorded from the signed `payment_intent.partially_funded`
// and the page's remainder follows it; the rest pays the order from `payment_intent.succeeded`
// (once, its amount checked); a card intent prepared before is cancelled; others are refused.

let webhookRoute: typeof import('@/app/api/webhooks/stripe/route').POST | undefined;
const app = await startAppWebhookServer(async () => webhookRoute!);
const { standIn, stripe } = await startStripeStandIn({ appUrl: app.url });

let db: typeof import('../support/db');
let users: typeof import('../support/users');
let api: typeof import('../support/orders');
let factories: typeof import('../support/factories');
let buyer: Actor;
let other: Actor;

beforeAll(async () => {
  webhookRoute = (await import('@/app/api/webhooks/stripe/route')).POST;
  db = await import('../support/db');
  users = await import('../support/users');
  api = await import('../support/orders');
  factories = await import('../support/factories');
  buyer = await users.createActor('user', 'Bea Banks');
  other = await users.createActor('user', 'Otto Other');
  await factories.verifyEmail(buyer.user);
  await factories.verifyEmail(other.user);
});

afterAll(async () => {
  await standIn.stop();
  await app.close();
  await db?.closeConnection();
});

const transfer = (who: Actor, id: string) => api.requestBankTransfer(who, id);

/** An order of 500 units at `priceCents` each. */
async function orderAt(priceCents: number): Promise<string> {
  const product = await factories.makeProduct({
    price: priceCents / 100,
    availableQuantity: 5_000,
  });
  const placed = await api.placeOrder(buyer, {
    productId: product._id,
    quantity: 500,
    address: '1 Wire Lane, Leeds',
    phone: '01132345678',
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.insertedId as string;
}

const customerOf = (who: Actor) => api.customerIdOf(who.user.id);
const waitFor = <T>(probe: () => Promise<T>, accept: (value: T) => boolean) =>
  api.waitFor(probe, accept);

describe('paying by bank transfer', () => {
  it('pays an order too large for a card: instructions, a partial transfer, then the rest', async () => {
    // 500 x $5,000.00 = $2,500,000.00: above the largest card payment.
    const id = await orderAt(500_000);
    expect((await api.createPaymentIntent(buyer, id)).status).toBe(422);

    const first = await transfer(buyer, id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      amountCents: 250_000_000,
      amountRemainingCents: 250_000_000,
      currency: 'usd',
      reference: expect.any(String),
    });
    expect(first.body.accounts[0]).toMatchObject({
      type: 'aba',
      routingNumber: expect.any(String),
      accountNumber: expect.any(String),
    });
    // Asked again: the same intent and reference.
    const again = await transfer(buyer, id);
    expect(again.body.reference).toBe(first.body.reference);
    const doc = await api.orderDoc(id);
    expect(doc?.bankTransfer?.remainingCents).toBe(250_000_000);
    // Asking for the details does not stretch the order's hold: it keeps its placer's own.
    const { env } = await import('@/lib/core/env');
    expect(doc!.expiresAt!.getTime()).toBe(
      doc!.createdAt.getTime() + env.UNPAID_ORDER_TTL_HOURS * 3_600_000,
    );

    const customer = await customerOf(buyer);
    await stripe.testHelpers.customers.fundCashBalance(customer, {
      amount: 100_000_000,
      currency: 'usd',
      reference: first.body.reference,
    });
    const partly = await waitFor(
      () => api.orderDoc(id),
      (order) => order?.bankTransfer?.remainingCents === 150_000_000,
    );
    expect(partly?.bankTransfer?.remainingCents).toBe(150_000_000);
    expect(partly?.paid).toBe(false);
    // Money has arrived: the order holds its stock for a transfer's days from then.
    expect(partly!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 6.9 * 24 * 3_600_000);
    expect((await transfer(buyer, id)).body.amountRemainingCents).toBe(150_000_000);
    // Money has arrived: the buyer cannot leave the transfer for a card.
    expect((await api.createPaymentIntent(buyer, id)).status).toBe(422);

    await stripe.testHelpers.customers.fundCashBalance(customer, {
      amount: 150_000_000,
      currency: 'usd',
      reference: first.body.reference,
    });
    const paid = await waitFor(
      () => api.orderDoc(id),
      // The invoice number is issued just after the payment is recorded.
      (order) => order?.paid === true && Boolean(order.invoiceNumber),
    );
    expect(paid).toMatchObject({ paid: true, status: 'paid' });
    expect(paid?.transactionId).toMatch(/^pi_/);
    expect(paid?.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    expect((await transfer(buyer, id)).status).toBe(409);
  });

  it('replaces a card payment prepared before, which can then no longer be paid', async () => {
    const id = await orderAt(1_480);
    const card = await api.createPaymentIntent(buyer, id);
    expect(card.status).toBe(200);
    const cardIntent = (card.body.clientSecret as string).split('_secret_')[0]!;
    const shown = await transfer(buyer, id);
    expect(shown.status).toBe(200);
    expect((await stripe.paymentIntents.retrieve(cardIntent)).status).toBe('canceled');
    const doc = await api.orderDoc(id);
    expect(doc?.paymentIntentId).not.toBe(cardIntent);
    // Back to a card before anything arrived: a new card intent, the transfer cancelled.
    const back = await api.createPaymentIntent(buyer, id);
    expect(back.status).toBe(200);
    expect((await stripe.paymentIntents.retrieve(doc!.paymentIntentId!)).status).toBe('canceled');
    expect((await api.orderDoc(id))?.bankTransfer).toBeUndefined();
  });

  it('is refused to another buyer (403), for an unknown order (404) and for a cancelled one (409)', async () => {
    const id = await orderAt(1_480);
    expect((await transfer(other, id)).status).toBe(403);
    expect((await transfer(buyer, new ObjectId().toHexString())).status).toBe(404);
    expect((await api.deleteOrder(buyer, id)).status).toBeLessThan(300);
    const gone = await transfer(buyer, id);
    expect([404, 409]).toContain(gone.status);
    expect(gone.body.error).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
    });
  });

  it('ignores a partial funding report for an intent that is not the order’s', async () => {
    const { applyPaymentEvent } = await import('@/lib/orders');
    const id = await orderAt(1_480);
    await transfer(buyer, id);
    const outcome = await applyPaymentEvent(
      {
        id: 'evt_forged',
        created: Math.floor(Date.now() / 1000),
        type: 'payment_intent.partially_funded',
        data: {
          object: {
            id: 'pi_not_this_orders',
            metadata: { orderId: id },
            next_action: {
              type: 'display_bank_transfer_instructions',
              display_bank_transfer_instructions: { amount_remaining: 1 },
            },
          },
        },
      } as never,
      'http://127.0.0.1:3000',
    );
    expect(outcome).toBe('ignored');
    expect((await api.orderDoc(id))?.bankTransfer?.remainingCents).toBe(740_000);
  });
});
