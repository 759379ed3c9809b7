import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeConnection, collections, getDb } from '../support/db';
import { GET as listProductsRoute, POST as addProductRoute } from '@/app/api/product/route';
import {
  GET as productRoute,
  PATCH as patchProductRoute,
} from '@/app/api/product/[productId]/route';
import { fieldMessages } from '@/lib/core/messages';
import { freshSku, makeProduct } from '../support/factories';
import { createActor, params, request, type Actor } from '../support/users';

// Volume price tiers through the product API: added with a product (JSON or the Add Product
// form's multipart), replaced by PATCH, stored in cents, answered in dollars by GET.

const m = fieldMessages.product;

let buyer: Actor;
let admin: Actor;
const anonymous: Actor['headers'] = {};

beforeAll(async () => {
  [buyer, admin] = await Promise.all([createActor('user'), createActor('admin')]);
});
afterAll(closeConnection);

async function call(response: Response | Promise<Response>) {
  const res = await response;
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const tiers = [
  { minQuantity: 500, price: 2.65 },
  { minQuantity: 5_000, price: 2.4 },
  { minQuantity: 20_000, price: 2.1 },
];

const bearing = (extra: Record<string, unknown> = {}) => ({
  name: 'Deep Groove Ball Bearing 6205-2RS',
  description: 'Single-row bearing with nitrile seals on both sides, greased for life.',
  minimumOrderQuantity: 500,
  availableQuantity: 42_000,
  price: 2.65,
  picture: '/images/products/deep-groove-ball-bearing.webp',
  category: 'bearings',
  sku: freshSku('6205-2RS'),
  ...extra,
});

const add = (headers: Actor['headers'], json: unknown) =>
  call(addProductRoute(request('/api/product', { method: 'POST', headers, json }), params({})));

const addForm = (headers: Actor['headers'], form: FormData) =>
  call(
    addProductRoute(request('/api/product', { method: 'POST', headers, body: form }), params({})),
  );

const getOne = (productId: string) =>
  call(productRoute(request(`/api/product/${productId}`), params({ productId })));

const list = (query = '') =>
  call(listProductsRoute(request(`/api/product${query}`), params({}) as never));

const patch = (headers: Actor['headers'], productId: string, json: unknown) =>
  call(
    patchProductRoute(
      request(`/api/product/${productId}`, { method: 'PATCH', headers, json }),
      params({ productId }),
    ),
  );

const stored = async (id: string) =>
  collections(await getDb()).products.findOne({ _id: new ObjectId(id) });

const productCount = async () => collections(await getDb()).products.countDocuments();

describe('POST /api/product with price tiers', () => {
  it('stores the tiers in cents and answers them in dollars; price stays the base price', async () => {
    const input = bearing({ priceTiers: tiers });
    const created = await add(admin.headers, input);
    expect(created.status).toBe(201);
    expect(created.body.product).toMatchObject({ price: 2.65, priceTiers: tiers });
    const doc = await stored(created.body.insertedId);
    expect(doc).toMatchObject({
      priceCents: 265,
      priceTiers: [
        { minQuantity: 500, priceCents: 265 },
        { minQuantity: 5_000, priceCents: 240 },
        { minQuantity: 20_000, priceCents: 210 },
      ],
    });
  });

  it('a product without tiers stores none and answers an empty list', async () => {
    for (const extra of [{}, { priceTiers: [] }]) {
      const created = await add(admin.headers, bearing(extra));
      expect(created.status).toBe(201);
      expect(created.body.product.priceTiers).toEqual([]);
      expect(await stored(created.body.insertedId)).not.toHaveProperty('priceTiers');
    }
  });

  it.each([
    [
      'a first tier above the minimum',
      [{ minQuantity: 1_000, price: 2.65 }, tiers[1]],
      { 'priceTiers.0.minQuantity': [m.tierFirstQuantity(500)] },
    ],
    [
      'a first tier at another price',
      [{ minQuantity: 500, price: 2.6 }, tiers[1]],
      { 'priceTiers.0.price': [m.tierFirstPrice('$2.65')] },
    ],
    [
      'quantities out of order',
      [tiers[0], tiers[2], { minQuantity: 5_000, price: 2 }],
      { 'priceTiers.2.minQuantity': [m.tierQuantityOrder] },
    ],
    [
      'a duplicate quantity',
      [tiers[0], tiers[1], { minQuantity: 5_000, price: 2.1 }],
      { 'priceTiers.2.minQuantity': [m.tierQuantityDuplicate] },
    ],
    [
      'a price that does not go down',
      [tiers[0], { minQuantity: 5_000, price: 2.65 }],
      { 'priceTiers.1.price': [m.tierPriceOrder] },
    ],
    ['a single tier', [tiers[0]], { priceTiers: [m.tiersTooFew] }],
    ['not a list', { 500: 2.65 }, { priceTiers: [m.tiersNotList] }],
  ])('refuses %s (422, the row message, nothing added)', async (_label, priceTiers, fields) => {
    const before = await productCount();
    const res = await add(admin.headers, bearing({ priceTiers }));
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields).toEqual(fields);
    expect(await productCount()).toBe(before);
  });

  it('a buyer cannot add a product with tiers', async () => {
    const before = await productCount();
    expect((await add(buyer.headers, bearing({ priceTiers: tiers }))).status).toBe(403);
    expect(await productCount()).toBe(before);
  });

  it('multipart (the Add Product form): the tiers as one JSON field', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries(bearing())) form.set(key, String(value));
    form.set('priceTiers', JSON.stringify(tiers));
    const res = await addForm(admin.headers, form);
    expect(res.status).toBe(201);
    expect(res.body.product.priceTiers).toEqual(tiers);

    const bad = new FormData();
    for (const [key, value] of Object.entries(bearing())) bad.set(key, String(value));
    bad.set('priceTiers', JSON.stringify([tiers[0], { minQuantity: 400, price: 2 }]));
    const refused = await addForm(admin.headers, bad);
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.fields).toEqual({
      'priceTiers.1.minQuantity': [m.tierQuantityOrder],
    });
  });
});

describe('GET /api/product and /api/product/{id} include priceTiers', () => {
  it('answers the list in dollars, [] when a product has none', async () => {
    const tiered = await makeProduct({ name: 'Tiered Spring', price: 2.65, priceTiers: tiers });
    const plain = await makeProduct({ name: 'Plain Spring', price: 0.32 });
    expect((await getOne(tiered._id)).body.priceTiers).toEqual(tiers);
    expect((await getOne(plain._id)).body.priceTiers).toEqual([]);

    const page = await list('?q=spring&limit=100');
    expect(page.status).toBe(200);
    const byId = new Map(page.body.map((p: { _id: string }) => [p._id, p]));
    expect(byId.get(tiered._id)).toMatchObject({ price: 2.65, priceTiers: tiers });
    expect(byId.get(plain._id)).toMatchObject({ price: 0.32, priceTiers: [] });
    for (const product of page.body) expect(Array.isArray(product.priceTiers)).toBe(true);
  });
});

describe('PATCH /api/product/{id} with { priceTiers }', () => {
  it('an admin replaces the list and removes it with []; others may not', async () => {
    const product = await makeProduct({ price: 2.65, minimumOrderQuantity: 500 });
    const next = [tiers[0], { minQuantity: 8_000, price: 2.3 }];
    expect((await patch(anonymous, product._id, { priceTiers: next })).status).toBe(401);
    expect((await patch(buyer.headers, product._id, { priceTiers: next })).status).toBe(403);
    expect((await stored(product._id))?.priceTiers).toBeUndefined();

    const saved = await patch(admin.headers, product._id, { priceTiers: next });
    expect(saved).toMatchObject({ status: 200, body: { _id: product._id, priceTiers: next } });
    expect((await stored(product._id))?.priceTiers).toEqual([
      { minQuantity: 500, priceCents: 265 },
      { minQuantity: 8_000, priceCents: 230 },
    ]);

    const removed = await patch(admin.headers, product._id, { priceTiers: [] });
    expect(removed.body.priceTiers).toEqual([]);
    expect(await stored(product._id)).not.toHaveProperty('priceTiers');
  });

  it("checks the list against the stored product's minimum and price (422 per row)", async () => {
    const product = await makeProduct({ price: 14.8, minimumOrderQuantity: 1_000 });
    const res = await patch(admin.headers, product._id, { priceTiers: tiers });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields).toEqual({
      'priceTiers.0.minQuantity': [m.tierFirstQuantity(1_000)],
      'priceTiers.0.price': [m.tierFirstPrice('$14.80')],
    });
    expect((await stored(product._id))?.priceTiers).toBeUndefined();
  });

  it('refuses a malformed body, other keys beside priceTiers, and unknown products', async () => {
    const product = await makeProduct({ price: 2.65 });
    for (const json of [
      { priceTiers: 'cheap' },
      { priceTiers: [{ minQuantity: 500, price: '2.65' }] },
      { priceTiers: tiers, price: 0.01 },
      { priceTiers: tiers, sku: 'X-1', category: 'gears' },
    ]) {
      const res = await patch(admin.headers, product._id, json);
      expect(res.status, JSON.stringify(json)).toBe(422);
    }
    expect(
      (await patch(admin.headers, new ObjectId().toHexString(), { priceTiers: tiers })).status,
    ).toBe(404);
    expect((await stored(product._id))?.priceCents).toBe(265);
  });

  it('a part-number PATCH leaves the tiers alone', async () => {
    const product = await makeProduct({ price: 2.65, priceTiers: tiers });
    const sku = freshSku('KEEP');
    const res = await patch(admin.headers, product._id, { sku, category: 'bearings' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sku, priceTiers: tiers });
  });
});
