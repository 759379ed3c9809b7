import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@/lib/catalogue';
import type { Id } from '@/lib/core/ids';
import type { Actor } from '../support/users';

// Contract prices and carton quantities in orders on the real engine (issue 26, parts 1 and 3):
// two companies buy one part at two contract prices, a buyer in no company at the list price;
// the server prices every order from the one resolution whatever the browser sends, records
// where each line's price came from and keeps it when the list changes later; cartons and
// maxima refuse quantities in the order form's endpoint, checkout, the order list, quick order
// and quotes by the same rule, naming the nearest valid quantities.

let db: typeof import('../support/db');
let users: typeof import('../support/users');
let api: typeof import('../support/orders');
let cart: typeof import('../support/cart');
let factories: typeof import('../support/factories');
let companyFixtures: typeof import('../support/companies');
let pricing: typeof import('@/lib/pricing');
let orders: typeof import('@/lib/orders');
let quotes: typeof import('@/lib/quotes');
let invoices: typeof import('@/lib/invoices/invoice');
let admin: Actor;

beforeAll(async () => {
  db = await import('../support/db');
  users = await import('../support/users');
  api = await import('../support/orders');
  cart = await import('../support/cart');
  factories = await import('../support/factories');
  companyFixtures = await import('../support/companies');
  pricing = await import('@/lib/pricing');
  orders = await import('@/lib/orders');
  quotes = await import('@/lib/quotes');
  invoices = await import('@/lib/invoices/invoice');
  admin = await users.createActor('admin');
});

afterAll(async () => {
  await db?.closeConnection();
});

const delivery = { address: '12 Mill Road, Sheffield', phone: '01142345678' };

type ListInput = Parameters<typeof import('@/lib/pricing').createPriceList>[1];
type EntryInput = Parameters<typeof import('@/lib/pricing').setEntry>[2];

/** A price list with these entries, assigned to the company; answers the list's id. */
async function contract(
  companyId: ObjectId,
  list: Partial<ListInput>,
  entries: Array<[Product, Partial<EntryInput>]>,
): Promise<string> {
  const created = await pricing.createPriceList(admin.user, {
    name: `Contract ${new ObjectId().toHexString().slice(-6)}`,
    ...list,
  } as ListInput);
  for (const [product, entry] of entries) {
    await pricing.setEntry(created._id as Id, product._id as Id, entry as EntryInput);
  }
  await pricing.assignPriceList(admin.user, companyId.toHexString() as Id, {
    priceListId: created._id as Id,
  });
  return created._id;
}

/** A buyer of a new company (role `buyer`, no approval limit). */
async function companyBuyer() {
  const made = await companyFixtures.makeCompany([{ role: 'buyer' }]);
  return { companyId: made.companyId, buyer: made.members[0]! };
}

/** The order form's body, with product fields and a price the browser made up. */
const formBody = (product: Product, quantity: number) => ({
  productId: product._id,
  quantity,
  userName: 'Anyone',
  email: 'anyone@example.com',
  name: product.name,
  picture: product.picture,
  description: product.description,
  minimumOrderQuantity: 1,
  availableQuantity: 99_999_999,
  price: 0.01,
  ...delivery,
});

describe('contract prices in orders', () => {
  it('prices one part at each company’s contract, and at the list for a buyer in no company', async () => {
    const part = await factories.makeProduct({ price: 3, availableQuantity: 100_000 });
    const a = await companyBuyer();
    const b = await companyBuyer();
    const listA = await contract(a.companyId, {}, [[part, { unitPrice: 2.5 }]]);
    const listB = await contract(b.companyId, { percentOff: 10 }, []);
    const loner = await users.createActor('user');
    await factories.verifyEmail(loner.user);

    const placed = {
      a: await api.placeOrder(a.buyer, formBody(part, 1_000)),
      b: await api.placeOrder(b.buyer, formBody(part, 1_000)),
      loner: await api.placeOrder(loner, formBody(part, 1_000)),
    };
    for (const answer of Object.values(placed)) expect(answer.status).toBe(201);
    const docA = await api.orderDoc(placed.a.body.insertedId);
    const docB = await api.orderDoc(placed.b.body.insertedId);
    const docLoner = await api.orderDoc(placed.loner.body.insertedId);
    // Whatever the browser sent (a price of $0.01, a minimum of 1), the server's prices.
    expect(docA).toMatchObject({ unitPriceCents: 250, totalCents: 250_000 });
    expect(docA!.lines![0]).toMatchObject({
      unitPriceCents: 250,
      priceSource: `contract:${listA}`,
    });
    expect(docB).toMatchObject({ unitPriceCents: 270, totalCents: 270_000 });
    expect(docB!.lines![0]).toMatchObject({
      unitPriceCents: 270,
      priceSource: `contract:${listB}`,
    });
    expect(docLoner).toMatchObject({ unitPriceCents: 300, totalCents: 300_000 });
    expect(docLoner!.lines![0]).toMatchObject({ priceSource: 'list' });

    // Changing or unassigning the list never changes a placed order.
    await pricing.setEntry(listA as Id, part._id as Id, { unitPrice: 1.75 } as EntryInput);
    await pricing.assignPriceList(admin.user, b.companyId.toHexString() as Id, {
      priceListId: null,
    });
    expect(await api.orderDoc(placed.a.body.insertedId)).toMatchObject({ totalCents: 250_000 });
    expect(await api.orderDoc(placed.b.body.insertedId)).toMatchObject({ totalCents: 270_000 });
    const again = await api.placeOrder(a.buyer, formBody(part, 1_000));
    expect(await api.orderDoc(again.body.insertedId)).toMatchObject({ unitPriceCents: 175 });
    const afterB = await api.placeOrder(b.buyer, formBody(part, 1_000));
    expect((await api.orderDoc(afterB.body.insertedId))!.lines![0]).toMatchObject({
      unitPriceCents: 300,
      priceSource: 'list',
    });
  });

  it('prices the order list and checkout at the contract, each line with its source', async () => {
    const fixed = await factories.makeProduct({ price: 3, availableQuantity: 100_000 });
    const tiered = await factories.makeProduct({
      price: 2,
      availableQuantity: 100_000,
      priceTiers: [
        { minQuantity: 500, price: 2 },
        { minQuantity: 5_000, price: 1.8 },
      ],
    });
    const plain = await factories.makeProduct({ price: 4, availableQuantity: 100_000 });
    const { buyer } = await companyBuyer().then(async (made) => {
      await contract(made.companyId, {}, [
        [fixed, { unitPrice: 2.25 }],
        [
          tiered,
          {
            tiers: [
              { minQuantity: 500, unitPrice: 1.9 },
              { minQuantity: 2_000, unitPrice: 1.5 },
            ],
          },
        ],
      ]);
      return made;
    });
    await cart.addLine(buyer, fixed._id, 1_000);
    await cart.addLine(buyer, tiered._id, 2_000);
    const listed = await cart.addLine(buyer, plain._id, 500);
    expect(listed.status).toBe(200);
    const lines = listed.body.lines as Array<Record<string, unknown>>;
    expect(
      lines.map((line) => [line.unitPriceCents, String(line.priceSource).split(':')[0]]),
    ).toEqual([
      [225, 'contract'],
      [150, 'contract'],
      [400, 'list'],
    ]);
    expect(listed.body.totalCents).toBe(225_000 + 300_000 + 200_000);

    const placed = await cart.checkout(buyer, delivery);
    expect(placed.status).toBe(201);
    const doc = await api.orderDoc(placed.body.insertedId ?? placed.body._id);
    expect(doc!.totalCents).toBe(725_000);
    expect(doc!.lines!.map((line) => line.priceSource?.split(':')[0])).toEqual([
      'contract',
      'contract',
      'list',
    ]);

    // The invoice says where each price came from.
    const record = await orders.findOrder(doc!._id.toHexString());
    const invoiceLines = invoices.invoiceLines(record!, {
      partNumber: null,
    } as Parameters<typeof invoices.invoiceLines>[1]);
    expect(invoiceLines.map((line) => line.priceSource)).toEqual([
      'Contract price',
      'Contract price',
      'List price',
    ]);
  });

  it('ignores a list out of its dates: list prices and the product’s own quantity rule', async () => {
    const part = await factories.makeProduct({ price: 3, availableQuantity: 100_000 });
    const { companyId, buyer } = await companyBuyer();
    await contract(companyId, { validTo: new Date('2020-12-31T23:59:59Z') } as Partial<ListInput>, [
      [part, { unitPrice: 1, multiple: 100 }],
    ]);
    const placed = await api.placeOrder(buyer, formBody(part, 777));
    expect(placed.status).toBe(201);
    expect((await api.orderDoc(placed.body.insertedId))!.lines![0]).toMatchObject({
      unitPriceCents: 300,
      priceSource: 'list',
    });
  });
});

describe('cartons and maxima', () => {
  it('refuses a quantity that is not whole cartons, or below the carton-rounded minimum, naming the valid ones', async () => {
    const part = await factories.makeProduct({
      orderMultiple: 48,
      minimumOrderQuantity: 480,
      availableQuantity: 10_000,
    } as never);
    const loner = await users.createActor('user');
    await factories.verifyEmail(loner.user);

    const below = await api.placeOrder(loner, formBody(part, 504));
    expect(below.status).toBe(422);
    expect(below.body.error.details.fields.quantity).toEqual([
      'Minimum Order Quantity - 528 (cartons of 48)',
    ]);
    const between = await api.placeOrder(loner, formBody(part, 600));
    expect(between.status).toBe(422);
    expect(between.body.error.details.fields.quantity).toEqual([
      'Sold in cartons of 48: 576 or 624.',
    ]);
    const ok = await api.placeOrder(loner, formBody(part, 576));
    expect(ok.status).toBe(201);
    expect(await api.stockOf(part._id)).toBe(10_000 - 576);
  });

  it('caps at the maximum per order and at the last whole carton of the stock', async () => {
    const capped = await factories.makeProduct({
      orderMultiple: 48,
      minimumOrderQuantity: 528,
      maxOrderQuantity: 960,
      availableQuantity: 10_000,
    } as never);
    const scarce = await factories.makeProduct({
      orderMultiple: 48,
      minimumOrderQuantity: 528,
      availableQuantity: 530,
    } as never);
    const loner = await users.createActor('user');
    await factories.verifyEmail(loner.user);

    const above = await api.placeOrder(loner, formBody(capped, 1_008));
    expect(above.status).toBe(422);
    expect(above.body.error.details.fields.quantity).toEqual([
      'At most 960 per order (cartons of 48).',
    ]);
    const short = await api.placeOrder(loner, formBody(scarce, 576));
    expect(short.status).toBe(422);
    expect(short.body.error.details.fields.quantity[0]).toMatch(/^Only 530 available/);

    // In the order list: the line is flagged with the nearest valid quantity.
    const refused = await cart.setLine(loner, capped._id, 1_000);
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.fields.quantity).toEqual(['Sold in cartons of 48: 960.']);
    expect((await cart.setLine(loner, scarce._id, 528)).status).toBe(200);
    expect((await cart.setLine(loner, capped._id, 960)).status).toBe(200);
    // The cartons change after the lines were set: the list flags them, never changing them.
    const products = (await db.getDb()).collection('products');
    await products.updateOne({ _id: new ObjectId(capped._id) }, { $set: { orderMultiple: 100 } });
    await products.updateOne({ _id: new ObjectId(scarce._id) }, { $set: { orderMultiple: 100 } });
    const view = await cart.getCart(loner);
    const lineOf = (id: string) =>
      view.body.lines.find((line: { productId: string }) => line.productId === id);
    // 960 is not whole cartons of 100; the most per order (960) rounds down to 900.
    expect(lineOf(capped._id)).toMatchObject({
      quantity: 960,
      orderMultiple: 100,
      minimumOrderQuantity: 600,
      issue: { code: 'not_multiple', nearestQuantity: 900 },
    });
    // A stock of 530 holds no carton of 100 above the minimum (600): nothing may be ordered.
    expect(lineOf(scarce._id).issue).toMatchObject({ code: 'above_stock', nearestQuantity: null });
    // Checkout names the line that is not whole cartons; nothing is taken.
    const checkout = await cart.checkout(loner, delivery);
    expect(checkout.status).toBe(409);
  });

  it('applies a contract’s carton, minimum and maximum to its company only', async () => {
    const part = await factories.makeProduct({
      orderMultiple: 48,
      minimumOrderQuantity: 528,
      availableQuantity: 100_000,
      price: 2,
    } as never);
    const a = await companyBuyer();
    await contract(a.companyId, {}, [
      [part, { unitPrice: 1.5, multiple: 200, minQuantity: 600, maxQuantity: 4_000 }],
    ]);
    const loner = await users.createActor('user');
    await factories.verifyEmail(loner.user);

    // Three cartons of 200 for the company: its minimum, at its price.
    const placed = await api.placeOrder(a.buyer, formBody(part, 600));
    expect(placed.status).toBe(201);
    expect(await api.orderDoc(placed.body.insertedId)).toMatchObject({ totalCents: 90_000 });
    expect(
      (await api.placeOrder(a.buyer, formBody(part, 4_200))).body.error.details.fields.quantity,
    ).toEqual(['At most 4,000 per order (cartons of 200).']);
    expect((await api.placeOrder(a.buyer, formBody(part, 576))).status).toBe(422);
    // Anyone else: the product's own cartons of 48.
    expect((await api.placeOrder(loner, formBody(part, 600))).status).toBe(422);
    expect((await api.placeOrder(loner, formBody(part, 576))).status).toBe(201);

    // Quick order judges by the same rule, with the contract's price.
    const report = await orders.checkQuickOrder(a.buyer.user, `${part.sku}, 800\n`);
    expect(report.lines[0]).toMatchObject({
      status: 'ok',
      product: { unitPrice: 1.5, orderMultiple: 200, minimumOrderQuantity: 600 },
    });
    const wrong = await orders.checkQuickOrder(loner.user, `${part.sku}, 600\n`);
    expect(wrong.lines[0]).toMatchObject({
      status: 'not_multiple',
      message: 'Sold in cartons of 48: 576 or 624.',
      suggestedQuantity: 624,
    });

    // A quote obeys the minimum and the carton, not the maximum nor the stock.
    await expect(
      quotes.requestQuote(
        loner.user,
        { productId: part._id, quantity: 600, ...delivery } as never,
        'http://127.0.0.1',
      ),
    ).rejects.toThrow('quantity: Sold in cartons of 48: 576 or 624.');
    const quote = await quotes.requestQuote(
      a.buyer.user,
      { productId: part._id, quantity: 1_000_000, ...delivery } as never,
      'http://127.0.0.1',
    );
    expect(quote.reference).toMatch(/^Q-/);
  });
});
