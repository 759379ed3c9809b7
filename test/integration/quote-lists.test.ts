import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients, startSmtpServer, type SmtpServer } from '../support/smtp';
import type { Actor } from '../support/users';

// A request for quote for a buyer's whole order list, against the real engine and a real SMTP
// server: one quote of every line (POST /api/quotes/cart), answered with one unit price per
// line, accepted into ONE order of all the lines at their quoted prices (stock taken for each,
// all or nothing), once. The environment is set before any app module is imported.

const TRUSTED = 'https://parts.forgeline.test';
const STORE_DESK = 'quotes-desk@forgeline.test';
const DAY_MS = 86_400_000;

let smtp: SmtpServer;
let make: typeof import('../support/factories');
let users: typeof import('../support/users');
let api: typeof import('../support/orders');
let db: typeof import('../support/db');
let background: typeof import('@/lib/core/background');
let cartQuoteRoute: typeof import('@/app/api/quotes/cart/route');
let quotesRoute: typeof import('@/app/api/quotes/route');
let quoteRoute: typeof import('@/app/api/quotes/[id]/route');
let acceptRoute: typeof import('@/app/api/quotes/[id]/accept/route');
let cartLinesRoute: typeof import('@/app/api/cart/lines/route');
let cartRoute: typeof import('@/app/api/cart/route');
let admin: Actor;

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
  cartQuoteRoute = await import('@/app/api/quotes/cart/route');
  quotesRoute = await import('@/app/api/quotes/route');
  quoteRoute = await import('@/app/api/quotes/[id]/route');
  acceptRoute = await import('@/app/api/quotes/[id]/accept/route');
  cartLinesRoute = await import('@/app/api/cart/lines/route');
  cartRoute = await import('@/app/api/cart/route');
  admin = await users.createActor('admin', 'Ada Admin');
});

afterAll(async () => {
  await background?.settleBackgroundWork();
  await smtp?.close();
  await db?.closeConnection();
});

const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

const delivery = {
  neededBy: day(20),
  address: '4 Foundry Lane\nSheffield S1 2AB',
  phone: '01142345678',
  note: 'One delivery for all parts, please.',
};

function requestListQuote(who: Actor, body: unknown = delivery) {
  return api.json(
    cartQuoteRoute.POST(
      users.request('/api/quotes/cart', { method: 'POST', headers: who.headers, json: body }),
      users.params({}),
    ),
  );
}

function addToList(who: Actor, productId: string, quantity: number) {
  return api.json(
    cartLinesRoute.POST(
      users.request('/api/cart/lines', {
        method: 'POST',
        headers: who.headers,
        json: { productId, quantity },
      }),
      users.params({}),
    ),
  );
}

function getList(who: Actor) {
  return api.json(
    cartRoute.GET(users.request('/api/cart', { headers: who.headers }), users.params({})),
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

function accept(who: Actor, id: string, body: unknown) {
  return api.json(
    acceptRoute.POST(
      users.request(`/api/quotes/${id}/accept`, {
        method: 'POST',
        headers: who.headers,
        json: body,
      }),
      users.params({ id }),
    ),
  );
}

async function quotes() {
  return (await db.collections(await db.getDb())).quotes;
}

async function ordersOfQuote(id: string) {
  return (await db.collections(await db.getDb())).orders
    .find({ quoteId: new ObjectId(id) })
    .toArray();
}

type QuoteBody = {
  _id: string;
  reference: string;
  status: string;
  productId: string;
  productName: string;
  sku: string | null;
  quantity: number;
  unitPrice: number | null;
  total: number | null;
  lines: Array<{
    productId: string;
    sku: string | null;
    name: string;
    quantity: number;
    unitPriceCents: number | null;
    totalCents: number | null;
  }>;
};

/** Three parts in a fresh buyer's order list: 2,000 + 5,000 + 1,000 units. */
async function buyerWithThreeLines(stock = [20_000, 20_000, 20_000]) {
  const buyer = await users.createActor('user', 'Priya Raman');
  const products = await Promise.all([
    make.makeProduct({
      name: 'Hex Bolt M8 x 40 zinc',
      price: 0.18,
      minimumOrderQuantity: 1_000,
      availableQuantity: stock[0],
    }),
    make.makeProduct({
      name: 'Flange Nut M8',
      price: 0.09,
      minimumOrderQuantity: 500,
      availableQuantity: stock[1],
    }),
    make.makeProduct({
      name: 'Ball Bearing 6204-2RS',
      price: 2.4,
      minimumOrderQuantity: 500,
      availableQuantity: stock[2],
    }),
  ]);
  const quantities = [2_000, 5_000, 1_000];
  for (const [index, product] of products.entries()) {
    const res = await addToList(buyer, product._id, quantities[index]!);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return { buyer, products, quantities };
}

/** The quoted unit prices in dollars of the three lines, and the total in cents. */
const PRICES = [0.11, 0.05, 1.99];
const TOTAL_CENTS = 2_000 * 11 + 5_000 * 5 + 1_000 * 199;

async function answeredListQuote(stock?: number[]) {
  const setup = await buyerWithThreeLines(stock);
  const requested = await requestListQuote(setup.buyer);
  expect(requested.status, JSON.stringify(requested.body)).toBe(201);
  const quote = requested.body as QuoteBody;
  const answered = await decide(admin, quote._id, {
    action: 'answer',
    unitPrices: PRICES,
    validUntil: day(7),
  });
  expect(answered.status, JSON.stringify(answered.body)).toBe(200);
  return { ...setup, quote: answered.body as QuoteBody };
}

const mailAbout = (reference: string, to: string) =>
  smtp.waitFor(
    (mail) => (mail.subject ?? '').includes(reference) && recipients(mail).includes(to),
    10_000,
  );

describe('a quote for the whole order list', () => {
  it('asks one quote of every line, answered with one unit price per line', async () => {
    const { buyer, products, quantities } = await buyerWithThreeLines();
    const res = await requestListQuote(buyer);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const quote = res.body as QuoteBody;
    expect(quote).toMatchObject({
      status: 'requested',
      productId: products[0]!._id,
      productName: 'Hex Bolt M8 x 40 zinc and 2 more parts',
      sku: products[0]!.sku,
      quantity: 8_000,
      unitPrice: null,
      total: null,
    });
    expect(quote.reference).toMatch(/^Q-\d{4}-\d{6}$/);
    expect(quote.lines).toEqual(
      products.map((product, index) => ({
        productId: product._id,
        sku: product.sku,
        name: product.name,
        quantity: quantities[index],
        unitPriceCents: null,
        totalCents: null,
      })),
    );
    // The order list is left as it is.
    expect((await getList(buyer)).body.lineCount).toBe(3);

    const store = await mailAbout(quote.reference, STORE_DESK);
    expect(store.subject).toContain('3 parts of an order list');
    for (const product of products) expect(store.text).toContain(product.name);

    // One price for three lines, or the wrong count, is refused on its field; nothing changes.
    const one = await decide(admin, quote._id, {
      action: 'answer',
      unitPrice: 0.11,
      validUntil: day(7),
    });
    expect(one.status).toBe(422);
    expect(Object.keys(one.body.error.details.fields)).toEqual(['unitPrice']);
    const two = await decide(admin, quote._id, {
      action: 'answer',
      unitPrices: [0.11, 0.05],
      validUntil: day(7),
    });
    expect(two.status).toBe(422);
    expect(Object.keys(two.body.error.details.fields)).toEqual(['unitPrices']);
    await expect((await quotes()).findOne({ _id: new ObjectId(quote._id) })).resolves.toMatchObject(
      {
        status: 'requested',
      },
    );

    const answered = await decide(admin, quote._id, {
      action: 'answer',
      unitPrices: PRICES,
      validUntil: day(7),
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body).toMatchObject({ status: 'answered', unitPrice: null, total: 2_460 });
    expect((answered.body as QuoteBody).lines.map((line) => line.unitPriceCents)).toEqual([
      11, 5, 199,
    ]);
    expect((answered.body as QuoteBody).lines.map((line) => line.totalCents)).toEqual([
      22_000, 25_000, 199_000,
    ]);
    const mail = await mailAbout(quote.reference, buyer.user.email);
    expect(mail.subject).toContain('$2,460.00 in all');
    expect(mail.text).toContain('$1.99');
    expect(mail.text).toContain(products[2]!.name);
  });

  it('is accepted into ONE order of all its lines at the quoted prices, stock taken for each, once', async () => {
    const { buyer, products, quantities, quote } = await answeredListQuote();

    // One unit price for a quote of three lines does not say what was seen: 409 naming the prices.
    const vague = await accept(buyer, quote._id, { unitPrice: 0.11 });
    expect(vague.status).toBe(409);
    expect(vague.body.error.details).toMatchObject({ unitPrices: PRICES, total: 2_460 });
    expect(await ordersOfQuote(quote._id)).toHaveLength(0);

    const res = await accept(buyer, quote._id, { unitPrices: PRICES });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const orderId = res.body.orderId as string;
    expect(res.body.quote).toMatchObject({ status: 'accepted', orderId });

    const order = await api.orderDoc(orderId);
    expect(order).toMatchObject({
      status: 'unpaid',
      totalCents: TOTAL_CENTS,
      quoteReference: quote.reference,
      address: delivery.address,
    });
    expect(order?.quoteId?.toHexString()).toBe(quote._id);
    expect(
      order?.lines?.map((line) => ({
        productId: line.productId.toHexString(),
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        totalCents: line.totalCents,
      })),
    ).toEqual([
      { productId: products[0]!._id, quantity: 2_000, unitPriceCents: 11, totalCents: 22_000 },
      { productId: products[1]!._id, quantity: 5_000, unitPriceCents: 5, totalCents: 25_000 },
      { productId: products[2]!._id, quantity: 1_000, unitPriceCents: 199, totalCents: 199_000 },
    ]);
    for (const [index, product] of products.entries()) {
      expect(await api.stockOf(product._id)).toBe(20_000 - quantities[index]!);
    }
    const viewed = await api.getOrder({ headers: buyer.headers }, orderId);
    expect(viewed.status).toBe(200);
    expect(viewed.body.lines).toHaveLength(3);
    expect(viewed.body.quoteReference).toBe(quote.reference);

    // Once: a second accept is refused and takes nothing.
    const again = await accept(buyer, quote._id, { unitPrices: PRICES });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This quote was already accepted.');
    expect(await ordersOfQuote(quote._id)).toHaveLength(1);

    // An accept whose request died after the order was placed (the claim left, the quote not
    // completed) is taken over later: it answers the SAME order, and takes no stock again.
    await (
      await quotes()
    ).updateOne(
      { _id: new ObjectId(quote._id) },
      {
        $set: { status: 'accepting', acceptClaim: 'lost', acceptingSince: new Date(0) },
        $unset: { orderId: '', acceptedAt: '' },
      },
    );
    const takenOver = await accept(buyer, quote._id, { unitPrices: PRICES });
    expect(takenOver.status, JSON.stringify(takenOver.body)).toBe(201);
    expect(takenOver.body.orderId).toBe(orderId);
    expect(await ordersOfQuote(quote._id)).toHaveLength(1);
    for (const [index, product] of products.entries()) {
      expect(await api.stockOf(product._id)).toBe(20_000 - quantities[index]!);
    }
    await expect((await quotes()).findOne({ _id: new ObjectId(quote._id) })).resolves.toMatchObject(
      {
        status: 'accepted',
        orderId: new ObjectId(orderId),
      },
    );
  });

  it('places exactly one order for concurrent accepts', async () => {
    const { buyer, products, quantities, quote } = await answeredListQuote();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => accept(buyer, quote._id, { unitPrices: PRICES })),
    );
    expect(results.filter((res) => res.status === 201)).toHaveLength(1);
    expect(results.filter((res) => res.status === 409)).toHaveLength(4);
    expect(await ordersOfQuote(quote._id)).toHaveLength(1);
    for (const [index, product] of products.entries()) {
      expect(await api.stockOf(product._id)).toBe(20_000 - quantities[index]!);
    }
  });

  it('refuses prices the store has since changed, naming every new one; the current ones place the order', async () => {
    const { buyer, quote } = await answeredListQuote();
    const reanswer = await decide(admin, quote._id, {
      action: 'answer',
      unitPrices: [0.12, 0.05, 2.1],
      validUntil: day(7),
    });
    expect(reanswer.status).toBe(200);
    const stale = await accept(buyer, quote._id, { unitPrices: PRICES });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(
      'The price of this quote has changed to $0.12, $0.05 and $2.10 a unit ($2,590.00 in all) since you saw it. Please check the new price and accept again.',
    );
    expect(stale.body.error.details).toMatchObject({
      unitPrices: [0.12, 0.05, 2.1],
      total: 2_590,
    });
    expect(await ordersOfQuote(quote._id)).toHaveLength(0);
    const res = await accept(buyer, quote._id, { unitPrices: [0.12, 0.05, 2.1] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await api.orderDoc(res.body.orderId as string))?.totalCents).toBe(
      2_000 * 12 + 5_000 * 5 + 1_000 * 210,
    );
  });

  it('refuses the whole order when one line is short: nothing taken, the quote still answered', async () => {
    const { buyer, products, quote } = await answeredListQuote();
    // The third part's stock fell below its line after the quote was asked.
    await (
      await db.collections(await db.getDb())
    ).products.updateOne(
      { _id: new ObjectId(products[2]!._id) },
      { $set: { availableQuantity: 600 } },
    );
    const res = await accept(buyer, quote._id, { unitPrices: PRICES });
    expect(res.status).toBe(409);
    expect(res.body.error.details.lines).toEqual([
      { productId: products[2]!._id, quantity: 1_000, reason: 'out_of_stock', available: 600 },
    ]);
    expect(await ordersOfQuote(quote._id)).toHaveLength(0);
    expect(await api.stockOf(products[0]!._id)).toBe(20_000);
    expect(await api.stockOf(products[1]!._id)).toBe(20_000);
    expect(await api.stockOf(products[2]!._id)).toBe(600);
    const doc = await (await quotes()).findOne({ _id: new ObjectId(quote._id) });
    expect(doc?.status).toBe('answered');
    expect(doc?.acceptClaim).toBeUndefined();
  });

  it('takes a line above the stock (that is what quotes are for), but not an empty list or a part no longer sold', async () => {
    const buyer = await users.createActor('user', 'Bram Visser');
    const empty = await requestListQuote(buyer);
    expect(empty.status).toBe(409);
    expect(empty.body.error.message).toMatch(/^Your order list is empty\./);

    const { buyer: other, products } = await buyerWithThreeLines();
    // Stock below a line: the list flags it for checkout, the quote takes it.
    const productsCollection = (await db.collections(await db.getDb())).products;
    await productsCollection.updateOne(
      { _id: new ObjectId(products[1]!._id) },
      { $set: { availableQuantity: 1_000 } },
    );
    const above = await requestListQuote(other);
    expect(above.status, JSON.stringify(above.body)).toBe(201);
    expect((above.body as QuoteBody).lines[1]).toMatchObject({ quantity: 5_000 });

    // A part no longer sold: refused, naming the line.
    await productsCollection.deleteOne({ _id: new ObjectId(products[2]!._id) });
    const gone = await requestListQuote(other);
    expect(gone.status).toBe(409);
    expect(gone.body.error.details.lines).toEqual([
      expect.objectContaining({
        productId: products[2]!._id,
        issue: expect.objectContaining({ code: 'deleted' }),
      }),
    ]);
  });

  it('keeps a quote of one product as it was: one line, its flat fields, its one unit price', async () => {
    const buyer = await users.createActor('user', 'Dana Whitfield');
    const product = await make.makeProduct({
      minimumOrderQuantity: 1_000,
      availableQuantity: 90_000,
    });
    const requested = await api.json(
      quotesRoute.POST(
        users.request('/api/quotes', {
          method: 'POST',
          headers: buyer.headers,
          json: { productId: product._id, quantity: 5_000, ...delivery },
        }),
        users.params({}),
      ),
    );
    expect(requested.status).toBe(201);
    const answered = await decide(admin, requested.body._id, {
      action: 'answer',
      unitPrices: [0.2],
      validUntil: day(7),
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body).toMatchObject({ unitPrice: 0.2, total: 1_000, quantity: 5_000 });
    expect(answered.body.lines).toEqual([
      {
        productId: product._id,
        sku: product.sku,
        name: product.name,
        quantity: 5_000,
        unitPriceCents: 20,
        totalCents: 100_000,
      },
    ]);
    const doc = await (await quotes()).findOne({ _id: new ObjectId(requested.body._id) });
    expect(doc?.lines).toBeUndefined();
    expect(doc?.unitPriceCents).toBe(20);
    // Either form of the price it was answered with accepts it.
    const res = await accept(buyer, requested.body._id, { unitPrices: [0.2] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await api.orderDoc(res.body.orderId as string))?.totalCents).toBe(100_000);
  });
});
