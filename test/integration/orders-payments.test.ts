import { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppWebhookServer, startStripeStandIn, type StripeStandIn } from '../support/stripe';
import type { Actor } from '../support/users';

// Card payments against the local Stripe stand-in with the real `stripe` SDK. The stand-in is
// started first and the environment pointed at it BEFORE any lib module is imported (lib/core/env
// parses the environment once), so every app module is imported dynamically in beforeAll.

type Who = { headers: Record<string, string> };
type Calls = typeof import('../support/orders');
type Factories = typeof import('../support/factories');

let standIn: StripeStandIn;
let appServer: Awaited<ReturnType<typeof startAppWebhookServer>>;
let stripe: Stripe;
let app: {
  db: typeof import('../support/db');
  users: typeof import('../support/users');
  placeOrder: typeof import('@/app/api/order/route');
  orderById: typeof import('@/app/api/order/[emailOrId]/route');
  order: typeof import('@/app/api/orders/[id]/route');
  allOrders: typeof import('@/app/api/allOrder/route');
  intent: typeof import('@/app/api/create-payment-intent/route');
  webhook: typeof import('@/app/api/webhooks/stripe/route');
};
let api: Calls;
let make: Factories;
let a: Actor;
let b: Actor;
let admin: Actor;
const anonymous: Who = { headers: {} };

beforeAll(async () => {
  // The app's webhook endpoint over real HTTP, so the stand-in delivers signed events to it.
  appServer = await startAppWebhookServer(async () => app.webhook.POST);
  ({ standIn, stripe } = await startStripeStandIn({ appUrl: appServer.url }));
  app = {
    db: await import('../support/db'),
    users: await import('../support/users'),
    placeOrder: await import('@/app/api/order/route'),
    orderById: await import('@/app/api/order/[emailOrId]/route'),
    order: await import('@/app/api/orders/[id]/route'),
    allOrders: await import('@/app/api/allOrder/route'),
    intent: await import('@/app/api/create-payment-intent/route'),
    webhook: await import('@/app/api/webhooks/stripe/route'),
  };
  api = await import('../support/orders');
  make = await import('../support/factories');
  ({ a, b, admin } = await app.users.buyersAndAdmin());
  // Verified buyers: an unverified account holds at most 3 unpaid orders (unverified-holds).
  await Promise.all([make.verifyEmail(a.user), make.verifyEmail(b.user)]);
});

afterAll(async () => {
  await standIn?.stop();
  await appServer?.close();
  await app?.db.closeConnection();
});

const json = (response: Response | Promise<Response>) => api.json(response);

async function collections() {
  return app.db.collections(await app.db.getDb());
}

const addProduct = async (priceCents = 1_480) =>
  (
    await make.makeProduct({
      name: 'Sealed Ball Bearing 6204-2RS',
      description: 'Deep-groove ball bearings with rubber seals on both sides.',
      picture: '/images/products/ball-bearing.webp',
      price: priceCents / 100,
      availableQuantity: 18_000,
    })
  )._id;

async function placeFor(who: Who, quantity = 1_000, priceCents = 1_480) {
  const productId = await addProduct(priceCents);
  const res = await api.placeOrder(who, {
    productId,
    quantity,
    address: '1 Mill Road',
    phone: '5550100',
    price: 0.5,
  });
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

const orderDoc = (id: string) => api.orderDoc(id);
const createIntent = (who: Who, orderId: string, price: unknown = 1) =>
  api.createPaymentIntent(who, orderId, price);
const patch = (who: Who, id: string, body: unknown) => api.recordPayment(who, id, body);
const remove = (who: Who, id: string) => api.deleteOrder(who, id);

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

/** Pays the order's intent the way the browser does, without telling the app. */
async function payAtStripe(clientSecret: string, paymentMethod = 'pm_card_visa') {
  return stripe.paymentIntents.confirm(intentIdOf(clientSecret), { payment_method: paymentMethod });
}

async function waitFor<T>(probe: () => Promise<T>, accept: (value: T) => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs `body` with webhook deliveries recorded but not sent. */
async function withoutWebhooks<T>(body: () => Promise<T>): Promise<T> {
  standIn.pauseWebhooks();
  try {
    return await body();
  } finally {
    standIn.resumeWebhooks();
  }
}

describe('POST /api/create-payment-intent', () => {
  it('answers 401 anonymous, 403 to another buyer, the client secret to the owner and an admin', async () => {
    const id = await placeFor(a);
    expect((await createIntent(anonymous, id)).status).toBe(401);
    const other = await createIntent(b, id);
    expect(other.status).toBe(403);
    const own = await createIntent(a, id);
    expect(own.status).toBe(200);
    expect(Object.keys(own.body)).toEqual(['clientSecret']);
    expect(own.body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const asAdmin = await createIntent(admin, id);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.clientSecret).toBe(own.body.clientSecret);
  });

  it('answers 404 for an unknown order and 422 for a malformed id or body', async () => {
    expect((await createIntent(a, new ObjectId().toHexString())).status).toBe(404);
    expect((await createIntent(a, 'nope')).status).toBe(422);
    expect((await createIntent(a, (await placeFor(a)) as string, { $gt: 0 })).status).toBe(422);
  });

  it('takes the amount from the order, never from the price in the body', async () => {
    const id = await placeFor(a, 1_000, 1_480);
    const res = await createIntent(a, id, 0.5);
    const intent = await stripe.paymentIntents.retrieve(intentIdOf(res.body.clientSecret));
    expect(intent.amount).toBe(1_480_000);
    expect(intent.currency).toBe('usd');
    expect(intent.metadata.orderId).toBe(id);
    expect((await orderDoc(id))!.paymentIntentId).toBe(intent.id);
  });

  it('creates the intent once: concurrent loads and reloads share it', async () => {
    const id = await placeFor(a);
    const results = await Promise.all(Array.from({ length: 6 }, () => createIntent(a, id)));
    const secrets = new Set(results.map((result) => result.body.clientSecret));
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(secrets.size).toBe(1);
    const reload = await createIntent(a, id);
    expect(reload.body.clientSecret).toBe([...secrets][0]);
    const forOrder = [...standIn.state.paymentIntents.values()].filter(
      (intent) => intent.metadata.orderId === id,
    );
    expect(forOrder).toHaveLength(1);
  });

  it('answers 409 for a paid order', async () => {
    const id = await placeFor(a);
    const { body } = await createIntent(a, id);
    await payAtStripe(body.clientSecret);
    await waitFor(
      () => orderDoc(id),
      (doc) => doc!.paid,
    );
    const res = await createIntent(a, id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('conflict');
  });

  it('answers 422 for an order larger than one card payment allows', async () => {
    const id = await placeFor(a, 15_000, 8_950);
    const res = await createIntent(a, id);
    expect(res.status).toBe(422);
    expect((await orderDoc(id))!.paymentIntentId).toBeUndefined();
  });
});

describe('PATCH /api/order/{id}', () => {
  it('marks the order paid only after the intent succeeded, for its owner or an admin', async () => {
    await withoutWebhooks(async () => {
      const id = await placeFor(a);
      const { body } = await createIntent(a, id);
      const transactionId = intentIdOf(body.clientSecret);
      const payload = { order: id, transactionId };

      expect((await patch(anonymous, id, payload)).status).toBe(401);
      expect((await patch(b, id, payload)).status).toBe(403);

      const unpaid = await patch(a, id, payload);
      expect(unpaid.status).toBe(409);
      expect((await orderDoc(id))!.paid).toBe(false);

      await payAtStripe(body.clientSecret);
      const paid = await patch(a, id, payload);
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ _id: id, paid: true, transactionId });
      expect(paid.body).not.toHaveProperty('paymentIntentId');

      const again = await patch(a, id, payload);
      expect(again.status).toBe(200);
      expect(again.body.transactionId).toBe(transactionId);

      const otherId = await patch(a, id, { order: id, transactionId: 'pi_somethingelse' });
      expect(otherId.status).toBe(409);
      expect((await orderDoc(id))!.transactionId).toBe(transactionId);

      const second = await placeFor(a);
      const secret = (await createIntent(a, second)).body.clientSecret;
      await payAtStripe(secret);
      const byAdmin = await patch(admin, second, { transactionId: intentIdOf(secret) });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.paid).toBe(true);
    });
  });

  it("refuses a foreign intent: another order's succeeded payment", async () => {
    await withoutWebhooks(async () => {
      const mine = await placeFor(a);
      await createIntent(a, mine);
      const theirs = await placeFor(b);
      const theirSecret = (await createIntent(b, theirs)).body.clientSecret;
      await payAtStripe(theirSecret);

      const res = await patch(a, mine, { order: mine, transactionId: intentIdOf(theirSecret) });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields.transactionId).toBeDefined();
      expect((await orderDoc(mine))!.paid).toBe(false);
    });
  });

  it('refuses an intent naming the order that is not the one stored on it', async () => {
    await withoutWebhooks(async () => {
      const id = await placeFor(a);
      await createIntent(a, id);
      const order = await orderDoc(id);
      const stray = await stripe.paymentIntents.create({
        amount: order!.totalCents,
        currency: 'usd',
        metadata: { orderId: id },
      });
      await stripe.paymentIntents.confirm(stray.id, { payment_method: 'pm_card_visa' });
      const res = await patch(a, id, { order: id, transactionId: stray.id });
      expect(res.status).toBe(422);
      expect((await orderDoc(id))!.paid).toBe(false);
    });
  });

  it('refuses an intent whose amount is not the order total', async () => {
    await withoutWebhooks(async () => {
      const id = await placeFor(a);
      const secret = (await createIntent(a, id)).body.clientSecret;
      await stripe.paymentIntents.update(intentIdOf(secret), { amount: 100 });
      await payAtStripe(secret);
      const res = await patch(a, id, { order: id, transactionId: intentIdOf(secret) });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toMatch(/amount/);
      expect((await orderDoc(id))!.paid).toBe(false);
    });
  });

  it('leaves an order unpaid after a declined card', async () => {
    await withoutWebhooks(async () => {
      const id = await placeFor(a);
      const secret = (await createIntent(a, id)).body.clientSecret;
      await expect(payAtStripe(secret, 'pm_card_chargeDeclined')).rejects.toMatchObject({
        type: 'StripeCardError',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
      const res = await patch(a, id, { order: id, transactionId: intentIdOf(secret) });
      expect(res.status).toBe(409);
      expect((await orderDoc(id))!.paid).toBe(false);
    });
  });

  it('refuses a body with other fields or a malformed transaction id', async () => {
    const id = await placeFor(a);
    expect((await patch(a, id, { transactionId: 'pi_x', paid: true })).status).toBe(422);
    expect((await patch(a, id, { transactionId: { $ne: null } })).status).toBe(422);
    expect(
      (await patch(a, id, { order: new ObjectId().toHexString(), transactionId: 'pi_x' })).status,
    ).toBe(422);
  });

  it('double clicks mark the order paid once, with one transaction id', async () => {
    await withoutWebhooks(async () => {
      const id = await placeFor(a);
      const secret = (await createIntent(a, id)).body.clientSecret;
      await payAtStripe(secret);
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          patch(a, id, { order: id, transactionId: intentIdOf(secret) }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200, 200]);
      const doc = await orderDoc(id);
      expect(doc).toMatchObject({ paid: true, transactionId: intentIdOf(secret) });
    });
  });
});

describe('POST /api/webhooks/stripe', () => {
  it('marks the order paid from the signed event alone, and a replay changes nothing', async () => {
    const id = await placeFor(a);
    const secret = (await createIntent(a, id)).body.clientSecret;
    await payAtStripe(secret);

    await waitFor(
      () => orderDoc(id),
      (doc) => doc!.paid,
    );
    const delivery = standIn.deliveries.find(
      (candidate) =>
        candidate.event.type === 'payment_intent.succeeded' &&
        candidate.event.data.object.id === intentIdOf(secret),
    )!;
    await waitFor(async () => delivery.delivered, Boolean);
    expect(delivery.delivered).toBe(true);
    // The order as the delivery left it: paid, its invoice number issued, and its mails (sent
    // after the answer from the order's outbox) gone out.
    await (await import('@/lib/core/background')).settleBackgroundWork();
    const paid = await orderDoc(id);
    expect(paid).toMatchObject({ paid: true, transactionId: intentIdOf(secret) });

    const replay = await json(
      app.webhook.POST(
        app.users.request('/api/webhooks/stripe', {
          method: 'POST',
          headers: { 'stripe-signature': delivery.header, 'content-type': 'application/json' },
          body: delivery.payload,
        }),
        app.users.params({}),
      ),
    );
    expect(replay.status).toBe(200);
    expect(replay.body.outcome).toBe('already_paid');
    expect(await orderDoc(id)).toEqual(paid);

    // Delivered again by the stand-in itself, signed anew.
    const again = await standIn.deliver(delivery.event);
    expect(again.delivered).toBe(true);
    expect(await orderDoc(id)).toEqual(paid);
  });

  it('answers 400 to a missing or wrong signature and to a tampered body', async () => {
    const id = await placeFor(a);
    const secret = await withoutWebhooks(async () => {
      const clientSecret = (await createIntent(a, id)).body.clientSecret;
      await payAtStripe(clientSecret);
      return clientSecret;
    });
    const delivery = standIn.deliveries.find(
      (candidate) =>
        candidate.event.data.object.id === intentIdOf(secret) &&
        candidate.event.type === 'payment_intent.succeeded',
    )!;
    const send = (headers: Record<string, string>, body: string) =>
      json(
        app.webhook.POST(
          app.users.request('/api/webhooks/stripe', { method: 'POST', headers, body }),
          app.users.params({}),
        ),
      );
    expect((await send({}, delivery.payload)).status).toBe(400);
    const forged = stripe.webhooks.generateTestHeaderString({
      payload: delivery.payload,
      secret: 'whsec_not_the_secret',
    });
    expect((await send({ 'stripe-signature': forged }, delivery.payload)).status).toBe(400);
    const tampered = delivery.payload.replace(/"amount": \d+/, '"amount": 50');
    expect((await send({ 'stripe-signature': delivery.header }, tampered)).status).toBe(400);
    expect((await orderDoc(id))!.paid).toBe(false);

    // The genuine event, delivered late, does pay it.
    expect((await send({ 'stripe-signature': delivery.header }, delivery.payload)).status).toBe(
      200,
    );
    expect((await orderDoc(id))!.paid).toBe(true);
  });

  it('ignores a succeeded intent with the wrong amount or for an unknown order', async () => {
    const id = await placeFor(a);
    const secret = (await createIntent(a, id)).body.clientSecret;
    await stripe.paymentIntents.update(intentIdOf(secret), { amount: 100 });
    await payAtStripe(secret);
    const delivery = await waitFor(
      async () =>
        standIn.deliveries.find(
          (candidate) =>
            candidate.event.type === 'payment_intent.succeeded' &&
            candidate.event.data.object.id === intentIdOf(secret),
        ),
      (found) => Boolean(found?.delivered),
    );
    expect(delivery?.delivered).toBe(true);
    expect((await orderDoc(id))!.paid).toBe(false);

    const stray = await stripe.paymentIntents.create({
      amount: 5_000,
      currency: 'usd',
      metadata: { orderId: new ObjectId().toHexString() },
    });
    await stripe.paymentIntents.confirm(stray.id, { payment_method: 'pm_card_visa' });
    const strayDelivery = await waitFor(
      async () =>
        standIn.deliveries.find(
          (candidate) =>
            candidate.event.data.object.id === stray.id &&
            candidate.event.type === 'payment_intent.succeeded',
        ),
      (found) => Boolean(found?.delivered),
    );
    expect(strayDelivery?.delivered).toBe(true);
  });
});

describe('DELETE /api/order/{id} with a payment intent', () => {
  it('cancels the intent so the deleted order can no longer be paid', async () => {
    const id = await placeFor(a);
    const productId = (await orderDoc(id))!.productId;
    const secret = (await createIntent(a, id)).body.clientSecret;
    const res = await remove(a, id);
    expect(res.status).toBe(200);
    expect(standIn.state.paymentIntents.get(intentIdOf(secret))!.status).toBe('canceled');
    await expect(payAtStripe(secret)).rejects.toMatchObject({
      code: 'payment_intent_unexpected_state',
    });
    const product = await (await collections()).products.findOne({ _id: productId });
    expect(product!.availableQuantity).toBe(18_000);
  });

  it('refuses with 409 and records the payment when the intent already succeeded', async () => {
    await withoutWebhooks(async () => {
      const id = await placeFor(a);
      const secret = (await createIntent(a, id)).body.clientSecret;
      await payAtStripe(secret);
      const res = await remove(admin, id);
      expect(res.status).toBe(409);
      expect(await orderDoc(id)).toMatchObject({ paid: true, transactionId: intentIdOf(secret) });
    });
  });

  it('answers 409 for a paid order, to the owner and to an admin', async () => {
    const id = await placeFor(a);
    await payAtStripe((await createIntent(a, id)).body.clientSecret);
    await waitFor(
      () => orderDoc(id),
      (doc) => doc!.paid,
    );
    expect((await remove(a, id)).status).toBe(409);
    expect((await remove(admin, id)).status).toBe(409);
    expect(await orderDoc(id)).not.toBeNull();
  });
});

describe('every order endpoint, by caller', () => {
  it('answers the exact statuses to anonymous, buyer A, buyer B and an admin', async () => {
    const id = await placeFor(a);
    const get = (who: Who) =>
      json(
        app.order.GET(
          app.users.request(`/api/orders/${id}`, { headers: who.headers }),
          app.users.params({ id }),
        ),
      ).then((res) => res.status);
    const list = (who: Who) =>
      json(
        app.orderById.GET(
          app.users.request(`/api/order/${a.user.email}`, { headers: who.headers }),
          app.users.params({ emailOrId: a.user.email }),
        ),
      ).then((res) => res.status);
    const all = (who: Who) =>
      json(
        app.allOrders.GET(
          app.users.request('/api/allOrder', { headers: who.headers }),
          app.users.params({}),
        ),
      ).then((res) => res.status);
    const intent = async (who: Who) => (await createIntent(who, id)).status;
    const order = async (who: Who) =>
      (
        await json(
          app.placeOrder.POST(
            app.users.request('/api/order', {
              method: 'POST',
              headers: who.headers,
              json: { productId: await addProduct(), quantity: 500, address: 'x', phone: '1' },
            }),
            app.users.params({}),
          ),
        )
      ).status;

    const table: Record<string, Record<string, number>> = {};
    for (const [name, who] of [
      ['anonymous', anonymous],
      ['buyer A', a],
      ['buyer B', b],
      ['admin', admin],
    ] as const) {
      table[name] = {
        'POST /api/order': await order(who),
        'GET /api/order/{A}': await list(who),
        'GET /api/orders/{A order}': await get(who),
        'GET /api/allOrder': await all(who),
        'POST /api/create-payment-intent {A order}': await intent(who),
        'PATCH /api/order/{A order} unpaid': (
          await patch(who, id, { order: id, transactionId: 'pi_x' })
        ).status,
      };
    }
    const row = (...statuses: number[]) => ({
      'POST /api/order': statuses[0],
      'GET /api/order/{A}': statuses[1],
      'GET /api/orders/{A order}': statuses[2],
      'GET /api/allOrder': statuses[3],
      'POST /api/create-payment-intent {A order}': statuses[4],
      'PATCH /api/order/{A order} unpaid': statuses[5],
    });
    expect(table).toEqual({
      anonymous: row(401, 401, 401, 401, 401, 401),
      'buyer A': row(201, 200, 200, 403, 200, 422),
      'buyer B': row(201, 403, 403, 403, 403, 403),
      admin: row(201, 200, 200, 200, 200, 422),
    });

    const deletes = {
      anonymous: (await remove(anonymous, id)).status,
      'buyer B': (await remove(b, id)).status,
      'buyer A': (await remove(a, id)).status,
      admin: (await remove(admin, await placeFor(a))).status,
    };
    expect(deletes).toEqual({ anonymous: 401, 'buyer B': 403, 'buyer A': 200, admin: 200 });
  });
});
