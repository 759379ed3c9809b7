import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// This file runs with card payments NOT configured; orders-payments.test.ts runs with Stripe.
vi.hoisted(() => {
  for (const name of [
    'STRIPE_SECRET_KEY',
    'NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_BASE',
  ]) {
    delete process.env[name];
  }
  // Buyers here hold many unpaid orders (the 50-order race lands on them at random); the
  // unpaid-orders cap has its own tests in orders-lifecycle-security.test.ts.
  process.env.MAX_UNPAID_ORDERS = '1000';
});

import { closeConnection, collections, getDb } from '../support/db';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import { POST as webhookRoute } from '@/app/api/webhooks/stripe/route';
import { makeProduct, payOrder, verifyEmail } from '../support/factories';
import { buyersAndAdmin, params, request, type Actor } from '../support/users';
import {
  allOrders,
  anonymous,
  createPaymentIntent,
  deleteOrder as remove,
  getOrder,
  ordersByEmail as byEmail,
  placeOrder as place,
  recordPayment,
  stockOf,
  type Who,
} from '../support/orders';

const noParams = params({});

let a: Actor;
let b: Actor;
let admin: Actor;

const orderBody = (productId: string, overrides: Record<string, unknown> = {}) => ({
  productId,
  quantity: 1000,
  address: '12 Foundry Lane, Sheffield',
  phone: '01142345678',
  ...overrides,
});

async function placeFor(who: Actor, productId: string, overrides: Record<string, unknown> = {}) {
  const res = await place(who, orderBody(productId, overrides));
  expect(res.status).toBe(201);
  return res.body.insertedId as string;
}

beforeAll(async () => {
  ({ a, b, admin } = await buyersAndAdmin());
  // Verified buyers: an unverified account holds at most 3 unpaid orders (unverified-holds).
  await Promise.all([verifyEmail(a.user), verifyEmail(b.user)]);
});
afterAll(closeConnection);

describe('POST /api/order', () => {
  it('answers 401 to an anonymous caller and creates nothing', async () => {
    const { _id: productId } = await makeProduct();
    const res = await place(anonymous, orderBody(productId));
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
    expect(await stockOf(productId)).toBe(10_000);
  });

  it('places an order with the product fields from the database and the person from the token', async () => {
    const { _id: productId } = await makeProduct({ price: 14.8, availableQuantity: 18_000 });
    const res = await place(a, orderBody(productId, { quantity: 1000 }));
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['insertedId']);
    expect(res.body.insertedId).toMatch(/^[0-9a-f]{24}$/);

    const { orders } = collections(await getDb());
    const doc = await orders.findOne({ _id: new ObjectId(res.body.insertedId) });
    expect(doc).toMatchObject({
      quantity: 1000,
      userName: 'Buyer A',
      email: a.user.email,
      userId: new ObjectId(a.user.id),
      minimumOrderQuantity: 500,
      availableQuantity: 18_000,
      unitPriceCents: 1_480,
      totalCents: 1_480_000,
      address: '12 Foundry Lane, Sheffield',
      phone: '01142345678',
      paid: false,
    });
    expect(doc!.transactionId).toBeUndefined();
    expect(await stockOf(productId)).toBe(17_000);

    const own = await getOrder(a, res.body.insertedId);
    expect(own.body.price).toBe(14_800);
    expect(own.body.unitPrice).toBe(14.8);
  });

  it('ignores a tampered price, product fields, name and email in the body', async () => {
    const { _id: productId } = await makeProduct({ price: 23.9 });
    const res = await place(
      a,
      orderBody(productId, {
        quantity: 500,
        price: 0.01,
        name: 'Free bolts',
        picture: 'https://evil.example/x.png',
        description: 'nothing',
        minimumOrderQuantity: 1,
        availableQuantity: 999_999_999,
        userName: 'Mallory',
        email: b.user.email,
      }),
    );
    expect(res.status).toBe(201);
    const order = (await getOrder(a, res.body.insertedId)).body;
    expect(order.price).toBe(11_950);
    expect(order.unitPrice).toBe(23.9);
    expect(order.name).toMatch(/^Hex Bolt M8/);
    expect(order.picture).toBe('/images/products/hex-flange-bolt.webp');
    expect(order.minimumOrderQuantity).toBe(500);
    expect(order.availableQuantity).toBe(10_000);
    expect(order.userName).toBe('Buyer A');
    expect(order.email).toBe(a.user.email);
    expect((await byEmail(b, b.user.email)).body).toEqual([]);
  });

  it.each([
    ['quantity below 500', { quantity: 300 }, 'quantity', 'Minimum Order Quantity - 500'],
    ['quantity 100', { quantity: '100' }, 'quantity', 'Minimum Order Quantity - 500'],
    ['a fractional quantity', { quantity: 500.5 }, 'quantity', 'Quantity must be a whole number'],
    ['a non-numeric quantity', { quantity: 'lots' }, 'quantity', 'Quantity must be a number'],
    ['an operator as quantity', { quantity: { $gt: 0 } }, 'quantity', 'Quantity must be a number'],
    ['an empty address', { address: '   ' }, 'address', 'Address is Required'],
    ['a missing address', { address: undefined }, 'address', 'Address is Required'],
    ['a phone with letters', { phone: '0114-CALL-ME' }, 'phone', 'Phone must contain digits only'],
    ['an empty phone', { phone: '' }, 'phone', 'Phone is Required'],
    ['a numeric phone sent as a number', { phone: 1142345678 }, 'phone', 'Phone is Required'],
  ])('answers 422 for %s and reserves nothing', async (_label, overrides, field, message) => {
    const { _id: productId } = await makeProduct();
    const res = await place(a, orderBody(productId, overrides));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.fields[field]).toContain(message);
    expect(await stockOf(productId)).toBe(10_000);
  });

  it("answers 422 below the product's own minimum", async () => {
    const { _id: productId } = await makeProduct({ minimumOrderQuantity: 1_000 });
    const res = await place(a, orderBody(productId, { quantity: 500 }));
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields.quantity).toEqual(['Minimum Order Quantity - 1000']);
    expect(await stockOf(productId)).toBe(10_000);
  });

  it('answers 422 above the available stock', async () => {
    const { _id: productId } = await makeProduct({ availableQuantity: 2_400 });
    const res = await place(a, orderBody(productId, { quantity: 4_000 }));
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields.quantity[0]).toMatch(/Only 2400 available/);
    expect(await stockOf(productId)).toBe(2_400);
  });

  it('refuses fields the payload does not have, such as paid', async () => {
    const { _id: productId } = await makeProduct();
    const res = await place(a, orderBody(productId, { paid: true, transactionId: 'pi_x' }));
    expect(res.status).toBe(422);
    expect(await stockOf(productId)).toBe(10_000);
  });

  it('answers 404 for an unknown product, 422 for a malformed product id, 400 for a non-JSON body', async () => {
    expect((await place(a, orderBody(new ObjectId().toHexString()))).status).toBe(404);
    expect((await place(a, orderBody('{"$ne":null}'))).status).toBe(422);
    const raw = await placeOrderRoute(
      request('/api/order', {
        method: 'POST',
        headers: { ...a.headers, 'Content-Type': 'application/json' },
        body: 'quantity=500',
      }),
      noParams,
    );
    expect(raw.status).toBe(400);
  });

  it('50 concurrent orders against stock for 20 reserve exactly 20 and refuse 30', async () => {
    const { _id: productId } = await makeProduct({
      availableQuantity: 20 * 500,
      minimumOrderQuantity: 500,
    });
    const buyers = [a, b, admin];
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        place(buyers[index % buyers.length]!, orderBody(productId, { quantity: 500 })),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 422)).toHaveLength(30);
    for (const refused of results.filter((result) => result.status === 422)) {
      expect(refused.body.error.details.fields.quantity[0]).toMatch(/Only 0 available/);
    }
    expect(await stockOf(productId)).toBe(0);
    const { orders } = collections(await getDb());
    expect(await orders.countDocuments({ productId: new ObjectId(productId) })).toBe(20);
  });
});

describe('GET /api/order/{email}', () => {
  it('answers 401 anonymous, the own orders, 403 for another buyer, any email for an admin', async () => {
    const { _id: productId } = await makeProduct();
    const id = await placeFor(a, productId);

    expect((await byEmail(anonymous, a.user.email)).status).toBe(401);

    const own = await byEmail(a, a.user.email);
    expect(own.status).toBe(200);
    expect(own.body.map((order: { _id: string }) => order._id)).toContain(id);
    for (const order of own.body) {
      expect(order.email).toBe(a.user.email);
      expect(order).not.toHaveProperty('paymentIntentId');
      expect(order).not.toHaveProperty('totalCents');
      expect(order).not.toHaveProperty('userId');
    }

    const mixedCase = await byEmail(a, a.user.email.toUpperCase());
    expect(mixedCase.status).toBe(200);
    expect(mixedCase.body).toHaveLength(own.body.length);

    const other = await byEmail(b, a.user.email);
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('forbidden');

    const asAdmin = await byEmail(admin, a.user.email);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toHaveLength(own.body.length);
  });
});

describe('GET /api/orders/{id}', () => {
  it('answers 401 anonymous, 200 to the owner and an admin, 403 to another buyer', async () => {
    const id = await placeFor(a, (await makeProduct())._id);
    expect((await getOrder(anonymous, id)).status).toBe(401);
    const own = await getOrder(a, id);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      _id: id,
      email: a.user.email,
      paid: false,
      transactionId: null,
    });
    expect((await getOrder(b, id)).status).toBe(403);
    expect((await getOrder(admin, id)).status).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await getOrder(a, new ObjectId().toHexString())).status).toBe(404);
    const malformed = await getOrder(a, 'not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('invalid_id');
  });
});

describe('GET /api/allOrder', () => {
  it('answers 401 anonymous, 403 to buyers, every order to an admin', async () => {
    const idA = await placeFor(a, (await makeProduct())._id);
    const idB = await placeFor(b, (await makeProduct())._id);
    expect((await allOrders(anonymous)).status).toBe(401);
    expect((await allOrders(a)).status).toBe(403);
    expect((await allOrders(b)).status).toBe(403);
    const res = await allOrders(admin);
    expect(res.status).toBe(200);
    const ids = res.body.map((order: { _id: string }) => order._id);
    expect(ids).toEqual(expect.arrayContaining([idA, idB]));
  });
});

describe('DELETE /api/order/{id}', () => {
  it('answers 401 anonymous and 403 to another buyer, deleting nothing', async () => {
    const { _id: productId } = await makeProduct();
    const id = await placeFor(a, productId);
    expect((await remove(anonymous, id)).status).toBe(401);
    expect((await remove(b, id)).status).toBe(403);
    expect((await getOrder(a, id)).status).toBe(200);
    expect(await stockOf(productId)).toBe(9_000);
  });

  it('lets the owner delete an unpaid order and gives the quantity back to the stock', async () => {
    const { _id: productId } = await makeProduct();
    const id = await placeFor(a, productId, { quantity: 5_000 });
    expect(await stockOf(productId)).toBe(5_000);
    const res = await remove(a, id);
    expect(res.status).toBe(200);
    expect(await stockOf(productId)).toBe(10_000);
    expect((await getOrder(a, id)).status).toBe(404);
    expect((await remove(a, id)).status).toBe(404);
    expect(await stockOf(productId)).toBe(10_000);
  });

  it("lets an admin delete a buyer's unpaid order", async () => {
    const { _id: productId } = await makeProduct();
    const id = await placeFor(b, productId);
    expect((await remove(admin, id)).status).toBe(200);
    expect(await stockOf(productId)).toBe(10_000);
  });

  it('refuses a paid order with 409, to the owner and to an admin', async () => {
    const { _id: productId } = await makeProduct();
    const id = await placeFor(a, productId);
    await payOrder(id, 'pi_settled');
    const own = await remove(a, id);
    expect(own.status).toBe(409);
    expect(own.body.error.code).toBe('conflict');
    expect((await remove(admin, id)).status).toBe(409);
    expect((await getOrder(a, id)).body.paid).toBe(true);
    expect(await stockOf(productId)).toBe(9_000);
  });

  it('answers 400 for a malformed id', async () => {
    expect((await remove(a, 'zzz')).status).toBe(400);
  });
});

describe('without card payments configured', () => {
  it('POST /api/create-payment-intent answers 401 anonymous and 503 with the error shape', async () => {
    const id = await placeFor(a, (await makeProduct())._id);
    const call = (who: Who) => createPaymentIntent(who, id, 14.8);
    expect((await call(anonymous)).status).toBe(401);
    const res = await call(a);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'Card payments are not configured on this storefront.',
      },
    });
  });

  it('PATCH /api/order/{id} never marks an order paid', async () => {
    const id = await placeFor(a, (await makeProduct())._id);
    const patch = (who: Who) => recordPayment(who, id, { order: id, transactionId: 'pi_123' });
    expect((await patch(anonymous)).status).toBe(401);
    expect((await patch(b)).status).toBe(403);
    expect((await patch(a)).status).toBe(503);
    expect((await patch(admin)).status).toBe(503);
    expect((await getOrder(a, id)).body.paid).toBe(false);
  });

  it('POST /api/webhooks/stripe answers 503', async () => {
    const res = await webhookRoute(
      request('/api/webhooks/stripe', {
        method: 'POST',
        headers: { 'stripe-signature': 't=1,v1=abc' },
        body: '{}',
      }),
      noParams,
    );
    expect(res.status).toBe(503);
  });
});
