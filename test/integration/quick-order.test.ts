import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// A low unpaid-orders cap, so that a quick order can meet it; each test has buyers of its own.
const hooks = vi.hoisted(() => {
  process.env.MAX_UNPAID_ORDERS = '6';
  return { afterLookup: null as null | (() => Promise<void>) };
});

// The one seam of this file: a test may act right after the quick order's catalogue lookup,
// i.e. between the check of the lines and the placing of their orders (another buyer taking a
// product's stock meanwhile). The lookup itself is the real one, against the real engine.
vi.mock('@/lib/catalogue/store', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/catalogue/store')>();
  return {
    ...real,
    findProductsBySkus: async (skus: readonly string[]) => {
      const found = await real.findProductsBySkus(skus);
      const hook = hooks.afterLookup;
      hooks.afterLookup = null;
      if (hook) await hook();
      return found;
    },
  };
});

import { ObjectId } from 'mongodb';
import { POST as checkRoute } from '@/app/api/quick-order/check/route';
import { POST as placeRoute } from '@/app/api/quick-order/route';
import { POST as cartRoute } from '@/app/api/quick-order/cart/route';
import { POST as reorderRoute } from '@/app/api/orders/[id]/reorder/route';
import { addToCart, viewCart } from '@/lib/cart';
import { settleBackgroundWork } from '@/lib/core/background';
import { closeConnection, collections, getDb } from '../support/db';
import { deleteProduct } from '@/lib/catalogue/store';
import { markEmailVerified } from '@/lib/accounts/store/users';
import { quickOrderMessages, fieldMessages, orderAgainMessages } from '@/lib/core/messages';
import type { Id } from '@/lib/core/ids';
import { deleteOrder, placeOrderOfLines } from '@/lib/orders';
import { orderAgainPrefill, orderAgainQuantity } from '@/lib/orders/order-again';
import { makeOrder, makeProduct } from '../support/factories';
import { json, stockOf } from '../support/orders';
import { createActor, params, request, type Actor } from '../support/users';

const noParams = params({});
type Who = { session: Record<string, string> } | 'anonymous';

const headersOf = (who: Who) => (who === 'anonymous' ? {} : who.session);
const check = (who: Who, body: unknown) =>
  json(
    checkRoute(
      request('/api/quick-order/check', { method: 'POST', headers: headersOf(who), json: body }),
      noParams,
    ),
  );
const place = (who: Who, body: unknown) =>
  json(
    placeRoute(
      request('/api/quick-order', { method: 'POST', headers: headersOf(who), json: body }),
      noParams,
    ),
  );

const toCart = (who: Who, body: unknown) =>
  json(
    cartRoute(
      request('/api/quick-order/cart', { method: 'POST', headers: headersOf(who), json: body }),
      noParams,
    ),
  );
const reorder = (who: Who, id: string) =>
  json(
    reorderRoute(
      request(`/api/orders/${id}/reorder`, { method: 'POST', headers: headersOf(who) }),
      params({ id }),
    ),
  );

const delivery = { address: '12 Foundry Lane, Sheffield', phone: '01142345678' };

async function ordersOf(actor: Actor) {
  return collections(await getDb())
    .orders.find({ userId: new ObjectId(actor.user.id) })
    .sort({ createdAt: 1, _id: 1 })
    .toArray();
}

let buyer: Actor;
let other: Actor;
let admin: Actor;

beforeAll(async () => {
  [buyer, other, admin] = await Promise.all([
    createActor('user', 'Quick Buyer'),
    createActor('user', 'Other Buyer'),
    createActor('admin', 'Ada Admin'),
  ]);
});

afterAll(async () => {
  await settleBackgroundWork();
  await closeConnection();
});

describe('POST /api/quick-order/check', () => {
  it('reports every line: unknown part, below minimum with the nearest valid quantity, above stock with the stock, malformed, merged duplicates', async () => {
    const bushing = await makeProduct({ minimumOrderQuantity: 1000, availableQuantity: 5000 });
    const valve = await makeProduct({ availableQuantity: 800 });
    const bolt = await makeProduct({ price: 2.5, availableQuantity: 10_000 });
    const text = [
      'part number,quantity',
      `${bushing.sku}, 600`,
      'NO-SUCH-PART-1, 1000',
      `${valve.sku};2000`,
      `${bolt.sku!.toLowerCase()},500`,
      'just some words',
      '',
      `${bolt.sku}\t700`,
      `${bushing.sku},abc`,
      '"unclosed, 500',
    ].join('\n');

    const res = await check(buyer, { text });
    expect(res.status).toBe(200);
    const byLine = Object.fromEntries(
      res.body.lines.map((line: { lines: number[] }) => [line.lines[0], line]),
    );
    expect(res.body.lines.map((line: { lines: number[] }) => line.lines)).toEqual([
      [2],
      [3],
      [4],
      [5, 8],
      [6],
      [9],
      [10],
    ]);
    expect(byLine[2]).toMatchObject({
      partNumber: bushing.sku,
      quantity: 600,
      status: 'below_minimum',
      suggestedQuantity: 1000,
      message: 'Minimum Order Quantity - 1000. Nearest valid quantity: 1000',
      product: { _id: bushing._id, name: bushing.name },
    });
    expect(byLine[3]).toMatchObject({
      partNumber: 'NO-SUCH-PART-1',
      status: 'unknown_part',
      message: quickOrderMessages.unknownPart,
      product: null,
    });
    expect(byLine[4]).toMatchObject({
      quantity: 2000,
      status: 'above_stock',
      available: 800,
      suggestedQuantity: 800,
      message: quickOrderMessages.aboveStock(800, 800),
    });
    expect(byLine[4].message).toContain('Only 800 available');
    // The same part number in another case, on another line: one line, quantities summed.
    expect(byLine[5]).toMatchObject({
      lines: [5, 8],
      quantity: 1200,
      status: 'ok',
      message: null,
      merged: 'Lines 5 and 8 merged: quantities summed',
      product: { _id: bolt._id, unitPrice: 2.5, price: 3000 },
    });
    expect(byLine[6]).toMatchObject({ status: 'malformed', message: quickOrderMessages.malformed });
    expect(byLine[9]).toMatchObject({
      status: 'malformed',
      message: quickOrderMessages.quantityWhole,
    });
    expect(byLine[10]).toMatchObject({ status: 'malformed' });
    expect(res.body.orderable).toBe(1);

    // A check writes nothing.
    expect(await ordersOf(buyer)).toHaveLength(0);
    expect(await stockOf(bolt._id)).toBe(10_000);
  });

  it('takes 20 lines under a header, and refuses 21 before anything happens', async () => {
    const bolt = await makeProduct({ availableQuantity: 1_000_000 });
    const lines = (n: number) => Array.from({ length: n }, () => `${bolt.sku},500`);
    const twenty = await check(buyer, { text: ['Part Number,Quantity', ...lines(20)].join('\n') });
    expect(twenty.status).toBe(200);
    expect(twenty.body.lines).toHaveLength(1);
    expect(twenty.body.lines[0]).toMatchObject({ quantity: 10_000, status: 'ok' });

    const tooMany = ['part number,quantity', ...lines(21)].join('\n');
    for (const answer of [
      await check(buyer, { text: tooMany }),
      await place(buyer, { text: tooMany, ...delivery }),
    ]) {
      expect(answer.status).toBe(422);
      expect(answer.body.error.message).toBe(
        'A quick order takes at most 20 lines; this one has 21. Split it into several quick orders.',
      );
    }
    expect(await ordersOf(buyer)).toHaveLength(0);
    expect(await stockOf(bolt._id)).toBe(1_000_000);
  });

  it('refuses an empty text and an anonymous caller', async () => {
    const empty = await check(buyer, { text: ' \n ' });
    expect(empty.status).toBe(422);
    expect(empty.body.error.details.fields.text).toEqual([quickOrderMessages.textRequired]);
    expect((await check('anonymous', { text: 'A,500' })).status).toBe(401);
    expect((await place('anonymous', { text: 'A,500', ...delivery })).status).toBe(401);
  });
});

describe('POST /api/quick-order', () => {
  it('places the valid lines as one order of many lines and reports the others', async () => {
    const buyerC = await createActor('user', 'Buyer C');
    const gear = await makeProduct({ price: 1.2, availableQuantity: 9000 });
    const chain = await makeProduct({ price: 3, availableQuantity: 4000 });
    const text = `${gear.sku},1000\nUNKNOWN-9,500\n${chain.sku},500\n${gear.sku},500`;
    const res = await place(buyerC, { text, ...delivery, poNumber: 'PO-77' });
    expect(res.status).toBe(200);
    expect(res.body.placed).toHaveLength(2);
    expect(res.body.placed[0]).toMatchObject({
      lines: [1, 4],
      partNumber: gear.sku,
      quantity: 1500,
      productId: gear._id,
      productName: gear.name,
      price: 1800,
    });
    expect(res.body.placed[1]).toMatchObject({ lines: [3], quantity: 500, price: 1500 });
    expect(res.body.failed).toEqual([
      {
        lines: [2],
        text: 'UNKNOWN-9, 500',
        partNumber: 'UNKNOWN-9',
        quantity: 500,
        status: 'unknown_part',
        message: quickOrderMessages.unknownPart,
      },
    ]);
    const orders = await ordersOf(buyerC);
    // One order for the quick order: every placed line carries its id.
    expect(orders).toHaveLength(1);
    const orderId = orders[0]!._id.toHexString();
    expect(res.body.placed.map((line: { orderId: string }) => line.orderId)).toEqual([
      orderId,
      orderId,
    ]);
    expect(res.body.order).toEqual({
      _id: orderId,
      name: `${gear.name} and 1 more part`,
      price: 3300,
    });
    expect(
      orders[0]!.lines!.map((line) => [
        line.productId.toHexString(),
        line.quantity,
        line.totalCents,
      ]),
    ).toEqual([
      [gear._id, 1500, 180_000],
      [chain._id, 500, 150_000],
    ]);
    for (const order of orders) {
      expect(order).toMatchObject({
        address: delivery.address,
        phone: delivery.phone,
        poNumber: 'PO-77',
        status: 'unpaid',
      });
    }
    expect(await stockOf(gear._id)).toBe(9000 - 1500);
    expect(await stockOf(chain._id)).toBe(4000 - 500);
  });

  it('a line whose stock is taken between the check and the order fails with its reason; the others stand in one order, each reserved once', async () => {
    const buyerD = await createActor('user', 'Buyer D');
    const first = await makeProduct({ availableQuantity: 6000 });
    const scarce = await makeProduct({ availableQuantity: 1600 });
    const last = await makeProduct({ availableQuantity: 3000 });
    const text = `${first.sku},1000\n${scarce.sku},1000\n${last.sku},2000`;
    // Checked: every line may be ordered.
    const report = await check(buyerD, { text });
    expect(report.body.orderable).toBe(3);

    // Right after the placing request's own check, another buyer takes most of the stock.
    hooks.afterLookup = async () => {
      await makeOrder(other.user, scarce, { quantity: 1000 });
    };
    const res = await place(buyerD, { text, ...delivery });
    expect(hooks.afterLookup).toBeNull();
    expect(res.status).toBe(200);
    expect(res.body.placed.map((line: { productId: string }) => line.productId)).toEqual([
      first._id,
      last._id,
    ]);
    expect(res.body.failed).toEqual([
      {
        lines: [2],
        text: `${scarce.sku}, 1000`,
        partNumber: scarce.sku,
        quantity: 1000,
        status: 'not_placed',
        message: fieldMessages.order.onlyAvailable(600),
      },
    ]);
    // Stock reserved exactly once per placed line, and nothing for the failed one.
    expect(await stockOf(first._id)).toBe(5000);
    expect(await stockOf(last._id)).toBe(1000);
    expect(await stockOf(scarce._id)).toBe(600);
    const orders = await ordersOf(buyerD);
    expect(orders).toHaveLength(1);
    expect(orders[0]!.lines!.map((line) => line.quantity)).toEqual([1000, 2000]);
    expect(res.body.placed.map((line: { orderId: string }) => line.orderId)).toEqual([
      orders[0]!._id.toHexString(),
      orders[0]!._id.toHexString(),
    ]);
  });

  it('a quick order is one order against the unpaid-orders cap; over the cap every line fails with the cap’s message and nothing is placed', async () => {
    const buyerE = await createActor('user', 'Buyer E');
    // A verified account's cap (MAX_UNPAID_ORDERS); an unverified one's is 3 (unverified-holds).
    await markEmailVerified(buyerE.user.id, buyerE.user.email);
    const held = await makeProduct({ availableQuantity: 100_000 });
    for (let i = 0; i < 4; i += 1) await makeOrder(buyerE.user, held);
    const parts = await Promise.all([1, 2, 3, 4].map(() => makeProduct()));
    const text = parts.map((part) => `${part.sku},500`).join('\n');
    // Four lines, one order: the fifth unpaid order.
    const res = await place(buyerE, { text, ...delivery });
    expect(res.status).toBe(200);
    expect(res.body.placed.map((line: { lines: number[] }) => line.lines)).toEqual([
      [1],
      [2],
      [3],
      [4],
    ]);
    expect(res.body.failed).toEqual([]);
    expect(await ordersOf(buyerE)).toHaveLength(5);

    await makeOrder(buyerE.user, held);
    const over = await place(buyerE, { text, ...delivery });
    expect(over.status).toBe(200);
    expect(over.body.order).toBeNull();
    expect(over.body.placed).toEqual([]);
    expect(over.body.failed).toEqual(
      [1, 2, 3, 4].map((line) => expect.objectContaining({ lines: [line], status: 'not_placed' })),
    );
    expect(over.body.failed[0].message).toBe(
      'You already have 6 unpaid orders. Please pay or delete one of them before placing another.',
    );
    for (const part of parts) expect(await stockOf(part._id)).toBe(10_000 - 500);
    expect(await ordersOf(buyerE)).toHaveLength(6);
  });

  it('places nothing when no line may be ordered (422 with the report), or when the delivery fields are invalid', async () => {
    const buyerF = await createActor('user', 'Buyer F');
    const bolt = await makeProduct({ availableQuantity: 700 });
    const none = await place(buyerF, { text: `NOPE-1,500\n${bolt.sku},800`, ...delivery });
    expect(none.status).toBe(422);
    expect(none.body.error.message).toBe(
      'None of the lines can be ordered. Correct them and check again.',
    );
    expect(none.body.error.details.lines.map((line: { status: string }) => line.status)).toEqual([
      'unknown_part',
      'above_stock',
    ]);

    const badPhone = await place(buyerF, {
      text: `${bolt.sku},500`,
      address: '',
      phone: 'call me',
    });
    expect(badPhone.status).toBe(422);
    expect(Object.keys(badPhone.body.error.details.fields).sort()).toEqual(['address', 'phone']);
    expect(await ordersOf(buyerF)).toHaveLength(0);
    expect(await stockOf(bolt._id)).toBe(700);
  });

  it("counts the quick order's one order once against the buyer's hourly order limit; over it nothing is placed", async () => {
    const buyerG = await createActor('user', 'Buyer G');
    const { rateLimits } = collections(await getDb());
    const windowMs = 60 * 60 * 1000;
    const windowStart = Math.floor(Date.now() / windowMs) * windowMs;
    const id = `order:user:${buyerG.user.id}:${windowStart}`;
    await rateLimits.insertOne({ _id: id, count: 59, expiresAt: new Date(windowStart + windowMs) });
    const parts = await Promise.all([1, 2, 3].map(() => makeProduct()));
    const text = parts.map((part) => `${part.sku},500`).join('\n');
    const three = await place(buyerG, { text, ...delivery });
    expect(three.status).toBe(200);
    expect(three.body.placed).toHaveLength(3);
    expect(await ordersOf(buyerG)).toHaveLength(1);
    expect((await rateLimits.findOne({ _id: id }))?.count).toBe(60);
    const res = await place(buyerG, { text, ...delivery });
    expect(res.status).toBe(429);
    expect(await ordersOf(buyerG)).toHaveLength(1);
    // Refused as any one order over the limit is (POST /api/order): counted, nothing placed.
    expect((await rateLimits.findOne({ _id: id }))?.count).toBe(61);
  });
});

describe('Order again', () => {
  it("prefills quantity, address and phone of the viewer's own order only", async () => {
    const owner = await createActor('user', 'Owner');
    const product = await makeProduct({ availableQuantity: 50_000 });
    const order = await makeOrder(owner.user, product, {
      quantity: 5000,
      address: '7 Anvil Row, Leeds',
      phone: '0113555000',
    });
    expect(await orderAgainPrefill(owner.user, order._id, product)).toEqual({
      quantity: '5000',
      address: '7 Anvil Row, Leeds',
      phone: '0113555000',
      notices: [orderAgainMessages.prefilled],
    });
    // Someone else's order id prefills nothing, for another buyer and for an admin alike.
    expect(await orderAgainPrefill(other.user, order._id, product)).toBeNull();
    expect(await orderAgainPrefill(admin.user, order._id, product)).toBeNull();
    // Nor an id of nothing, nor the order on another product's page.
    expect(await orderAgainPrefill(owner.user, new ObjectId().toHexString(), product)).toBeNull();
    const another = await makeProduct();
    expect(await orderAgainPrefill(owner.user, order._id, another)).toBeNull();
    // An order its buyer deleted is gone for them.
    await deleteOrder(owner.user, order._id, 'http://127.0.0.1');
    expect(await orderAgainPrefill(owner.user, order._id, product)).toBeNull();
  });

  it('takes the nearest valid choice of the dropdown when the earlier quantity is no longer valid, and says why', async () => {
    const owner = await createActor('user', 'Owner Two');
    const product = await makeProduct({ minimumOrderQuantity: 500, availableQuantity: 30_000 });
    const order = await makeOrder(owner.user, product, { quantity: 21_000 });
    // Today the minimum is higher and the stock lower than when it was ordered.
    const today = { ...product, minimumOrderQuantity: 1000, availableQuantity: 9000 };
    expect(await orderAgainPrefill(owner.user, order._id, today)).toMatchObject({
      quantity: '8000',
      notices: [
        orderAgainMessages.prefilled,
        'Only 9000 available: your earlier quantity 21000 was changed to 8000.',
      ],
    });

    const stock = { minimumOrderQuantity: 1000, availableQuantity: 100_000 };
    expect(orderAgainQuantity(600, stock)).toEqual({
      quantity: 1000,
      notice: 'Minimum Order Quantity - 1000: your earlier quantity 600 was changed to 1000.',
    });
    expect(orderAgainQuantity(300, { minimumOrderQuantity: 500, availableQuantity: 1000 })).toEqual(
      {
        quantity: 500,
        notice: 'Minimum Order Quantity - 500: your earlier quantity 300 was changed to 500.',
      },
    );
    expect(orderAgainQuantity(1800, stock)).toEqual({
      quantity: 1000,
      notice:
        'Your earlier quantity 1800 is not one of the quantities offered: 1000 was chosen instead.',
    });
    expect(orderAgainQuantity(5000, { minimumOrderQuantity: 500, availableQuantity: 400 })).toEqual(
      {
        quantity: null,
        notice: 'Only 400 available: your earlier quantity 5000 cannot be ordered again now.',
      },
    );
    expect(orderAgainQuantity(5000, stock)).toEqual({ quantity: 5000, notice: null });
  });

  it("a deleted product's order is not prefilled on any page: My Orders says it is no longer sold", async () => {
    const owner = await createActor('user', 'Owner Three');
    const product = await makeProduct();
    await makeOrder(owner.user, product);
    const { existingProductIds } = await import('@/lib/catalogue/store');
    expect(await existingProductIds([product._id])).toEqual(new Set([product._id]));
    expect(await deleteProduct(product._id)).toBe(true);
    expect(await existingProductIds([product._id])).toEqual(new Set());
  });
});

describe('Quick order as one order, or into the order list', () => {
  it('five pasted lines end in one order with five lines, each priced by its own tier, stock taken once per line', async () => {
    const buyerH = await createActor('user', 'Buyer H');
    const parts = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => makeProduct({ price: n, availableQuantity: 20_000 })),
    );
    const text = parts.map((part, i) => `${part.sku}, ${(i + 1) * 1000}`).join('\n');
    const res = await place(buyerH, { text, ...delivery, poNumber: 'PO-FIVE' });
    expect(res.status).toBe(200);
    expect(res.body.failed).toEqual([]);
    expect(res.body.placed).toHaveLength(5);
    const orders = await ordersOf(buyerH);
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(order).toMatchObject({ status: 'unpaid', poNumber: 'PO-FIVE', quantity: 15_000 });
    expect(order.lines!.map((line) => [line.productId.toHexString(), line.quantity])).toEqual(
      parts.map((part, i) => [part._id, (i + 1) * 1000]),
    );
    // $1 x 1000 + $2 x 2000 + $3 x 3000 + $4 x 4000 + $5 x 5000 = $55,000.
    expect(order.totalCents).toBe(5_500_000);
    expect(res.body.order).toMatchObject({ _id: order._id.toHexString(), price: 55_000 });
    for (const [i, part] of parts.entries()) {
      expect(await stockOf(part._id)).toBe(20_000 - (i + 1) * 1000);
    }
  });

  it('POST /api/quick-order/cart puts the valid lines in the order list, added to a line it has, and orders nothing', async () => {
    const buyerI = await createActor('user', 'Buyer I');
    const kept = await makeProduct({ availableQuantity: 50_000 });
    const fresh = await makeProduct({ availableQuantity: 50_000 });
    const scarce = await makeProduct({ availableQuantity: 700 });
    await addToCart(buyerI.user, kept._id as Id, 1000);
    const text = `${kept.sku},2000\n${fresh.sku},500\nNOPE-77,500\n${scarce.sku},800`;
    const res = await toCart(buyerI, { text });
    expect(res.status).toBe(200);
    expect(res.body.added.map((line: { productId: string }) => line.productId)).toEqual([
      kept._id,
      fresh._id,
    ]);
    expect(res.body.failed.map((line: { lines: number[]; status: string }) => line)).toEqual([
      expect.objectContaining({ lines: [3], status: 'unknown_part' }),
      expect.objectContaining({ lines: [4], status: 'above_stock' }),
    ]);
    expect(
      res.body.cart.lines.map((line: { productId: string; quantity: number }) => [
        line.productId,
        line.quantity,
      ]),
    ).toEqual([
      [kept._id, 3000],
      [fresh._id, 500],
    ]);
    expect((await viewCart(buyerI.user)).lineCount).toBe(2);
    expect(await ordersOf(buyerI)).toHaveLength(0);
    expect(await stockOf(kept._id)).toBe(50_000);

    const none = await toCart(buyerI, { text: 'NOPE-77,500' });
    expect(none.status).toBe(422);
    expect((await toCart('anonymous', { text })).status).toBe(401);
  });
});

describe('Order again into the order list', () => {
  it("puts every line of the buyer's own order back in the list at today's prices, merged with lines it has; a deleted product is skipped", async () => {
    const buyerJ = await createActor('user', 'Buyer J');
    const bolt = await makeProduct({ price: 2, availableQuantity: 50_000 });
    const nut = await makeProduct({ price: 1, availableQuantity: 50_000 });
    const gone = await makeProduct({ availableQuantity: 50_000 });
    const orderId = await placeOrderOfLines(
      buyerJ.user,
      {
        ...delivery,
        lines: [
          { productId: bolt._id, quantity: 1000 },
          { productId: nut._id, quantity: 2000 },
          { productId: gone._id, quantity: 500 },
        ],
      },
      'http://127.0.0.1',
    );
    expect(await deleteProduct(gone._id)).toBe(true);
    // Today bolts cost more; the list already has nuts.
    await collections(await getDb()).products.updateOne(
      { _id: new ObjectId(bolt._id) },
      { $set: { priceCents: 300 } },
    );
    await addToCart(buyerJ.user, nut._id as Id, 500);

    const res = await reorder(buyerJ, orderId);
    expect(res.status).toBe(200);
    expect(res.body.skipped).toEqual([
      {
        productId: gone._id,
        sku: gone.sku,
        name: gone.name,
        quantity: 500,
        reason: 'not_found',
      },
    ]);
    expect(
      res.body.cart.lines.map(
        (line: { productId: string; quantity: number; unitPriceCents: number }) => [
          line.productId,
          line.quantity,
          line.unitPriceCents,
        ],
      ),
    ).toEqual([
      [nut._id, 2500, 100],
      [bolt._id, 1000, 300],
    ]);
    expect(res.body.cart.totalCents).toBe(2500 * 100 + 1000 * 300);
    // Nothing is ordered, and no stock moves.
    expect(await ordersOf(buyerJ)).toHaveLength(1);
    expect(await stockOf(bolt._id)).toBe(49_000);
  });

  it("only the order's buyer may: someone else's order is 403 (admins included), no order 404", async () => {
    const owner = await createActor('user', 'Owner Four');
    const product = await makeProduct();
    const order = await makeOrder(owner.user, product);
    expect((await reorder(other, order._id)).status).toBe(403);
    expect((await reorder(admin, order._id)).status).toBe(403);
    expect((await reorder('anonymous', order._id)).status).toBe(401);
    expect((await reorder(owner, new ObjectId().toHexString())).status).toBe(404);
    expect((await viewCart(other.user)).lineCount).toBe(0);
    await deleteOrder(owner.user, order._id, 'http://127.0.0.1');
    expect((await reorder(owner, order._id)).status).toBe(404);
  });
});
