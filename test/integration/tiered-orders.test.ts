import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe';
import type { Actor } from '../support/users';

// Business orders: the unit price of the ordered quantity's volume tier, decided by the server
// when the order is placed, carried by the order into its payment; and the buyer's PO number.
// Card payments run against the local Stripe stand-in with the real SDK, so the stand-in is
// started and the environment pointed at it BEFORE any app module is imported (lib/core/env reads
// the environment once): every app module is imported dynamically in beforeAll.

type Calls = typeof import('../support/orders');
type Factories = typeof import('../support/factories');

let standIn: StripeStandIn;
let stripe: Stripe;
let db: typeof import('../support/db');
let api: Calls;
let make: Factories;
let buyer: Actor;
let other: Actor;
let admin: Actor;

beforeAll(async () => {
  ({ standIn, stripe } = await startStripeStandIn());
  // Buyers here hold more unpaid orders than the default cap; the cap has tests of its own.
  process.env.MAX_UNPAID_ORDERS = '1000';
  db = await import('../support/db');
  api = await import('../support/orders');
  make = await import('../support/factories');
  const users = await import('../support/users');
  [buyer, other, admin] = await Promise.all([
    users.createActor('user', 'Tiered Buyer'),
    users.createActor('user', 'Other Buyer'),
    users.createActor('admin'),
  ]);
  // Verified buyers: an unverified account holds at most 3 unpaid orders (unverified-holds).
  await Promise.all([make.verifyEmail(buyer.user), make.verifyEmail(other.user)]);
});

afterAll(async () => {
  await standIn?.stop();
  await db?.closeConnection();
});

/** The example: 500+ $2.65, 5,000+ $2.40, 20,000+ $2.10, with stock for big orders. */
const tieredBearing = (availableQuantity = 10_000_000) =>
  make.makeProduct({
    name: 'Deep Groove Ball Bearing 6205-2RS',
    price: 2.65,
    minimumOrderQuantity: 500,
    availableQuantity,
    priceTiers: [
      { minQuantity: 500, price: 2.65 },
      { minQuantity: 5_000, price: 2.4 },
      { minQuantity: 20_000, price: 2.1 },
    ],
  });

const body = (productId: string, extra: Record<string, unknown> = {}) => ({
  productId,
  quantity: 500,
  address: '1 Mill Road, Leeds',
  phone: '5550100',
  ...extra,
});

async function place(who: Actor, productId: string, extra: Record<string, unknown> = {}) {
  const res = await api.placeOrder(who, body(productId, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.insertedId as string;
}

async function orderCount() {
  return db.collections(await db.getDb()).orders.countDocuments({});
}

describe('POST /api/order prices the quantity by its tier', () => {
  it.each([
    [500, 265, 132_500],
    [4_999, 265, 1_324_735],
    [5_000, 240, 1_200_000],
    [19_999, 240, 4_799_760],
    [20_000, 210, 4_200_000],
    [5_000_000, 210, 1_050_000_000],
  ])('%d units: %d cents each, %d cents in all', async (quantity, unit, total) => {
    const product = await tieredBearing();
    const id = await place(buyer, product._id, { quantity });
    const doc = await api.orderDoc(id);
    expect(doc).toMatchObject({ quantity, unitPriceCents: unit, totalCents: total });
    const shown = await api.getOrder(buyer, id);
    expect(shown.body).toMatchObject({ quantity, unitPrice: unit / 100, price: total / 100 });
  });

  it('refuses 499 units by the minimum rule, with nothing placed or reserved', async () => {
    const product = await tieredBearing(50_000);
    const before = await orderCount();
    const res = await api.placeOrder(buyer, body(product._id, { quantity: 499 }));
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields.quantity).toEqual(['Minimum Order Quantity - 500']);
    expect(await orderCount()).toBe(before);
    expect(await api.stockOf(product._id)).toBe(50_000);
  });

  it('a product without tiers keeps its one price', async () => {
    const product = await make.makeProduct({ price: 14.8, availableQuantity: 50_000 });
    const id = await place(buyer, product._id, { quantity: 20_000 });
    expect(await api.orderDoc(id)).toMatchObject({ unitPriceCents: 1_480, totalCents: 29_600_000 });
  });

  it('a price in the body changes nothing: the tier price is stored', async () => {
    const product = await tieredBearing();
    const id = await place(buyer, product._id, { quantity: 5_000, price: 0.01 });
    expect(await api.orderDoc(id)).toMatchObject({ unitPriceCents: 240, totalCents: 1_200_000 });
  });

  it.each([
    ['unitPrice', { unitPrice: 0.01 }],
    ['unitPriceCents', { unitPriceCents: 1 }],
    ['totalCents', { totalCents: 1 }],
    ['priceTiers', { priceTiers: [{ minQuantity: 500, price: 0.01 }] }],
  ])('a body with %s is refused (422): no order, no stock taken', async (field, extra) => {
    const product = await tieredBearing(50_000);
    const before = await orderCount();
    const res = await api.placeOrder(buyer, body(product._id, { quantity: 5_000, ...extra }));
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields._?.[0]).toContain(field);
    expect(await orderCount()).toBe(before);
    expect(await api.stockOf(product._id)).toBe(50_000);
  });

  it('prices by the product as stored when the order is placed, not as the page showed it', async () => {
    const product = await tieredBearing();
    const first = await place(buyer, product._id, { quantity: 20_000 });
    const { setPriceTiers } = await import('@/lib/catalogue/store');
    await setPriceTiers(
      product._id,
      [
        { minQuantity: 500, price: 2.65 },
        { minQuantity: 20_000, price: 1.99 },
      ],
      { minimumOrderQuantity: 500, priceCents: 265 },
    );
    const second = await place(buyer, product._id, { quantity: 20_000 });
    expect((await api.orderDoc(first))!.unitPriceCents).toBe(210);
    expect((await api.orderDoc(second))!.unitPriceCents).toBe(199);
  });
});

describe('the payment carries the tiered total', () => {
  it('the payment intent amount is the order total at the tier price, whatever the body says', async () => {
    const product = await tieredBearing();
    const id = await place(buyer, product._id, { quantity: 20_000, price: 2.65 });
    const res = await api.createPaymentIntent(buyer, id, 53_000);
    expect(res.status).toBe(200);
    const intentId = (res.body.clientSecret as string).split('_secret_')[0]!;
    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent.amount).toBe(4_200_000); // 20,000 x $2.10, not x $2.65
    expect(intent.currency).toBe('usd');
    expect(intent.metadata.orderId).toBe(id);
  });

  it('and so does a mid-tier order paid by card end to end', async () => {
    const product = await tieredBearing();
    const id = await place(buyer, product._id, { quantity: 5_000 });
    const { body: secret } = await api.createPaymentIntent(buyer, id);
    const intentId = (secret.clientSecret as string).split('_secret_')[0]!;
    const confirmed = await stripe.paymentIntents.confirm(intentId, {
      payment_method: 'pm_card_visa',
    });
    expect(confirmed.amount).toBe(1_200_000);
    const paid = await api.recordPayment(buyer, id, { order: id, transactionId: intentId });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ paid: true, unitPrice: 2.4, price: 12_000 });
  });
});

describe('PO number', () => {
  it('is stored trimmed and returned by every order API', async () => {
    const product = await tieredBearing();
    const id = await place(buyer, product._id, { poNumber: '  PO-2026/0042  ' });
    expect((await api.orderDoc(id))!.poNumber).toBe('PO-2026/0042');
    expect((await api.getOrder(buyer, id)).body.poNumber).toBe('PO-2026/0042');
    const mine = await api.ordersByEmail(buyer, buyer.user.email);
    expect(mine.body.find((order: { _id: string }) => order._id === id).poNumber).toBe(
      'PO-2026/0042',
    );
    const all = await api.allOrders(admin);
    expect(all.body.find((order: { _id: string }) => order._id === id).poNumber).toBe(
      'PO-2026/0042',
    );
  });

  it('is null when none was given (absent, empty or blank), and not stored', async () => {
    const product = await tieredBearing();
    for (const extra of [{}, { poNumber: '' }, { poNumber: '   ' }, { poNumber: null }]) {
      const id = await place(buyer, product._id, extra);
      expect((await api.getOrder(buyer, id)).body.poNumber).toBeNull();
      expect(await api.orderDoc(id)).not.toHaveProperty('poNumber');
    }
  });

  it('takes 40 characters and refuses 41, control characters and non-text (422, nothing placed)', async () => {
    const product = await tieredBearing(50_000);
    const forty = 'P'.repeat(40);
    const id = await place(buyer, product._id, { poNumber: forty });
    expect((await api.orderDoc(id))!.poNumber).toBe(forty);

    const before = await orderCount();
    for (const [poNumber, message] of [
      ['P'.repeat(41), 'PO number must be at most 40 characters'],
      ['PO-1\r\nX-Injected: yes', 'PO number must use printable characters only'],
      ['PO-\u202E1234', 'PO number must use printable characters only'],
      [{ $ne: '' }, 'PO number must use printable characters only'],
      [42, 'PO number must use printable characters only'],
    ] as const) {
      const res = await api.placeOrder(buyer, body(product._id, { poNumber }));
      expect(res.status, JSON.stringify(poNumber)).toBe(422);
      expect(res.body.error.details.fields.poNumber).toEqual([message]);
    }
    expect(await orderCount()).toBe(before);
    expect(await api.stockOf(product._id)).toBe(50_000 - 500);
  });

  it("another buyer cannot read it (the order stays the owner's)", async () => {
    const product = await tieredBearing();
    const id = await place(buyer, product._id, { poNumber: 'PO-SECRET-1' });
    const res = await api.getOrder(other, id);
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain('PO-SECRET-1');
  });

  it('makeOrder passes it through as the order form does', async () => {
    const product = await tieredBearing();
    const order = await make.makeOrder(buyer.user, product, { quantity: 5_000, poNumber: 'PO-7' });
    expect(order).toMatchObject({ poNumber: 'PO-7', unitPrice: 2.4, totalCents: 1_200_000 });
  });
});
