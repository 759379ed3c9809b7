import { ObjectId } from 'mongodb';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSessionId } from '@/lib/accounts/claims';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe';
import type { Actor } from '../support/users';

// Unpaid orders that expire, the unpaid-orders cap, the per-user order rate limit, the stock
// refusal message, and ownership by user id. Card payments run against the local Stripe
// stand-in (no webhooks: nothing but the app's own calls changes an order). The environment is
// set BEFORE any lib module is imported (lib/core/env parses it once), so app modules are imported
// dynamically in beforeAll.

const MAX_UNPAID = 5;
const TTL_HOURS = 48;
const HOUR = 60 * 60 * 1000;

type Who = { headers: Record<string, string> };
type Calls = typeof import('../support/orders');
type Factories = typeof import('../support/factories');

let standIn: StripeStandIn;
let stripe: Stripe;
let app: {
  db: typeof import('../support/db');
  migrations: typeof import('@/lib/startup/migrations');
  users: typeof import('../support/users');
  userData: typeof import('@/lib/accounts/store/users');
  token: typeof import('@/lib/accounts/token');
  orders: typeof import('@/lib/orders/store');
  lifecycle: typeof import('@/lib/orders');
  user: typeof import('@/app/api/user/[email]/route');
};
let api: Calls;
let jobs: typeof import('@/lib/core/jobs');
let make: Factories;
let a: Actor;
let b: Actor;
let admin: Actor;

beforeAll(async () => {
  ({ standIn, stripe } = await startStripeStandIn());
  Object.assign(process.env, {
    UNPAID_ORDER_TTL_HOURS: String(TTL_HOURS),
    MAX_UNPAID_ORDERS: String(MAX_UNPAID),
  });
  app = {
    db: await import('../support/db'),
    migrations: await import('@/lib/startup/migrations'),
    users: await import('../support/users'),
    userData: await import('@/lib/accounts/store/users'),
    token: await import('@/lib/accounts/token'),
    orders: await import('@/lib/orders/store'),
    lifecycle: await import('@/lib/orders'),
    user: await import('@/app/api/user/[email]/route'),
  };
  api = await import('../support/orders');
  jobs = await import('@/lib/core/jobs');
  make = await import('../support/factories');
  ({ a, b, admin } = await app.users.buyersAndAdmin());
  // The cap and the lifetime tested here are a verified account's (MAX_UNPAID_ORDERS,
  // UNPAID_ORDER_TTL_HOURS); an unverified account's have their own tests (unverified-holds).
  for (const buyer of [a, b]) await app.userData.markEmailVerified(buyer.user.id, buyer.user.email);
});

afterAll(async () => {
  await standIn?.stop();
  await app?.db.closeConnection();
});

async function collections() {
  return app.db.collections(await app.db.getDb());
}

const addProduct = async (availableQuantity = 10_000) =>
  (await make.makeProduct({ availableQuantity }))._id;

/** Makes an order look as if it was placed `hours` ago. */
const age = (id: string, hours = TTL_HOURS + 1) =>
  make.backdateOrder(id, new Date(Date.now() - hours * HOUR));

const place = (who: Who, productId: string, quantity: unknown = 1_000) =>
  api.placeOrder(who, { productId, quantity, address: '7 Rolling Mill Way', phone: '5550199' });

async function placeFor(who: Who, productId: string, quantity = 1_000) {
  const res = await place(who, productId, quantity);
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

const patch = (who: Who, id: string, transactionId: string) =>
  api.recordPayment(who, id, { order: id, transactionId });

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;
const idsOf = (orders: Array<{ _id: string }>) => orders.map((order) => order._id);

/** A new account with a chosen email, signed in with a bearer token. */
async function actorWithEmail(email: string): Promise<Who & { user: { id: string } }> {
  const password = 'a-long-enough-password';
  const created = await app.userData.createPasswordUser({ name: 'New Owner', email, password });
  if (!created.ok) throw new Error(created.reason);
  const user = created.user;
  const token = app.token.issueAccessToken(user, newSessionId());
  return { user, headers: { Authorization: `Bearer ${token}` } };
}

/** A new buyer whose email is verified: the cap tested here is MAX_UNPAID_ORDERS. */
async function verifiedActor(name: string): Promise<Actor> {
  const actor = await app.users.createActor('user', name);
  await app.userData.markEmailVerified(actor.user.id, actor.user.email);
  return actor;
}

/** Forgets when this process last swept, so the next order request sweeps at once. */
describe('unpaid orders expire', () => {
  it('an expired unpaid order returns its stock once, also when two sweeps run at once', async () => {
    const productId = await addProduct(10_000);
    const expired = await placeFor(a, productId, 1_000);
    const fresh = await placeFor(a, productId, 2_000);
    expect(await api.stockOf(productId)).toBe(7_000);
    await age(expired);
    await age(fresh, TTL_HOURS - 1);

    await Promise.all([app.lifecycle.expireOverdueOrders(), app.lifecycle.expireOverdueOrders()]);
    expect(await api.stockOf(productId)).toBe(8_000);
    expect(await api.orderDoc(expired)).toMatchObject({
      paid: false,
      cancelReason: 'expired',
      cancelledAt: expect.any(Date),
    });
    expect((await api.orderDoc(fresh))!.cancelledAt).toBeUndefined();

    // Later sweeps, a direct expiry and a delete change nothing more.
    await app.lifecycle.expireOverdueOrders();
    const record = (await app.orders.findOrder(expired))!;
    expect(await app.lifecycle.expireOrder(record)).toBe('kept');
    expect(await app.orders.cancelOverdueOrder(expired, null, new Date())).toBe(false);
    const deleted = await api.deleteOrder(a, expired);
    expect(deleted.status).toBe(409);
    expect(deleted.body.error.message).toMatch(/expired/);
    expect(await api.stockOf(productId)).toBe(8_000);
    expect(await api.orderDoc(expired)).not.toBeNull();
  });

  it('ten concurrent sweeps over several expired orders return each stock exactly once', async () => {
    const productId = await addProduct(10_000);
    const ids = [];
    for (let i = 0; i < 4; i += 1) ids.push(await placeFor(b, productId, 500));
    for (const id of ids) await age(id);
    expect(await api.stockOf(productId)).toBe(8_000);
    const counts = await Promise.all(
      Array.from({ length: 10 }, () => app.lifecycle.expireOverdueOrders()),
    );
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(4);
    expect(await api.stockOf(productId)).toBe(10_000);
  });

  it('an expired order is not listed, cannot be paid, and the API says it expired', async () => {
    const productId = await addProduct();
    const id = await placeFor(a, productId);
    await age(id);
    await app.lifecycle.expireOverdueOrders();

    expect(idsOf((await api.ordersByEmail(a, a.user.email)).body)).not.toContain(id);
    expect(idsOf((await api.ordersByEmail(admin, a.user.email)).body)).not.toContain(id);
    expect(idsOf((await api.allOrders(admin)).body)).not.toContain(id);

    const shown = await api.getOrder(a, id);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ _id: id, paid: false, cancelReason: 'expired' });
    expect(shown.body.cancelledAt).toEqual(expect.any(String));

    const intent = await api.createPaymentIntent(a, id);
    expect(intent.status).toBe(409);
    expect(intent.body.error).toEqual({
      code: 'conflict',
      message: app.lifecycle.orderExpiredMessage(),
    });
    expect(app.lifecycle.orderExpiredMessage()).toContain(`${TTL_HOURS} hours`);
    expect((await patch(a, id, 'pi_anything')).status).toBe(409);

    expect(await app.orders.attachPaymentIntent(id, null, 'pi_late')).toBe(false);
    await (
      await collections()
    ).orders.updateOne({ _id: new ObjectId(id) }, { $set: { paymentIntentId: 'pi_late' } });
    expect(await app.orders.markOrderPaid(id, 'pi_late')).toEqual({
      ok: false,
      reason: 'cancelled',
    });
    expect((await api.orderDoc(id))!.paid).toBe(false);
  });

  it('paying or viewing an order past its time expires it at once, without waiting for a sweep', async () => {
    const productId = await addProduct(10_000);
    const id = await placeFor(a, productId);
    await age(id);
    const intent = await api.createPaymentIntent(a, id);
    expect(intent.status).toBe(409);
    expect(intent.body.error.message).toBe(app.lifecycle.orderExpiredMessage());
    expect(await api.stockOf(productId)).toBe(10_000);
    expect((await api.orderDoc(id))!.paymentIntentId).toBeUndefined();

    const viewed = await placeFor(a, productId);
    await age(viewed);
    expect((await api.getOrder(a, viewed)).body.cancelReason).toBe('expired');
    expect(await api.stockOf(productId)).toBe(10_000);
  });

  it('an expired order’s stock can be ordered once the expiry job ran; placing never waits for it', async () => {
    const productId = await addProduct(1_000);
    const id = await placeFor(a, productId, 1_000);
    expect((await place(b, productId, 1_000)).status).toBe(422);
    await age(id);
    // No request runs the expiry: it is a background job (lib/core/jobs.ts).
    expect((await place(b, productId, 1_000)).status).toBe(422);
    expect((await api.orderDoc(id))!.status).toBe('unpaid');
    expect(await jobs.runJobNow(app.lifecycle.EXPIRY_JOB)).toBe('ran');
    expect((await api.orderDoc(id))!.cancelReason).toBe('expired');
    expect((await place(b, productId, 1_000)).status).toBe(201);
    expect(await api.stockOf(productId)).toBe(0);
  });

  it('an expired order with a payment intent is cancelled at Stripe first, then its stock returns', async () => {
    const productId = await addProduct(10_000);
    const id = await placeFor(a, productId);
    const { body } = await api.createPaymentIntent(a, id);
    const intentId = intentIdOf(body.clientSecret);
    await age(id);

    await Promise.all([app.lifecycle.expireOverdueOrders(), app.lifecycle.expireOverdueOrders()]);
    expect(standIn.state.paymentIntents.get(intentId)!.status).toBe('canceled');
    expect(await api.orderDoc(id)).toMatchObject({
      paymentIntentId: intentId,
      cancelReason: 'expired',
    });
    expect(await api.stockOf(productId)).toBe(10_000);
    await expect(
      stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' }),
    ).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('an expired order whose intent already succeeded is settled as paid, not cancelled', async () => {
    const productId = await addProduct(10_000);
    const id = await placeFor(a, productId);
    const { body } = await api.createPaymentIntent(a, id);
    const intentId = intentIdOf(body.clientSecret);
    await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
    await age(id);

    await app.lifecycle.expireOverdueOrders();
    const doc = await api.orderDoc(id);
    expect(doc).toMatchObject({ paid: true, transactionId: intentId });
    expect(doc!.cancelledAt).toBeUndefined();
    expect(await api.stockOf(productId)).toBe(9_000);
  });
});

describe('the unpaid-orders cap', () => {
  it(`refuses order ${MAX_UNPAID + 1} with 409 until one is paid, deleted or expired`, async () => {
    const buyer = await verifiedActor('Capped Buyer');
    const productId = await addProduct(100_000);
    const ids = [];
    for (let i = 0; i < MAX_UNPAID; i += 1) ids.push(await placeFor(buyer, productId, 500));

    const refused = await place(buyer, productId, 500);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('conflict');
    expect(refused.body.error.message).toBe(
      `You already have ${MAX_UNPAID} unpaid orders. Please pay or delete one of them before placing another.`,
    );
    expect(await api.stockOf(productId)).toBe(100_000 - MAX_UNPAID * 500);
    // Another buyer is not affected.
    expect((await place(b, productId, 500)).status).toBe(201);

    expect((await api.deleteOrder(buyer, ids[0]!)).status).toBe(200);
    expect((await place(buyer, productId, 500)).status).toBe(201);
    expect((await place(buyer, productId, 500)).status).toBe(409);

    await age(ids[1]!);
    await app.lifecycle.expireOverdueOrders();
    expect((await place(buyer, productId, 500)).status).toBe(201);
  });

  it('a concurrent burst cannot exceed the cap, and refused orders hold no stock', async () => {
    const buyer = await verifiedActor('Bursting Buyer');
    const productId = await addProduct(100_000);
    const results = await Promise.all(
      Array.from({ length: 4 * MAX_UNPAID }, () => place(buyer, productId, 500)),
    );
    const placed = results.filter((result) => result.status === 201).length;
    expect(placed).toBeGreaterThan(0);
    expect(placed).toBeLessThanOrEqual(MAX_UNPAID);
    for (const result of results.filter((result) => result.status !== 201)) {
      expect(result.status).toBe(409);
    }
    const { orders } = await collections();
    expect(await orders.countDocuments({ userId: new ObjectId(buyer.user.id), paid: false })).toBe(
      placed,
    );
    expect(await api.stockOf(productId)).toBe(100_000 - placed * 500);
  });
});

describe('POST /api/order rate limit', () => {
  it('answers 429 after 60 orders in an hour by one user, other users unaffected', async () => {
    const buyer = await app.users.createActor('user', 'Hasty Buyer');
    const productId = await addProduct();
    // Invalid orders count too: each attempt is a request.
    for (let i = 0; i < 60; i += 1) {
      expect((await place(buyer, productId, 100)).status).toBe(422);
    }
    const limited = await place(buyer, productId, 1_000);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.body.error.message).toMatch(/Too many requests/);
    expect(await api.stockOf(productId)).toBe(10_000);
    expect((await place(b, productId, 1_000)).status).toBe(201);
  });
});

describe('the stock refusal message', () => {
  it('hides the figure for a quantity far above the stock and states it near the stock', async () => {
    const productId = await addProduct(1_000);
    const huge = await place(a, productId, 5_000_000);
    expect(huge.status).toBe(422);
    expect(huge.body.error.details.fields.quantity).toEqual([
      'There is not enough stock for this quantity',
    ]);
    expect(JSON.stringify(huge.body)).not.toContain('1000');

    const near = await place(a, productId, 1_500);
    expect(near.body.error.details.fields.quantity[0]).toMatch(/^Only 1000 available/);
    expect(await api.stockOf(productId)).toBe(1_000);
  });
});

describe('ownership by user id', () => {
  it("a removed user's orders are not readable by a new account with the same email", async () => {
    const first = await app.users.createActor('user', 'Former Owner');
    const email = first.user.email;
    const id = await placeFor(first, await addProduct());
    expect((await api.getOrder(first, id)).status).toBe(200);

    const removed = await api.json(
      app.user.DELETE(
        app.users.request(`/api/user/${email}`, { method: 'DELETE', headers: admin.headers }),
        app.users.params({ email }),
      ),
    );
    expect(removed.status).toBe(200);

    const next = await actorWithEmail(email);
    expect(next.user.id).not.toBe(first.user.id);
    const mine = await api.ordersByEmail(next, email);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([]);
    expect((await api.getOrder(next, id)).status).toBe(403);
    expect((await api.deleteOrder(next, id)).status).toBe(403);
    expect((await api.createPaymentIntent(next, id)).status).toBe(403);
    expect((await patch(next, id, 'pi_anything')).status).toBe(403);

    // The admin still sees them: in every order, and by the email.
    expect(idsOf((await api.allOrders(admin)).body)).toContain(id);
    expect(idsOf((await api.ordersByEmail(admin, email)).body)).toContain(id);
    expect((await api.getOrder(admin, id)).status).toBe(200);
    expect(await api.orderDoc(id)).toMatchObject({ userId: new ObjectId(first.user.id), email });
  });

  it('My Orders lists by user id: an order carrying your email but another id is not yours', async () => {
    const id = await placeFor(b, await addProduct());
    await (
      await collections()
    ).orders.updateOne({ _id: new ObjectId(id) }, { $set: { email: a.user.email } });
    expect(idsOf((await api.ordersByEmail(a, a.user.email)).body)).not.toContain(id);
    expect((await api.getOrder(a, id)).status).toBe(403);
    expect(idsOf((await api.ordersByEmail(b, b.user.email)).body)).toContain(id);
  });
});

describe('runMigrations', () => {
  it('assigns userId to orders that only have an email, and running it twice changes nothing', async () => {
    const db = await app.db.getDb();
    const { orders } = app.db.collections(db);
    const owner = await app.users.createActor('user', 'Early Buyer');
    const later = await app.users.createActor('user', 'Later Account');
    // Orders as they were stored before orders carried their buyer's user id.
    const legacy = async (email: string, createdAt: Date) => {
      const buyer = { id: new ObjectId().toHexString(), name: 'Legacy', email };
      const order = await make.makeOrder(buyer, await make.makeProduct(), { createdAt });
      await make.asOrderWithoutOwner(order._id);
      return new ObjectId(order._id);
    };
    const ownersOrder = await legacy(owner.user.email, new Date());
    const nobodysOrder = await legacy('gone@example.com', new Date());
    // Placed before the account with its email existed: someone else's, whose account is gone.
    const beforeAccount = await legacy(later.user.email, new Date(Date.now() - 30 * 24 * HOUR));

    await app.migrations.runMigrations(db);
    expect((await orders.findOne({ _id: ownersOrder }))!.userId).toEqual(
      new ObjectId(owner.user.id),
    );
    expect((await orders.findOne({ _id: nobodysOrder }))!.userId).toBeNull();
    expect((await orders.findOne({ _id: beforeAccount }))!.userId).toBeNull();
    expect((await api.getOrder(owner, ownersOrder.toHexString())).status).toBe(200);
    expect((await api.getOrder(later, beforeAccount.toHexString())).status).toBe(403);

    const snapshot = await orders.find({}).sort({ _id: 1 }).toArray();
    await app.migrations.runMigrations(db);
    expect(await orders.find({}).sort({ _id: 1 }).toArray()).toEqual(snapshot);

    // An account created afterwards with the orphan's email does not get it either.
    const newcomer = await actorWithEmail('gone@example.com');
    await app.migrations.runMigrations(db);
    expect((await orders.findOne({ _id: nobodysOrder }))!.userId).toBeNull();
    expect((await api.getOrder(newcomer, nobodysOrder.toHexString())).status).toBe(403);
  });
});
