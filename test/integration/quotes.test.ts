import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients, startSmtpServer, type SmtpServer } from '../support/smtp';
import type { Actor } from '../support/users';

// Requests for quote through their API against the real engine and a real SMTP server: who
// may see, answer, decline and accept a quote; accepting places one unpaid order at the quoted
// price through the one order placement (stock reserved once, even for concurrent accepts);
// expiry decided in the query; the mails queued on request, answer and decline. The
// environment is set before any app module is imported (lib/core/env reads it once).

const TRUSTED = 'https://parts.forgeline.test';
const STORE_DESK = 'quotes-desk@forgeline.test';
const DAY_MS = 86_400_000;

let smtp: SmtpServer;
let make: typeof import('../support/factories');
let users: typeof import('../support/users');
let api: typeof import('../support/orders');
let db: typeof import('../support/db');
let background: typeof import('@/lib/core/background');
let quotesRoute: typeof import('@/app/api/quotes/route');
let quoteRoute: typeof import('@/app/api/quotes/[id]/route');
let acceptRoute: typeof import('@/app/api/quotes/[id]/accept/route');
let admin: Actor;
let buyerA: Actor;
let buyerB: Actor;

beforeAll(async () => {
  smtp = await startSmtpServer();
  Object.assign(process.env, {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Forgeline Parts <orders@forgeline.test>',
    ORDERS_TO: `Quote desk <${STORE_DESK}>`,
    AUTH_URL: TRUSTED,
  });
  make = await import('../support/factories');
  users = await import('../support/users');
  api = await import('../support/orders');
  db = await import('../support/db');
  background = await import('@/lib/core/background');
  quotesRoute = await import('@/app/api/quotes/route');
  quoteRoute = await import('@/app/api/quotes/[id]/route');
  acceptRoute = await import('@/app/api/quotes/[id]/accept/route');
  [admin, buyerA, buyerB] = await Promise.all([
    users.createActor('admin', 'Ada Admin'),
    users.createActor('user', 'Priya Raman'),
    users.createActor('user', 'Bram Visser'),
  ]);
});

afterAll(async () => {
  await background?.settleBackgroundWork();
  await smtp?.close();
  await db?.closeConnection();
});

const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

function requestQuote(who: Actor, body: unknown) {
  return api.json(
    quotesRoute.POST(
      users.request('/api/quotes', { method: 'POST', headers: who.headers, json: body }),
      users.params({}),
    ),
  );
}

function listQuotes(who: Actor, query = '') {
  return api.json(
    quotesRoute.GET(
      users.request(`/api/quotes${query}`, { headers: who.headers }),
      users.params({}),
    ),
  );
}

function decide(who: Actor, id: string, body: unknown) {
  return api.json(
    quoteRoute.PATCH(
      users.request(`/api/quotes/${id}`, { method: 'PATCH', headers: who.headers, json: body }),
      users.params({ id }),
    ),
  );
}

/**
 * POST /api/quotes/{id}/accept with the unit price the buyer saw (0.11, as `answered` quotes
 * by default); `null` sends no body at all.
 */
function accept(who: Actor, id: string, body: unknown = { unitPrice: 0.11 }) {
  return api.json(
    acceptRoute.POST(
      users.request(`/api/quotes/${id}/accept`, {
        method: 'POST',
        headers: who.headers,
        ...(body === null ? {} : { json: body }),
      }),
      users.params({ id }),
    ),
  );
}

const quoteDoc = async (id: string) =>
  (await db.collections(await db.getDb())).quotes.findOne({ _id: new ObjectId(id) });

async function newProduct(availableQuantity = 100_000) {
  return make.makeProduct({
    name: 'Hex Bolt M8 x 40 zinc',
    price: 0.18,
    minimumOrderQuantity: 1_000,
    availableQuantity,
  });
}

async function requested(who: Actor, productId: string, quantity = 50_000) {
  const res = await requestQuote(who, {
    productId,
    quantity,
    neededBy: day(20),
    address: '4 Foundry Lane\nSheffield S1 2AB',
    phone: '01142345678',
    note: 'Two pallets, please.',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { _id: string; reference: string; status: string };
}

async function answered(who: Actor, productId: string, quantity = 50_000, unitPrice = 0.11) {
  const quote = await requested(who, productId, quantity);
  const res = await decide(admin, quote._id, {
    action: 'answer',
    unitPrice,
    validUntil: day(7),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return quote;
}

describe('requesting a quote', () => {
  it('takes any whole quantity above the minimum and the stock, with a Q-<year> reference', async () => {
    const product = await newProduct(10_000);
    const quote = await requested(buyerA, product._id, 50_001);
    expect(quote.status).toBe('requested');
    expect(quote.reference).toMatch(new RegExp(`^Q-${new Date().getUTCFullYear()}-\\d{6}$`));
    const second = await requested(buyerA, product._id, 12_345);
    expect(Number(second.reference.slice(-6))).toBe(Number(quote.reference.slice(-6)) + 1);
    expect(await api.stockOf(product._id)).toBe(10_000); // a quote reserves nothing
  });

  it('refuses a quantity below the product minimum', async () => {
    const product = await newProduct();
    const res = await requestQuote(buyerA, {
      productId: product._id,
      quantity: 999,
      address: '4 Foundry Lane',
      phone: '0114',
    });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields.quantity[0]).toBe('Minimum Order Quantity - 1000');
  });

  it('refuses a needed-by date in the past, and takes none at all', async () => {
    const product = await newProduct();
    const past = await requestQuote(buyerA, {
      productId: product._id,
      quantity: 5_000,
      neededBy: day(-3),
      address: '4 Foundry Lane',
      phone: '0114',
    });
    expect(past.status).toBe(422);
    expect(past.body.error.details.fields.neededBy[0]).toBe('Needed by must not be in the past');
    const none = await requestQuote(buyerA, {
      productId: product._id,
      quantity: 5_000,
      neededBy: '',
      address: '4 Foundry Lane',
      phone: '0114',
    });
    expect(none.status).toBe(201);
    expect(none.body.neededBy).toBeNull();
  });
});

describe('who reaches a quote', () => {
  it("lists a buyer's own quotes only, and every quote for an admin", async () => {
    const product = await newProduct();
    const ofA = await requested(buyerA, product._id);
    const ofB = await requested(buyerB, product._id);
    const listA = (await listQuotes(buyerA)).body as { _id: string }[];
    expect(listA.map((q) => q._id)).toContain(ofA._id);
    expect(listA.map((q) => q._id)).not.toContain(ofB._id);
    const listAdmin = (await listQuotes(admin)).body as { _id: string }[];
    expect(listAdmin.map((q) => q._id)).toEqual(expect.arrayContaining([ofA._id, ofB._id]));
    expect((await listQuotes(buyerA, '?status=lost')).status).toBe(400);
  });

  it('lets only an admin answer or decline, and only the buyer accept', async () => {
    const product = await newProduct();
    const quote = await requested(buyerB, product._id);
    const answer = { action: 'answer', unitPrice: 0.1, validUntil: day(5) };
    expect((await decide(buyerB, quote._id, answer)).status).toBe(403);
    expect((await decide(buyerA, quote._id, { action: 'decline', reason: 'No.' })).status).toBe(
      403,
    );
    expect((await decide(admin, quote._id, answer)).status).toBe(200);
    // Buyer A can neither accept nor see B's quote; the admin cannot accept it for B.
    const byA = await accept(buyerA, quote._id);
    expect(byA.status).toBe(403);
    expect(byA.body.error.message).toBe('You may only access your own quotes.');
    expect((await accept(admin, quote._id)).status).toBe(403);
    expect((await quoteDoc(quote._id))?.status).toBe('answered');
    expect(await api.stockOf(product._id)).toBe(100_000);
  });
});

describe('answering and accepting', () => {
  it('places an unpaid order at the quoted price; the quote is accepted with the order id', async () => {
    const product = await newProduct();
    const quote = await answered(buyerA, product._id, 50_000, 0.11);
    const listed = (
      (await listQuotes(buyerA, '?status=answered')).body as { _id: string; total: number }[]
    ).find((q) => q._id === quote._id);
    expect(listed?.total).toBe(5_500);

    const res = await accept(buyerA, quote._id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const orderId = res.body.orderId as string;
    const order = await api.orderDoc(orderId);
    expect(order).toMatchObject({
      status: 'unpaid',
      quantity: 50_000,
      unitPriceCents: 11,
      totalCents: 550_000,
      quoteReference: quote.reference,
      address: '4 Foundry Lane\nSheffield S1 2AB',
    });
    expect(order?.quoteId?.toHexString()).toBe(quote._id);
    expect(await api.stockOf(product._id)).toBe(50_000);
    const doc = await quoteDoc(quote._id);
    expect(doc?.status).toBe('accepted');
    expect(doc?.orderId?.toHexString()).toBe(orderId);
    expect(res.body.quote.status).toBe('accepted');
    const viewed = await api.getOrder({ headers: buyerA.headers }, orderId);
    expect(viewed.body).toMatchObject({
      price: 5_500,
      unitPrice: 0.11,
      quoteReference: quote.reference,
    });

    // Once: a second accept is refused, nothing more reserved.
    const again = await accept(buyerA, quote._id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This quote was already accepted.');
    expect(await api.stockOf(product._id)).toBe(50_000);
    // An accepted quote is no longer answered or declined.
    expect((await decide(admin, quote._id, { action: 'decline', reason: 'Late' })).status).toBe(
      409,
    );
  });

  it('refuses to accept a quote that has not been answered, or was declined', async () => {
    const product = await newProduct();
    const quote = await requested(buyerA, product._id);
    expect((await accept(buyerA, quote._id)).status).toBe(409);
    const declined = await decide(admin, quote._id, {
      action: 'decline',
      reason: 'Discontinued size.',
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      status: 'declined',
      declineReason: 'Discontinued size.',
    });
    const res = await accept(buyerA, quote._id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This quote was declined.');
  });

  it('refuses an accept after the valid-until date, decided in the query', async () => {
    const product = await newProduct();
    const quote = await answered(buyerA, product._id);
    // The answer ran out a minute ago (no job marks it: the query decides).
    await (
      await db.collections(await db.getDb())
    ).quotes.updateOne(
      { _id: new ObjectId(quote._id) },
      { $set: { validUntil: new Date(Date.now() - 60_000) } },
    );
    const res = await accept(buyerA, quote._id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/^This quote expired on /);
    expect(await api.stockOf(product._id)).toBe(100_000);
    expect((await quoteDoc(quote._id))?.status).toBe('answered');
    const expired = (await listQuotes(buyerA, '?status=expired')).body as {
      _id: string;
      status: string;
    }[];
    expect(expired.find((q) => q._id === quote._id)?.status).toBe('expired');
    const open = (await listQuotes(buyerA, '?status=answered')).body as { _id: string }[];
    expect(open.map((q) => q._id)).not.toContain(quote._id);
  });

  it('places exactly one order for concurrent accepts', async () => {
    const product = await newProduct();
    const quote = await answered(buyerA, product._id, 20_000, 0.12);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => accept(buyerA, quote._id, { unitPrice: 0.12 })),
    );
    const statuses = results.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    const orders = await (
      await db.collections(await db.getDb())
    ).orders
      .find({ quoteId: new ObjectId(quote._id) })
      .toArray();
    expect(orders).toHaveLength(1);
    expect(await api.stockOf(product._id)).toBe(80_000);
    expect((await quoteDoc(quote._id))?.orderId?.toHexString()).toBe(orders[0]!._id.toHexString());
  });

  it('refuses an accept when the stock is short: nothing reserved, the quote still answered', async () => {
    const product = await newProduct(10_000);
    const quote = await answered(buyerA, product._id, 50_000);
    // The mails of the request and the answer are tried after their answers: once they are
    // (their outbox entries change), the quote is what the refused accept must leave alone.
    await background.settleBackgroundWork();
    const before = await quoteDoc(quote._id);
    const res = await accept(buyerA, quote._id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'There is not enough stock to accept this quote right now (only 10,000 available). The quote stays open: please try again later or contact us.',
    );
    expect(await api.stockOf(product._id)).toBe(10_000);
    await background.settleBackgroundWork();
    const after = await quoteDoc(quote._id);
    expect(after).toEqual(before);
    expect(after?.status).toBe('answered');
    expect(
      await (
        await db.collections(await db.getDb())
      ).orders.countDocuments({
        quoteId: new ObjectId(quote._id),
      }),
    ).toBe(0);
  });
});

describe('the price the buyer saw', () => {
  const ordersOf = async (quoteId: string) =>
    (await db.collections(await db.getDb())).orders.countDocuments({
      quoteId: new ObjectId(quoteId),
    });

  it('refuses an accept at a price the store has since changed (409 naming it); the current one places the order', async () => {
    const product = await newProduct();
    const quote = await answered(buyerA, product._id, 50_000, 1);
    // The store answers anew after the buyer saw $1.00.
    const reanswer = await decide(admin, quote._id, {
      action: 'answer',
      unitPrice: 9.99,
      validUntil: day(7),
    });
    expect(reanswer.status).toBe(200);
    expect(reanswer.body.unitPrice).toBe(9.99);

    const stale = await accept(buyerA, quote._id, { unitPrice: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('conflict');
    expect(stale.body.error.message).toBe(
      'The price of this quote has changed to $9.99 a unit ($499,500.00 in all) since you saw it. Please check the new price and accept again.',
    );
    expect(stale.body.error.details).toMatchObject({ unitPrice: 9.99, total: 499_500 });
    expect(await ordersOf(quote._id)).toBe(0);
    expect(await api.stockOf(product._id)).toBe(100_000);
    const kept = await quoteDoc(quote._id);
    expect(kept).toMatchObject({ status: 'answered', unitPriceCents: 999 });
    expect(kept?.acceptClaim).toBeUndefined();

    // A client that says nothing about the price cannot prove what it saw: refused too.
    const silent = await accept(buyerA, quote._id, {});
    expect(silent.status).toBe(422);
    expect(Object.keys(silent.body.error.details.fields)).toEqual(['unitPrice']);
    expect((await accept(buyerA, quote._id, null)).status).toBe(400);
    expect(await ordersOf(quote._id)).toBe(0);

    // Accepting the price now shown places the order at it.
    const res = await accept(buyerA, quote._id, { unitPrice: 9.99 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await api.orderDoc(res.body.orderId as string)).toMatchObject({
      status: 'unpaid',
      quantity: 50_000,
      unitPriceCents: 999,
      totalCents: 50_000 * 999,
    });
    expect(await ordersOf(quote._id)).toBe(1);
    expect(await api.stockOf(product._id)).toBe(50_000);
  });
});

describe('the placement rules of every order', () => {
  it('refuses an accept over the unpaid-orders cap; the quote stays answered', async () => {
    const buyer = await users.createActor('user', 'Cap Reached');
    await make.verifyEmail(buyer.user); // a verified account's cap: MAX_UNPAID_ORDERS
    const product = await newProduct();
    const quote = await answered(buyer, product._id, 5_000);
    // MAX_UNPAID_ORDERS is 20 by default: the buyer holds 20 unpaid orders already.
    for (let i = 0; i < 20; i += 1) await make.makeOrder(buyer.user, product);
    const stock = await api.stockOf(product._id);
    const res = await accept(buyer, quote._id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/^You already have 20 unpaid orders/);
    expect(await api.stockOf(product._id)).toBe(stock);
    expect((await quoteDoc(quote._id))?.status).toBe('answered');
  });

  it('refuses an accept by an account whose email is not verified once it holds 3 unpaid orders, saying what to do', async () => {
    const buyer = await users.createActor('user', 'Not Verified Yet');
    const product = await newProduct();
    const quote = await answered(buyer, product._id, 5_000);
    for (let i = 0; i < 3; i += 1) await make.makeOrder(buyer.user, product);
    const stock = await api.stockOf(product._id);
    const res = await accept(buyer, quote._id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/^You already have 3 unpaid orders/);
    expect(res.body.error.message).toMatch(/verify your email/);
    expect(res.body.error.details).toEqual({ maxUnpaidOrders: 3, emailVerified: false });
    expect(await api.stockOf(product._id)).toBe(stock);
    expect((await quoteDoc(quote._id))?.status).toBe('answered');

    // Verified, the same accept places the order.
    await make.verifyEmail(buyer.user);
    expect((await accept(buyer, quote._id)).status).toBe(201);
  });
});

describe('quote mails', () => {
  const mailAbout = (reference: string, to: string) =>
    smtp.waitFor(
      (mail) => (mail.subject ?? '').includes(reference) && recipients(mail).includes(to),
      10_000,
    );

  it('mails the store on request and the buyer on answer and on decline, with trusted links', async () => {
    const product = await newProduct();
    const quote = await requested(buyerA, product._id);
    const store = await mailAbout(quote.reference, STORE_DESK);
    expect(store.subject).toContain('Quote requested');
    expect(store.text).toContain('50,000');

    await decide(admin, quote._id, { action: 'answer', unitPrice: 0.11, validUntil: day(7) });
    const answer = await mailAbout(quote.reference, buyerA.user.email);
    expect(answer.subject).toContain('$0.11 a unit');
    expect(answer.text).toContain('$5,500.00');
    const links = [...String(answer.html).matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link).origin).toBe(TRUSTED);
    expect(links).toContain(`${TRUSTED}/dashboard/quotes`);

    const other = await requested(buyerB, product._id);
    await decide(admin, other._id, { action: 'decline', reason: 'We no longer make this size.' });
    const decline = await mailAbout(other.reference, buyerB.user.email);
    expect(decline.subject).toContain('was declined');
    expect(decline.text).toContain('We no longer make this size.');
    await background.settleBackgroundWork();
    expect((await quoteDoc(other._id))?.outbox ?? []).toEqual([]);
  });
});
