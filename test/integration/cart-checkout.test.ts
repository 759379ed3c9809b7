import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@/lib/catalogue';
import type { Id } from '@/lib/core/ids';
import type { Actor } from '../support/users';

// One purchase, many parts: the order list (cart) kept on the server, checkout as ONE order of
// all its lines, stock taken all or nothing without transactions, and what a crash at any
// point between two writes leaves: after the stock sweep, stock and orders agree exactly.
// App modules are imported in beforeAll, after the environment is set.

let db: typeof import('../support/db');
let cart: typeof import('../support/cart');
let api: typeof import('../support/orders');
let make: typeof import('../support/factories');
let users: typeof import('../support/users');
let store: typeof import('@/lib/orders/store');
let stock: typeof import('@/lib/orders/stock');
let faults: typeof import('@/lib/core/faults');
let migrations: typeof import('@/lib/orders/migrations');
let companies: typeof import('../support/companies');
let terms: typeof import('@/lib/terms');
let buyer: Actor;

const delivery = { address: '1 Mill Road, Leeds', phone: '5550100', poNumber: 'PO-77' };

beforeAll(async () => {
  process.env.MAX_UNPAID_ORDERS = '1000';
  db = await import('../support/db');
  cart = await import('../support/cart');
  api = await import('../support/orders');
  make = await import('../support/factories');
  users = await import('../support/users');
  store = await import('@/lib/orders/store');
  stock = await import('@/lib/orders/stock');
  faults = await import('@/lib/core/faults');
  migrations = await import('@/lib/orders/migrations');
  companies = await import('../support/companies');
  terms = await import('@/lib/terms');
  buyer = await newBuyer('Cart Buyer');
});

afterAll(async () => {
  await db?.closeConnection();
});

async function newBuyer(name: string): Promise<Actor> {
  const actor = await users.createActor('user', name);
  await make.verifyEmail(actor.user);
  return actor;
}

const tiered = (availableQuantity = 100_000) =>
  make.makeProduct({
    price: 2.65,
    availableQuantity,
    priceTiers: [
      { minQuantity: 500, price: 2.65 },
      { minQuantity: 5_000, price: 2.4 },
    ],
  });

async function products() {
  return db.collections(await db.getDb()).products;
}

async function orders() {
  return db.collections(await db.getDb()).orders;
}

async function stocks(list: Product[]): Promise<number[]> {
  return Promise.all(list.map((product) => api.stockOf(product._id)));
}

describe('the order list', () => {
  it('adds to a line, sets it, removes it and empties the list; a product appears once', async () => {
    const who = await newBuyer('List Buyer');
    const [a, b] = await Promise.all([tiered(), tiered()]);
    expect((await cart.addLine(who, a._id, 500)).status).toBe(200);
    const added = await cart.addLine(who, a._id, 4_500);
    expect(added.status).toBe(200);
    expect(added.body.lines).toHaveLength(1);
    expect(added.body.lines[0]).toMatchObject({
      productId: a._id,
      quantity: 5_000,
      unitPriceCents: 240,
      totalCents: 1_200_000,
      issue: null,
    });
    const set = await cart.setLine(who, b._id, 600);
    expect(set.body.lineCount).toBe(2);
    expect(set.body.totalCents).toBe(1_200_000 + 600 * 265);
    expect(set.body.ready).toBe(true);
    expect((await cart.cartCount(who)).body).toEqual({ lineCount: 2 });
    const reset = await cart.setLine(who, b._id, 700);
    expect(reset.body.lines.map((line: { quantity: number }) => line.quantity)).toEqual([
      5_000, 700,
    ]);
    const removed = await cart.removeLine(who, a._id);
    expect(removed.body.lines.map((line: { productId: string }) => line.productId)).toEqual([
      b._id,
    ]);
    const emptied = await cart.emptyCart(who);
    expect(emptied.body).toMatchObject({ lines: [], lineCount: 0, totalCents: 0, ready: false });
  });

  it('refuses a quantity the product does not allow, and an unknown product', async () => {
    const who = await newBuyer('Rules Buyer');
    const product = await tiered(2_000);
    const below = await cart.setLine(who, product._id, 499);
    expect(below.status).toBe(422);
    const above = await cart.addLine(who, product._id, 2_500);
    expect(above.status).toBe(422);
    expect(above.body.error.details.fields.quantity[0]).toMatch(/Only 2000 available/);
    const unknown = await cart.setLine(who, new ObjectId().toHexString(), 500);
    expect(unknown.status).toBe(404);
    expect((await cart.getCart(who)).body.lines).toEqual([]);
  });

  it('holds at most 100 lines', async () => {
    const who = await newBuyer('Full Buyer');
    const list = await Promise.all(Array.from({ length: 101 }, () => tiered()));
    for (const product of list.slice(0, 100)) {
      expect((await cart.setLine(who, product._id, 500)).status).toBe(200);
    }
    const full = await cart.setLine(who, list[100]!._id, 500);
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('conflict');
    // Changing a line of a full list is fine.
    expect((await cart.setLine(who, list[0]!._id, 600)).status).toBe(200);
    expect((await cart.getCart(who)).body.lineCount).toBe(100);
  });

  it('flags a deleted product and a stock fallen below the quantity, never changing the line', async () => {
    const who = await newBuyer('Flag Buyer');
    const [gone, low] = await Promise.all([tiered(), tiered(10_000)]);
    await cart.setLine(who, gone._id, 500);
    await cart.setLine(who, low._id, 4_000);
    await (await products()).deleteOne({ _id: new ObjectId(gone._id) });
    await (
      await products()
    ).updateOne({ _id: new ObjectId(low._id) }, { $set: { availableQuantity: 1_500 } });
    const view = await cart.getCart(who);
    expect(view.body.ready).toBe(false);
    const [deleted, short] = view.body.lines;
    expect(deleted).toMatchObject({ productId: gone._id, name: gone.name, quantity: 500 });
    expect(deleted.issue).toMatchObject({ code: 'deleted', nearestQuantity: null });
    expect(short).toMatchObject({ quantity: 4_000, totalCents: null });
    expect(short.issue).toMatchObject({ code: 'above_stock', nearestQuantity: 1_500 });
    const refused = await cart.checkout(who, delivery);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details.lines).toHaveLength(2);
  });

  it('holds an unverified account to 20 lines an order', async () => {
    const who = await users.createActor('user', 'Unverified Buyer');
    const list = await Promise.all(Array.from({ length: 21 }, () => tiered()));
    for (const product of list) await cart.setLine(who, product._id, 500);
    const before = await stocks(list);
    const refused = await cart.checkout(who, delivery);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ maxLines: 20, emailVerified: false });
    expect(await stocks(list)).toEqual(before);
    await cart.removeLine(who, list[20]!._id);
    expect((await cart.checkout(who, delivery)).status).toBe(201);
  });

  it('refuses to check out an empty list', async () => {
    const who = await newBuyer('Empty Buyer');
    const refused = await cart.checkout(who, delivery);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/order list is empty/);
  });
});

describe('checkout', () => {
  it('places the list as one order of all its lines, each priced by its own tier, and empties the list', async () => {
    const [a, b, c] = await Promise.all([tiered(), tiered(), tiered()]);
    await cart.setLine(buyer, a._id, 500);
    await cart.setLine(buyer, b._id, 5_000);
    await cart.setLine(buyer, c._id, 1_000);
    const before = await stocks([a, b, c]);
    const placed = await cart.checkout(buyer, delivery);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = await api.getOrder(buyer, placed.body.insertedId);
    expect(order.body.lines).toEqual([
      expect.objectContaining({
        productId: a._id,
        quantity: 500,
        unitPriceCents: 265,
        totalCents: 132_500,
      }),
      expect.objectContaining({
        productId: b._id,
        quantity: 5_000,
        unitPriceCents: 240,
        totalCents: 1_200_000,
      }),
      expect.objectContaining({
        productId: c._id,
        quantity: 1_000,
        unitPriceCents: 265,
        totalCents: 265_000,
      }),
    ]);
    // The spec's flat fields of a multi-line order, as the OpenAPI document says.
    expect(order.body).toMatchObject({
      productId: a._id,
      name: `${a.name} and 2 more parts`,
      quantity: 6_500,
      unitPrice: 2.65,
      price: 15_975,
      status: 'unpaid',
      poNumber: 'PO-77',
    });
    expect(await stocks([a, b, c])).toEqual([
      before[0]! - 500,
      before[1]! - 5_000,
      before[2]! - 1_000,
    ]);
    expect((await cart.getCart(buyer)).body.lines).toEqual([]);
    const doc = await api.orderDoc(placed.body.insertedId);
    expect(doc?.reserved?.map(String).sort()).toEqual([a._id, b._id, c._id].sort());
    expect(doc?.claim).toBeUndefined();
  });

  it('refuses a list whose line no longer fits the stock, before taking anything', async () => {
    const who = await newBuyer('Fallen Buyer');
    const [a, c] = await Promise.all([tiered(), tiered(5_000)]);
    await cart.setLine(who, a._id, 1_000);
    await cart.setLine(who, c._id, 4_000);
    await (
      await products()
    ).updateOne({ _id: new ObjectId(c._id) }, { $inc: { availableQuantity: -2_000 } });
    const before = await stocks([a, c]);
    const refused = await cart.checkout(who, delivery);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details.lines).toEqual([
      expect.objectContaining({
        productId: c._id,
        quantity: 4_000,
        issue: expect.objectContaining({ code: 'above_stock', nearestQuantity: 3_000 }),
      }),
    ]);
    expect(await stocks([a, c])).toEqual(before);
    expect((await cart.getCart(who)).body.lineCount).toBe(2);
  });

  it('is all or nothing: a line short at the moment of taking gives back every line taken, and says what is available', async () => {
    const who = await newBuyer('Short Buyer');
    const [a, b, c] = await Promise.all([tiered(), tiered(), tiered(5_000)]);
    await cart.setLine(who, a._id, 1_000);
    await cart.setLine(who, b._id, 1_000);
    await cart.setLine(who, c._id, 4_000);
    const before = await stocks([a, b, c]);
    // Another buyer takes most of c after the checks, just before the stock is taken.
    const refused = await whileAnotherBuyerTakes(c._id, 2_000, () => cart.checkout(who, delivery));
    expect(refused.status).toBe(409);
    expect(refused.body.error.details.lines).toEqual([
      {
        productId: c._id,
        sku: c.sku,
        name: c.name,
        quantity: 4_000,
        reason: 'out_of_stock',
        available: 3_000,
        nearestQuantity: 3_000,
      },
    ]);
    expect(await stocks([a, b, c])).toEqual([before[0], before[1], before[2]! - 2_000]);
    expect(await (await orders()).countDocuments({ userId: new ObjectId(who.user.id) })).toBe(0);
    expect((await cart.getCart(who)).body.lineCount).toBe(3);
  });

  it('never oversells under concurrent checkouts', async () => {
    const scarce = await tiered(1_500);
    const plenty = await tiered(1_000_000);
    const buyers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => newBuyer(`Concurrent Buyer ${i}`)),
    );
    for (const who of buyers) {
      await cart.setLine(who, plenty._id, 500);
      await cart.setLine(who, scarce._id, 500);
    }
    const results = await Promise.all(buyers.map((who) => cart.checkout(who, delivery)));
    const placed = results.filter((res) => res.status === 201);
    expect(placed).toHaveLength(3);
    expect(results.filter((res) => res.status === 409)).toHaveLength(3);
    expect(await api.stockOf(scarce._id)).toBe(0);
    expect(await api.stockOf(plenty._id)).toBe(1_000_000 - 1_500);
    const docs = await (
      await orders()
    )
      .find({ 'lines.productId': new ObjectId(scarce._id) })
      .toArray();
    expect(docs.map((doc) => doc.status)).toEqual(['unpaid', 'unpaid', 'unpaid']);
  });

  it('answers the spec calls for a one-line order as before, with its one line', async () => {
    const product = await tiered();
    const placed = await api.placeOrder(buyer, {
      productId: product._id,
      quantity: 5_000,
      ...delivery,
    });
    expect(placed.status).toBe(201);
    const order = (await api.getOrder(buyer, placed.body.insertedId)).body;
    expect(order).toMatchObject({
      productId: product._id,
      name: product.name,
      quantity: 5_000,
      unitPrice: 2.4,
      price: 12_000,
    });
    expect(order.lines).toEqual([
      {
        productId: product._id,
        sku: product.sku,
        name: product.name,
        picture: product.picture,
        quantity: 5_000,
        unitPriceCents: 240,
        totalCents: 1_200_000,
        priceSource: 'tier',
      },
    ]);
    const listed = await api.ordersByEmail(buyer, buyer.user.email);
    expect(
      listed.body.find((o: { _id: string }) => o._id === placed.body.insertedId).lines,
    ).toHaveLength(1);
  });
});

/** A part of `availableQuantity` named as a person reads it in a refusal. */
const namedPart = (name: string, availableQuantity: number) =>
  make.makeProduct({
    name: `${name} ${new ObjectId().toHexString().slice(-6)}`,
    price: 2.65,
    availableQuantity,
  });

/** Runs `work` while another buyer takes `quantity` of `productId` just before stock is taken. */
async function whileAnotherBuyerTakes<T>(
  productId: string,
  quantity: number,
  work: () => Promise<T>,
): Promise<T> {
  let taken = false;
  const restore = faults.injectFaults(async (point) => {
    if (point === 'place:after-insert' && !taken) {
      taken = true;
      await (
        await products()
      ).updateOne({ _id: new ObjectId(productId) }, { $inc: { availableQuantity: -quantity } });
    }
  });
  try {
    return await work();
  } finally {
    restore();
  }
}

/**
 * A line of a refusal's `details.lines` short of stock: `quantity` of `part` asked, `available`
 * left (and so the quantity that can be ordered now), with its name and part number.
 */
const shortLine = (part: Product, quantity: number, available: number, more = {}) =>
  expect.objectContaining({
    productId: part._id,
    sku: part.sku,
    name: part.name,
    quantity,
    reason: 'out_of_stock',
    available,
    nearestQuantity: available,
    ...more,
  });

/**
 * The refusal of `who`'s checkout whose line of `bolt` (2,000 asked) found only 500 available
 * when its stock was taken: named in the message, each line in the details, nothing ordered.
 */
async function expectBoltShort(
  who: Actor,
  refused: Awaited<ReturnType<typeof cart.checkout>>,
  bolt: Product,
) {
  expect(refused.status).toBe(409);
  expect(refused.body.error.message).toBe(
    `Some parts are short of stock now, so nothing was ordered. ${bolt.name}: only 500 available.`,
  );
  expect(refused.body.error.details).toEqual({ lines: [shortLine(bolt, 2_000, 500)] });
  expect(await (await orders()).countDocuments({ userId: new ObjectId(who.user.id) })).toBe(0);
}

describe('a refused checkout names each line and what can be ordered', () => {
  it('names each part short of stock when the list is checked, with its name, part number and what is available', async () => {
    const who = await newBuyer('Named Short Buyer');
    const bolt = await namedPart('Hex Flange Bolt M10 x 40', 10_000);
    const gear = await namedPart('Spur Gear 40T', 10_000);
    const fine = await tiered();
    await cart.setLine(who, bolt._id, 2_000);
    await cart.setLine(who, fine._id, 500);
    await cart.setLine(who, gear._id, 3_000);
    // Others bought most of the bolts and gears since the list was made.
    await (
      await products()
    ).updateOne({ _id: new ObjectId(bolt._id) }, { $set: { availableQuantity: 500 } });
    await (
      await products()
    ).updateOne({ _id: new ObjectId(gear._id) }, { $set: { availableQuantity: 1_200 } });
    const before = await stocks([bolt, fine, gear]);
    const refused = await cart.checkout(who, delivery);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('conflict');
    expect(refused.body.error.message).toBe(
      `Some parts are short of stock now, so nothing was ordered. ${bolt.name}: only 500 available; ${gear.name}: only 1,200 available.`,
    );
    expect(refused.body.error.details.lines).toEqual([
      shortLine(bolt, 2_000, 500, {
        issue: expect.objectContaining({ code: 'above_stock', nearestQuantity: 500 }),
      }),
      shortLine(gear, 3_000, 1_200),
    ]);
    expect(await stocks([bolt, fine, gear])).toEqual(before);
    expect((await cart.getCart(who)).body.lineCount).toBe(3);
  });

  it('names the part short at the moment of taking (another buyer took it meanwhile)', async () => {
    const who = await newBuyer('Named Race Buyer');
    const bolt = await namedPart('Hex Flange Bolt M10 x 40', 2_500);
    const fine = await tiered();
    await cart.setLine(who, fine._id, 1_000);
    await cart.setLine(who, bolt._id, 2_000);
    const refused = await whileAnotherBuyerTakes(bolt._id, 2_000, () =>
      cart.checkout(who, delivery),
    );
    await expectBoltShort(who, refused, bolt);
    expect((await cart.getCart(who)).body.lineCount).toBe(2);
  });

  it('refuses a list of one line short at the moment of taking the same way, not as a quantity field', async () => {
    const who = await newBuyer('Named One-Line Buyer');
    const bolt = await namedPart('Hex Flange Bolt M10 x 40', 2_500);
    await cart.setLine(who, bolt._id, 2_000);
    const refused = await whileAnotherBuyerTakes(bolt._id, 2_000, () =>
      cart.checkout(who, delivery),
    );
    await expectBoltShort(who, refused, bolt);
  });

  it('names a part no longer sold and one out of stock beside each other', async () => {
    const who = await newBuyer('Named Mixed Buyer');
    const gone = await namedPart('Spur Gear 40T', 10_000);
    const empty = await namedPart('Shaft Seal 25 mm', 10_000);
    await cart.setLine(who, gone._id, 500);
    await cart.setLine(who, empty._id, 800);
    await (await products()).deleteOne({ _id: new ObjectId(gone._id) });
    await (
      await products()
    ).updateOne({ _id: new ObjectId(empty._id) }, { $set: { availableQuantity: 0 } });
    const refused = await cart.checkout(who, delivery);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      `Some lines of your order list cannot be ordered as they are, so nothing was ordered. ${gone.name}: no longer sold; ${empty.name}: out of stock.`,
    );
    expect(refused.body.error.details.lines).toEqual([
      expect.objectContaining({
        productId: gone._id,
        name: gone.name,
        sku: gone.sku,
        reason: 'not_found',
        nearestQuantity: null,
      }),
      expect.objectContaining({
        productId: empty._id,
        name: empty.name,
        reason: 'out_of_stock',
        available: 0,
        nearestQuantity: null,
      }),
    ]);
  });
});

describe('checkout answers the status the order was placed in', () => {
  it('unpaid for a buyer who pays next', async () => {
    const who = await newBuyer('Status Buyer');
    const product = await tiered();
    await cart.setLine(who, product._id, 500);
    const placed = await cart.checkout(who, delivery);
    expect(placed.status).toBe(201);
    expect(placed.body).toEqual({ insertedId: expect.any(String), status: 'unpaid' });
  });

  it('awaiting_approval for an order above the buyer’s approval limit', async () => {
    const { members } = await companies.makeCompany([{ role: 'buyer', limitCents: 100_000 }]);
    const [member] = members;
    const product = await tiered();
    await cart.setLine(member!, product._id, 1_000);
    const placed = await cart.checkout(member!, delivery);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body).toEqual({ insertedId: expect.any(String), status: 'awaiting_approval' });
    expect((await api.orderDoc(placed.body.insertedId))?.status).toBe('awaiting_approval');
  });

  it('confirmed for an order on account', async () => {
    const { companyId, members } = await companies.makeCompany([{ role: 'buyer' }]);
    const admin = await users.createActor('admin');
    await terms.setCompanyTerms(admin.user, companyId.toHexString() as Id, {
      mode: 'net',
      netDays: 30,
      creditLimitCents: 1_000_000,
      invoiceOn: 'shipment',
      holdAfterDaysOverdue: 15,
    });
    const [member] = members;
    const product = await tiered();
    await cart.setLine(member!, product._id, 500);
    const placed = await cart.checkout(member!, { ...delivery, paymentMethod: 'account' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body).toEqual({ insertedId: expect.any(String), status: 'confirmed' });
  });
});

/** A hook that stops the work at the `nth` passing of `point`, and at every point after it. */
function crashAt(point: string, nth = 1): () => void {
  let seen = 0;
  let crashed = false;
  return faults.injectFaults((passing) => {
    if (crashed) throw new faults.InjectedFault(passing);
    if (passing === point && ++seen === nth) {
      crashed = true;
      throw new faults.InjectedFault(passing);
    }
  });
}

/** The sweep as it runs once the claims of the requests that crashed have run out. */
const later = () => new Date(Date.now() + stock.CLAIM_MS + 1_000);

async function placeDirect(who: Actor, list: Product[], quantity = 1_000) {
  return store.placeOrder({
    lines: list.map((product) => ({ productId: product._id, quantity })),
    ...delivery,
    user: { id: who.user.id, name: who.user.name, email: who.user.email },
    maxUnpaid: 1_000,
    holdMs: 60 * 60 * 1000,
  });
}

describe('a crash between any two writes leaves stock exact after the sweep', () => {
  it.each([
    ['place:after-insert', 1],
    ['reserve:after-take', 1],
    ['reserve:after-take', 3],
    ['reserve:after-record', 1],
    ['reserve:after-record', 4],
    ['place:before-commit', 1],
  ])('placing: stopped at %s (#%i)', async (point, nth) => {
    const who = await newBuyer(`Crash ${point} ${nth}`);
    const list = await Promise.all(Array.from({ length: 4 }, () => tiered()));
    const before = await stocks(list);
    const restore = crashAt(point, nth);
    try {
      await expect(placeDirect(who, list)).rejects.toThrow(/Injected fault/);
    } finally {
      restore();
    }
    const left = await (await orders()).find({ userId: new ObjectId(who.user.id) }).toArray();
    expect(left.map((doc) => doc.status)).toEqual(['reserving']);
    await stock.settleOrderStock(later());
    expect(await stocks(list)).toEqual(before);
    expect(await (await orders()).countDocuments({ userId: new ObjectId(who.user.id) })).toBe(0);
    // Settling again changes nothing.
    await stock.settleOrderStock(later());
    expect(await stocks(list)).toEqual(before);
  });

  it.each([
    ['release:after-give', 1],
    ['release:after-give', 2],
    ['release:after-record', 1],
    ['release:after-record', 3],
  ])('cancelling: stopped at %s (#%i)', async (point, nth) => {
    const who = await newBuyer(`Cancel crash ${point} ${nth}`);
    const list = await Promise.all(Array.from({ length: 3 }, () => tiered()));
    const before = await stocks(list);
    const placed = await placeDirect(who, list);
    if (!placed.ok) throw new Error(placed.reason);
    expect(await stocks(list)).toEqual(before.map((n) => n - 1_000));
    const restore = crashAt(point, nth);
    try {
      await expect(
        store.cancelUnpaidOrder(
          placed.insertedId,
          { kind: 'buyer', userId: who.user.id },
          'deleted',
        ),
      ).rejects.toThrow(/Injected fault/);
    } finally {
      restore();
    }
    const doc = await api.orderDoc(placed.insertedId);
    expect(doc).toMatchObject({ status: 'cancelled', stockPending: true });
    await stock.settleOrderStock(new Date());
    expect(await stocks(list)).toEqual(before);
    const settled = await api.orderDoc(placed.insertedId);
    expect(settled?.stockPending).toBeUndefined();
    expect(settled?.released?.map(String).sort()).toEqual(list.map((p) => p._id).sort());
    await stock.settleOrderStock(new Date());
    expect(await stocks(list)).toEqual(before);
  });

  it('a short line given back halfway, and the sweep stopped before removing the order', async () => {
    const who = await newBuyer('Short crash');
    const list = await Promise.all([tiered(), tiered(), tiered(1_600)]);
    // The third line is short when it is taken: another buyer took 1,000 just before.
    let taken = false;
    const restore = faults.injectFaults(async (point) => {
      if (point === 'place:after-insert' && !taken) {
        taken = true;
        await (
          await products()
        ).updateOne({ _id: new ObjectId(list[2]!._id) }, { $inc: { availableQuantity: -1_000 } });
      }
      if (point === 'release:after-give') throw new faults.InjectedFault(point);
    });
    const before = [...(await stocks(list)).slice(0, 2), 600];
    try {
      await expect(placeDirect(who, list, 1_000)).rejects.toThrow(/Injected fault/);
    } finally {
      restore();
    }
    const stopSweep = crashAt('abandon:before-remove', 1);
    try {
      await expect(stock.settleOrderStock(later())).rejects.toThrow(/Injected fault/);
    } finally {
      stopSweep();
    }
    // The sweep that stopped holds the order for its own claim; the next one after that ends it.
    await stock.settleOrderStock(new Date(Date.now() + 2 * stock.CLAIM_MS + 2_000));
    expect(await stocks(list)).toEqual(before);
    expect(await (await orders()).countDocuments({ userId: new ObjectId(who.user.id) })).toBe(0);
  });

  it('a request that stalls past its claim cannot take stock after the sweep undid its order', async () => {
    const who = await newBuyer('Stalled');
    const list = await Promise.all([tiered(), tiered()]);
    const before = await stocks(list);
    // The order as a stalled request leaves it: inserted, its claim run out, nothing taken yet.
    const restore = crashAt('place:after-insert', 1);
    try {
      await expect(placeDirect(who, list)).rejects.toThrow(/Injected fault/);
    } finally {
      restore();
    }
    const [doc] = await (await orders()).find({ userId: new ObjectId(who.user.id) }).toArray();
    await stock.settleOrderStock(later());
    // The stalled request wakes up and tries to take its lines: every take is refused.
    const outcome = await stock.reserveOrderStock(doc!._id, doc!.claim!.token, [
      { productId: new ObjectId(list[0]!._id), quantity: 1_000 },
    ]);
    expect(outcome.ok).toBe(false);
    expect(await stocks(list)).toEqual(before);
  });
});

describe('stock markers', () => {
  async function markersOf(productId: string) {
    const doc = await (await products()).findOne({ _id: new ObjectId(productId) });
    return doc?.stockMoves ?? [];
  }

  it('a product keeps a marker only while an unpaid order holds its stock', async () => {
    const who = await newBuyer('Markers');
    const [a, b] = await Promise.all([tiered(), tiered()]);
    const paid = await placeDirect(who, [a, b]);
    const cancelled = await placeDirect(who, [a, b]);
    if (!paid.ok || !cancelled.ok) throw new Error('not placed');
    expect((await markersOf(a._id)).map((move) => move.key).sort()).toEqual(
      [`${paid.insertedId}:take`, `${cancelled.insertedId}:take`].sort(),
    );
    await make.payOrder(paid.insertedId, 'pi_markers_paid');
    await store.cancelUnpaidOrder(cancelled.insertedId, { kind: 'system' }, 'cancelled_by_store');
    expect(await markersOf(a._id)).toEqual([]);
    expect(await markersOf(b._id)).toEqual([]);
    expect(await stocks([a, b])).toEqual([100_000 - 1_000, 100_000 - 1_000]);
  });
});

describe('migration: orders from before lines', () => {
  it('become one-line orders once, however often it runs', async () => {
    const product = await tiered();
    const live = await make.makeOrder(buyer.user, product, { quantity: 1_000 });
    const cancelled = await make.makeOrder(buyer.user, product, { quantity: 700 });
    await store.cancelUnpaidOrder(cancelled._id, { kind: 'system' }, 'cancelled_by_store');
    const collection = await orders();
    for (const id of [live._id, cancelled._id]) {
      await collection.updateOne(
        { _id: new ObjectId(id) },
        { $unset: { lines: '', reserved: '', released: '' } },
      );
    }
    const database = await db.getDb();
    await migrations.giveOrdersLines(database);
    const once = await collection
      .find({ _id: { $in: [new ObjectId(live._id), new ObjectId(cancelled._id)] } })
      .toArray();
    await migrations.giveOrdersLines(database);
    const twice = await collection
      .find({ _id: { $in: [new ObjectId(live._id), new ObjectId(cancelled._id)] } })
      .toArray();
    expect(twice).toEqual(once);
    const [first, second] = once;
    expect(first?.lines).toEqual([
      {
        productId: new ObjectId(product._id),
        sku: product.sku,
        name: product.name,
        picture: product.picture,
        quantity: 1_000,
        unitPriceCents: 265,
        totalCents: 265_000,
      },
    ]);
    expect(first?.reserved).toEqual([new ObjectId(product._id)]);
    expect(first?.released).toEqual([]);
    expect(second?.released).toEqual([new ObjectId(product._id)]);
    // The migrated order cancels and restocks as any.
    const stockBefore = await api.stockOf(product._id);
    await store.cancelUnpaidOrder(live._id, { kind: 'system' }, 'cancelled_by_store');
    expect(await api.stockOf(product._id)).toBe(stockBefore + 1_000);
  });
});
