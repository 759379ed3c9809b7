import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeConnection, collections, getDb } from '../support/db';
import { POST as addProductRoute } from '@/app/api/product/route';
import {
  GET as productRoute,
  PATCH as patchProductRoute,
} from '@/app/api/product/[productId]/route';
import { fieldMessages } from '@/lib/core/messages';
import { freshSku, makeProduct } from '../support/factories';
import { createActor, params, request, type Actor } from '../support/users';

// A product's cartons through the product API (issue 26): the carton size (`orderMultiple`) and
// the maximum per order (`maxOrderQuantity`) added with a product (JSON or the Add Product
// form's multipart), changed by PATCH against the stored product, and read back by GET.

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

/** Washers sold in cartons of 48: the smallest order is 528 (500 rounded up to a carton). */
const washers = (extra: Record<string, unknown> = {}) => ({
  name: 'Flat Washer M10 DIN 125',
  description: 'Zinc-plated steel flat washers for M10 bolts, packed 48 to a carton.',
  minimumOrderQuantity: 528,
  availableQuantity: 48_000,
  orderMultiple: 48,
  price: 0.09,
  picture: '/images/products/hex-flange-bolt.webp',
  category: 'fasteners',
  sku: freshSku('FW-M10'),
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

const patch = (headers: Actor['headers'], productId: string, json: unknown) =>
  call(
    patchProductRoute(
      request(`/api/product/${productId}`, { method: 'PATCH', headers, json }),
      params({ productId }),
    ),
  );

const stored = async (id: string) =>
  collections(await getDb()).products.findOne({ _id: new ObjectId(id) });

const countNamed = async (name: string) =>
  collections(await getDb()).products.countDocuments({ name });

function formOf(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
  return form;
}

describe('POST /api/product with cartons', () => {
  it('stores the carton size and the maximum; GET reads them back', async () => {
    const tiers = [
      { minQuantity: 528, price: 0.09 },
      { minQuantity: 4_800, price: 0.08 },
    ];
    const input = washers({ maxOrderQuantity: 24_000, priceTiers: tiers });
    const created = await add(admin.headers, input);
    expect(created.status).toBe(201);
    expect(created.body.product).toEqual({ _id: created.body.insertedId, ...input });
    expect(await stored(created.body.insertedId)).toMatchObject({
      orderMultiple: 48,
      maxOrderQuantity: 24_000,
    });
    const read = await getOne(created.body.insertedId);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ orderMultiple: 48, maxOrderQuantity: 24_000 });
  });

  it('without them: cartons of 1 stored, no maximum stored, answered as 1 and null', async () => {
    const input: Record<string, unknown> = washers({ minimumOrderQuantity: 500 });
    delete input.orderMultiple;
    const created = await add(admin.headers, input);
    expect(created.status).toBe(201);
    expect(created.body.product).toMatchObject({ orderMultiple: 1, maxOrderQuantity: null });
    const doc = await stored(created.body.insertedId);
    expect(doc?.orderMultiple).toBe(1);
    expect(doc).not.toHaveProperty('maxOrderQuantity');
    const none = await add(admin.headers, washers({ maxOrderQuantity: null }));
    expect(none.status).toBe(201);
    expect(await stored(none.body.insertedId)).not.toHaveProperty('maxOrderQuantity');
  });

  it('422 with a message under each field off the carton; nothing added', async () => {
    const name = `Carton refusals ${freshSku('X')}`;
    const res = await add(
      admin.headers,
      washers({
        name,
        minimumOrderQuantity: 500,
        priceTiers: [
          { minQuantity: 500, price: 0.09 },
          { minQuantity: 5_000, price: 0.08 },
        ],
        maxOrderQuantity: 10_000,
      }),
    );
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.message).toContain(
      'The minimum order quantity must be a whole number of cartons (multiples of 48)',
    );
    expect(res.body.error.details.fields).toEqual({
      minimumOrderQuantity: [m.minimumNotCartons('48')],
      'priceTiers.0.minQuantity': [m.tierNotCartons('48')],
      'priceTiers.1.minQuantity': [m.tierNotCartons('48')],
      maxOrderQuantity: [m.maximumNotCartons('48')],
    });
    expect(await countNamed(name)).toBe(0);
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    [
      'a maximum below the smallest order',
      { maxOrderQuantity: 480 },
      { maxOrderQuantity: [m.maximumBelowMinimum('528')] },
    ],
    ['a carton size of 0', { orderMultiple: 0 }, { orderMultiple: [m.orderMultipleInvalid] }],
    ['a negative carton size', { orderMultiple: -48 }, { orderMultiple: [m.orderMultipleInvalid] }],
    [
      'a fractional carton size',
      { orderMultiple: 4.8 },
      { orderMultiple: [m.orderMultipleInvalid] },
    ],
    ['a carton size as text', { orderMultiple: '48' }, { orderMultiple: [m.orderMultipleInvalid] }],
    ['a maximum of 0', { maxOrderQuantity: 0 }, { maxOrderQuantity: [m.maxOrderQuantityInvalid] }],
  ])('422 for %s', async (_case, extra, fields) => {
    const name = `Carton refusal ${freshSku('Y')}`;
    const res = await add(admin.headers, washers({ name, ...extra }));
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields).toEqual(fields);
    expect(await countNamed(name)).toBe(0);
  });

  it('multipart (the Add Product form): the numbers as text, an empty maximum is none', async () => {
    const created = await addForm(admin.headers, formOf(washers({ maxOrderQuantity: '' })));
    expect(created.status).toBe(201);
    expect(created.body.product).toMatchObject({ orderMultiple: 48, maxOrderQuantity: null });

    const capped = await addForm(admin.headers, formOf(washers({ maxOrderQuantity: 9_984 })));
    expect(capped.status).toBe(201);
    expect(capped.body.product).toMatchObject({ orderMultiple: 48, maxOrderQuantity: 9_984 });

    const refused = await addForm(admin.headers, formOf(washers({ minimumOrderQuantity: 500 })));
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.fields).toEqual({
      minimumOrderQuantity: [m.minimumNotCartons('48')],
    });
  });
});

describe('PATCH /api/product/{id} with order quantities', () => {
  it('only admins may; an unknown product is 404', async () => {
    const product = await makeProduct({ minimumOrderQuantity: 500 });
    expect((await patch(anonymous, product._id, { orderMultiple: 50 })).status).toBe(401);
    expect((await patch(buyer.headers, product._id, { orderMultiple: 50 })).status).toBe(403);
    expect(
      (await patch(admin.headers, new ObjectId().toHexString(), { orderMultiple: 50 })).status,
    ).toBe(404);
    expect((await stored(product._id))?.orderMultiple).toBe(1);
  });

  it('a carton size alone is refused against the stored minimum (422 under the minimum)', async () => {
    const product = await makeProduct({ minimumOrderQuantity: 500 });
    const res = await patch(admin.headers, product._id, { orderMultiple: 48 });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields).toEqual({
      minimumOrderQuantity: [m.minimumNotCartons('48')],
    });
    expect((await getOne(product._id)).body).toMatchObject({
      minimumOrderQuantity: 500,
      orderMultiple: 1,
    });
  });

  it('a carton size alone is refused against the stored tiers and maximum', async () => {
    const product = await makeProduct({
      minimumOrderQuantity: 500,
      price: 2.65,
      priceTiers: [
        { minQuantity: 500, price: 2.65 },
        { minQuantity: 4_800, price: 2.4 },
      ],
      maxOrderQuantity: 10_100,
    });
    const res = await patch(admin.headers, product._id, { orderMultiple: 250 });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields).toEqual({
      'priceTiers.1.minQuantity': [m.tierNotCartons('250')],
      maxOrderQuantity: [m.maximumNotCartons('250')],
    });
    expect((await stored(product._id))?.orderMultiple).toBe(1);
  });

  it('a carton size that fits the stored product is accepted and read back', async () => {
    const product = await makeProduct({
      minimumOrderQuantity: 500,
      price: 2.65,
      priceTiers: [
        { minQuantity: 500, price: 2.65 },
        { minQuantity: 5_000, price: 2.4 },
      ],
    });
    const res = await patch(admin.headers, product._id, { orderMultiple: 50 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ _id: product._id, orderMultiple: 50, maxOrderQuantity: null });
    expect((await getOne(product._id)).body).toMatchObject({
      minimumOrderQuantity: 500,
      orderMultiple: 50,
      priceTiers: [
        { minQuantity: 500, price: 2.65 },
        { minQuantity: 5_000, price: 2.4 },
      ],
    });
  });

  it('the minimum, carton size, maximum and tiers moved together are accepted', async () => {
    const product = await makeProduct({
      minimumOrderQuantity: 500,
      price: 2.65,
      priceTiers: [
        { minQuantity: 500, price: 2.65 },
        { minQuantity: 4_800, price: 2.4 },
      ],
    });
    const change = {
      minimumOrderQuantity: 528,
      orderMultiple: 48,
      maxOrderQuantity: 48_000,
      priceTiers: [
        { minQuantity: 528, price: 2.65 },
        { minQuantity: 4_800, price: 2.4 },
      ],
    };
    const res = await patch(admin.headers, product._id, change);
    expect(res.status).toBe(200);
    expect((await getOne(product._id)).body).toMatchObject(change);
    expect(await stored(product._id)).toMatchObject({
      minimumOrderQuantity: 528,
      orderMultiple: 48,
      maxOrderQuantity: 48_000,
      priceTiers: [
        { minQuantity: 528, priceCents: 265 },
        { minQuantity: 4_800, priceCents: 240 },
      ],
    });
  });

  it('a new minimum checks the stored tiers: the first tier must move with it', async () => {
    const product = await makeProduct({
      minimumOrderQuantity: 500,
      price: 2.65,
      priceTiers: [
        { minQuantity: 500, price: 2.65 },
        { minQuantity: 5_000, price: 2.4 },
      ],
    });
    const res = await patch(admin.headers, product._id, { minimumOrderQuantity: 1_000 });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields).toEqual({
      'priceTiers.0.minQuantity': [m.tierFirstQuantity(1_000)],
    });
  });

  it('sets the maximum per order and removes it with null', async () => {
    const product = await makeProduct({ minimumOrderQuantity: 528, orderMultiple: 48 });
    const set = await patch(admin.headers, product._id, { maxOrderQuantity: 9_984 });
    expect(set.status).toBe(200);
    expect((await getOne(product._id)).body.maxOrderQuantity).toBe(9_984);

    const cleared = await patch(admin.headers, product._id, { maxOrderQuantity: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.maxOrderQuantity).toBeNull();
    expect(await stored(product._id)).not.toHaveProperty('maxOrderQuantity');
    expect((await getOne(product._id)).body).toMatchObject({
      orderMultiple: 48,
      maxOrderQuantity: null,
    });
  });

  it('422 per field: a maximum below the smallest order or off the stored carton', async () => {
    const product = await makeProduct({ minimumOrderQuantity: 528, orderMultiple: 48 });
    const below = await patch(admin.headers, product._id, { maxOrderQuantity: 480 });
    expect(below.status).toBe(422);
    expect(below.body.error.details.fields).toEqual({
      maxOrderQuantity: [m.maximumBelowMinimum('528')],
    });
    const off = await patch(admin.headers, product._id, { maxOrderQuantity: 1_000 });
    expect(off.status).toBe(422);
    expect(off.body.error.details.fields).toEqual({
      maxOrderQuantity: [m.maximumNotCartons('48')],
    });
    expect(await stored(product._id)).not.toHaveProperty('maxOrderQuantity');
  });

  it('422 for malformed values and keys of other changes', async () => {
    const product = await makeProduct({ minimumOrderQuantity: 500 });
    for (const [json, field] of [
      [{ orderMultiple: 0 }, 'orderMultiple'],
      [{ orderMultiple: 2.5 }, 'orderMultiple'],
      [{ orderMultiple: '50' }, 'orderMultiple'],
      [{ maxOrderQuantity: 'none' }, 'maxOrderQuantity'],
      [{ maxOrderQuantity: -500 }, 'maxOrderQuantity'],
      [{ minimumOrderQuantity: -1 }, 'minimumOrderQuantity'],
      [{ orderMultiple: 50, sku: 'X-1' }, '_'],
      [{ orderMultiple: 50, price: 0.01 }, '_'],
    ] as const) {
      const res = await patch(admin.headers, product._id, json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(Object.keys(res.body.error.details.fields), JSON.stringify(json)).toContain(field);
    }
    expect(await stored(product._id)).toMatchObject({
      minimumOrderQuantity: 500,
      orderMultiple: 1,
    });
  });

  it('a part-number PATCH leaves the quantities alone', async () => {
    const product = await makeProduct({
      minimumOrderQuantity: 528,
      orderMultiple: 48,
      maxOrderQuantity: 4_800,
    });
    const sku = freshSku('KEEP-CARTON');
    const res = await patch(admin.headers, product._id, { sku, category: 'fasteners' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ sku, orderMultiple: 48, maxOrderQuantity: 4_800 });
  });
});

describe('PATCH /api/product/{id} with { priceTiers } on a product in cartons', () => {
  it('refuses tiers that do not start at whole cartons; accepts those that do', async () => {
    const product = await makeProduct({ minimumOrderQuantity: 528, orderMultiple: 48, price: 0.4 });
    const refused = await patch(admin.headers, product._id, {
      priceTiers: [
        { minQuantity: 528, price: 0.4 },
        { minQuantity: 5_000, price: 0.35 },
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.fields).toEqual({
      'priceTiers.1.minQuantity': [m.tierNotCartons('48')],
    });
    expect(await stored(product._id)).not.toHaveProperty('priceTiers');

    const tiers = [
      { minQuantity: 528, price: 0.4 },
      { minQuantity: 4_992, price: 0.35 },
    ];
    const saved = await patch(admin.headers, product._id, { priceTiers: tiers });
    expect(saved.status).toBe(200);
    expect((await getOne(product._id)).body).toMatchObject({
      orderMultiple: 48,
      priceTiers: tiers,
    });
  });
});

describe('the conditional writes of the order quantities', () => {
  it('a product from before cartons (no orderMultiple stored) reads as 1 and takes a carton size', async () => {
    const product = await makeProduct({ minimumOrderQuantity: 500 });
    await collections(await getDb()).products.updateOne(
      { _id: new ObjectId(product._id) },
      { $unset: { orderMultiple: '' } },
    );
    expect((await getOne(product._id)).body.orderMultiple).toBe(1);
    const res = await patch(admin.headers, product._id, { orderMultiple: 25 });
    expect(res.status).toBe(200);
    expect((await stored(product._id))?.orderMultiple).toBe(25);
  });

  it('a change checked against a product that changed meanwhile is not stored', async () => {
    const { findProduct, setOrderQuantities, setPriceTiers } =
      await import('@/lib/catalogue/store');
    const product = await makeProduct({ minimumOrderQuantity: 500, price: 1 });
    const before = (await findProduct(product._id))!;
    expect(await patch(admin.headers, product._id, { orderMultiple: 100 })).toMatchObject({
      status: 200,
    });
    expect(await setOrderQuantities(product._id, { maxOrderQuantity: 750 }, before)).toEqual({
      ok: false,
      reason: 'changed',
    });
    expect(
      await setPriceTiers(
        product._id,
        [
          { minQuantity: 500, price: 1 },
          { minQuantity: 750, price: 0.9 },
        ],
        { minimumOrderQuantity: 500, priceCents: 100, orderMultiple: 1 },
      ),
    ).toEqual({ ok: false, reason: 'changed' });
    expect(await stored(product._id)).toMatchObject({ orderMultiple: 100 });
    expect(await stored(product._id)).not.toHaveProperty('maxOrderQuantity');
    expect(await stored(product._id)).not.toHaveProperty('priceTiers');
  });
});
