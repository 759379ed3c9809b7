import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeConnection, collections, getDb } from '../support/db';
import { GET as listProductsRoute, POST as addProductRoute } from '@/app/api/product/route';
import {
  DELETE as deleteProductRoute,
  GET as productRoute,
  PATCH as patchProductRoute,
} from '@/app/api/product/[productId]/route';
import { GET as imageRoute } from '@/app/api/images/[imageId]/route';
import { asProductWithoutPartNumber, freshSku, makeOrder, makeProduct } from '../support/factories';
import { createActor, params, request, type Actor } from '../support/users';
import { largePng, pngImage, textFile } from '../../e2e/fixtures/images';
import * as nextCache from 'next/cache';

// Route handlers revalidate the home page after every change; outside a Next.js server there
// is no cache to revalidate, so the calls are recorded instead.
const revalidateTag = vi.mocked(nextCache.revalidateTag);

let buyer: Actor;
let admin: Actor;
const anonymous: Actor['headers'] = {};

const valid = {
  name: 'Tapered Roller Bearing 32208',
  description:
    'Single-row tapered roller bearing for combined radial and axial loads, supplied greased and sealed in pairs for gearbox shafts.',
  minimumOrderQuantity: 500,
  availableQuantity: 12000,
  price: 14.8,
  picture: '/images/products/deep-groove-ball-bearing.webp',
  category: 'bearings',
  sku: 'TRB-32208',
};

/** A product of its own: a fresh part number each time. */
const validWith = (extra: Record<string, unknown> = {}) => ({
  ...valid,
  sku: freshSku('TRB-32208'),
  ...extra,
});

async function call(response: Response | Promise<Response>) {
  const res = await response;
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const add = (headers: Actor['headers'], json: unknown) =>
  call(addProductRoute(request('/api/product', { method: 'POST', headers, json }), params({})));

const addForm = (headers: Actor['headers'], form: FormData) =>
  call(
    addProductRoute(request('/api/product', { method: 'POST', headers, body: form }), params({})),
  );

const remove = (headers: Actor['headers'], productId: string) =>
  call(
    deleteProductRoute(
      request(`/api/product/${productId}`, { method: 'DELETE', headers }),
      params({ productId }),
    ),
  );

async function productCount() {
  return collections(await getDb()).products.countDocuments();
}

function productForm(picture: string | Blob, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('name', 'Brass Hex Nipple');
  form.set('description', 'Brass hex nipple, 1/2 inch BSPT both ends, pressure tested.');
  form.set('minimumOrderQuantity', '500');
  form.set('availableQuantity', '9000');
  form.set('price', '0.95');
  form.set('sku', freshSku('BHN-12'));
  form.set('category', 'pipe-fittings');
  if (typeof picture === 'string') form.set('picture', picture);
  else form.set('picture', picture, 'nipple.png');
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

beforeAll(async () => {
  [buyer, admin] = await Promise.all([createActor('user'), createActor('admin')]);
});
beforeEach(() => revalidateTag.mockClear());
afterAll(closeConnection);

describe('POST /api/product', () => {
  it('anonymous 401, buyer 403, and neither adds anything', async () => {
    const before = await productCount();
    const anon = await add(anonymous, valid);
    expect(anon.status).toBe(401);
    expect(anon.body.error.code).toBe('unauthorized');
    const asBuyer = await add(buyer.headers, valid);
    expect(asBuyer.status).toBe(403);
    expect(asBuyer.body.error.code).toBe('forbidden');
    expect(await productCount()).toBe(before);
    expect(revalidateTag).not.toHaveBeenCalled();
  });

  it('admin 201: stored with the price in cents, listed first, home revalidated', async () => {
    const input = validWith();
    const created = await add(admin.headers, input);
    expect(created.status).toBe(201);
    expect(created.body.insertedId).toMatch(/^[0-9a-f]{24}$/);
    expect(created.body.product).toEqual({
      _id: created.body.insertedId,
      ...input,
      orderMultiple: 1,
      maxOrderQuantity: null,
      priceTiers: [],
    });

    const doc = await collections(await getDb()).products.findOne({
      _id: new ObjectId(created.body.insertedId as string),
    });
    expect(doc).toMatchObject({
      priceCents: 1480,
      name: valid.name,
      sku: input.sku,
      skuLower: input.sku.toLowerCase(),
      category: 'bearings',
    });

    const list = await call(listProductsRoute(request('/api/product'), params({}) as never));
    expect(list.body[0]).toEqual(created.body.product);
    expect(revalidateTag).toHaveBeenCalledWith('products', { expire: 0 });
  });

  it('accepts http(s) picture URLs and zero quantities and price', async () => {
    for (const picture of [
      'https://res.cloudinary.com/demo/image/upload/v1/gear.png',
      'http://cdn.example.com/p.jpg',
    ]) {
      const res = await add(admin.headers, validWith({ picture, availableQuantity: 0, price: 0 }));
      expect(res.status, picture).toBe(201);
    }
  });

  it.each([
    ['a missing field', { ...valid, name: undefined }, 'name'],
    ['an empty name', { ...valid, name: '  ' }, 'name'],
    ['a number as text', { ...valid, price: '14.80' }, 'price'],
    ['a negative price', { ...valid, price: -1 }, 'price'],
    ['three decimals', { ...valid, price: 1.005 }, 'price'],
    ['a fractional quantity', { ...valid, minimumOrderQuantity: 500.5 }, 'minimumOrderQuantity'],
    ['a negative quantity', { ...valid, availableQuantity: -3 }, 'availableQuantity'],
    ['a $-operator object', { ...valid, name: { $gt: '' } }, 'name'],
    ['an operator as price', { ...valid, price: { $inc: 5 } }, 'price'],
    ['an array', { ...valid, description: ['a', 'b'] }, 'description'],
    ['a javascript: picture', { ...valid, picture: 'javascript:alert(1)' }, 'picture'],
    ['a data: picture', { ...valid, picture: 'data:image/png;base64,AAAA' }, 'picture'],
    ['a path outside /images', { ...valid, picture: '/etc/passwd' }, 'picture'],
    ['a path with ..', { ...valid, picture: '/images/../secret' }, 'picture'],
    ['an unknown key', { ...valid, $where: 'sleep(1000)' }, '_'],
  ])('admin with %s: 422 with the field issue, nothing added', async (_label, body, field) => {
    const before = await productCount();
    const res = await add(admin.headers, body);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.message).toEqual(expect.any(String));
    expect(res.body.error.details.fields[field]).toEqual([expect.any(String)]);
    expect(await productCount()).toBe(before);
  });

  it('every missing field gets its message', async () => {
    const res = await add(admin.headers, {});
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields).toEqual({
      name: ['Name is Required'],
      description: ['Description is Required'],
      minimumOrderQuantity: ['Minimum order quantity is Required'],
      availableQuantity: ['Available quantity is Required'],
      price: ['Price is Required'],
      sku: ['Part number is Required'],
      category: ['Category is Required'],
      picture: ['Picture is Required'],
    });
  });

  it.each([
    ['not JSON', '{"name":'],
    ['an array', '[]'],
    ['a string', '"product"'],
  ])('admin with a body that is %s: 400', async (_label, body) => {
    const res = await call(
      addProductRoute(
        request('/api/product', {
          method: 'POST',
          headers: { ...admin.headers, 'Content-Type': 'application/json' },
          body,
        }),
        params({}),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  it('multipart with a picture URL', async () => {
    const res = await addForm(admin.headers, productForm('/images/products/ball-valve.webp'));
    expect(res.status).toBe(201);
    expect(res.body.product).toMatchObject({
      name: 'Brass Hex Nipple',
      minimumOrderQuantity: 500,
      availableQuantity: 9000,
      price: 0.95,
      picture: '/images/products/ball-valve.webp',
      sku: expect.stringMatching(/^BHN-12-/),
      category: 'pipe-fittings',
    });
  });

  it('multipart with a picture file: stored in GridFS and served from /api/images', async () => {
    const png = pngImage({ seed: 3 });
    const res = await addForm(admin.headers, productForm(new Blob([png])));
    expect(res.status).toBe(201);
    const picture = res.body.product.picture as string;
    expect(picture).toMatch(/^\/api\/images\/[0-9a-f]{32}$/);
    const imageId = picture.split('/').pop()!;
    const image = await imageRoute(request(picture), params({ imageId }));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);
  });

  it('multipart: wrong numbers and a non-image file are refused, nothing stored', async () => {
    const db = await getDb();
    const before = await productCount();
    const files = await db.collection('images.files').countDocuments();

    const badNumber = await addForm(admin.headers, productForm('/images/x.webp', { price: 'ten' }));
    expect(badNumber.status).toBe(422);
    expect(badNumber.body.error.details.fields.price).toEqual(['Price is Required']);

    const badFields = await addForm(
      admin.headers,
      productForm(new Blob([pngImage()]), { name: '' }),
    );
    expect(badFields.status).toBe(422);
    expect(badFields.body.error.details.fields.name).toEqual(['Name is Required']);

    const text = await addForm(admin.headers, productForm(new Blob([textFile])));
    expect(text.status).toBe(415);
    expect(text.body.error.code).toBe('unsupported_media_type');
    expect(text.body.error.details.fields.picture).toEqual([text.body.error.message]);

    const big = await addForm(admin.headers, productForm(new Blob([largePng()])));
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('payload_too_large');

    expect(await productCount()).toBe(before);
    expect(await db.collection('images.files').countDocuments()).toBe(files);
  });

  it('multipart as a buyer: 403 before anything is read or stored', async () => {
    const res = await addForm(buyer.headers, productForm(new Blob([pngImage()])));
    expect(res.status).toBe(403);
  });
});

describe('DELETE /api/product/{productId}', () => {
  async function newProduct() {
    const res = await add(admin.headers, validWith({ name: `Delete me ${new ObjectId()}` }));
    return res.body.product as typeof valid & { _id: string };
  }

  it('anonymous 401, buyer 403: the product stays', async () => {
    const product = await newProduct();
    expect((await remove(anonymous, product._id)).status).toBe(401);
    expect((await remove(buyer.headers, product._id)).status).toBe(403);
    const still = await productRoute(
      request(`/api/product/${product._id}`),
      params({ productId: product._id }),
    );
    expect(still.status).toBe(200);
  });

  it('admin 200, then 404; orders keep their copy of the product', async () => {
    const product = await newProduct();
    // An order placed earlier: it holds a copy of the product's details.
    const { orders } = collections(await getDb());
    const placed = await makeOrder(buyer.user, product, { quantity: 600 });
    const order = await orders.findOne({ _id: new ObjectId(placed._id) });
    expect(order).toMatchObject({
      name: product.name,
      picture: product.picture,
      description: product.description,
      unitPriceCents: 1_480,
    });

    const deleted = await remove(admin.headers, product._id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(revalidateTag).toHaveBeenCalledWith('products', { expire: 0 });

    const gone = await call(
      productRoute(request(`/api/product/${product._id}`), params({ productId: product._id })),
    );
    expect(gone.status).toBe(404);
    const list = await call(listProductsRoute(request('/api/product'), params({}) as never));
    expect(list.body.map((p: { _id: string }) => p._id)).not.toContain(product._id);

    expect(await orders.findOne({ _id: new ObjectId(placed._id) })).toEqual(order);

    const again = await remove(admin.headers, product._id);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('not_found');
  });

  it.each(['not-an-id', '{"$ne":null}', '0123456789abcdef0123456'])(
    'a malformed id %s: 400 for everyone, nothing deleted',
    async (productId) => {
      const before = await productCount();
      for (const headers of [anonymous, buyer.headers, admin.headers]) {
        const res = await remove(headers, productId);
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('invalid_id');
      }
      expect(await productCount()).toBe(before);
    },
  );
});

describe('PATCH /api/product/{id} (admin): part number and category', () => {
  const patch = (headers: Actor['headers'], productId: string, json: unknown) =>
    call(
      patchProductRoute(
        request(`/api/product/${productId}`, { method: 'PATCH', headers, json }),
        params({ productId }),
      ),
    );

  it('gives a product from before part numbers its sku and category; only admins may', async () => {
    const product = await makeProduct();
    await asProductWithoutPartNumber(product._id);
    const before = await call(
      productRoute(request(`/api/product/${product._id}`), params({ productId: product._id })),
    );
    expect(before.body).toMatchObject({ sku: null, category: null });

    const sku = freshSku('OLD-PART');
    const body = { sku, category: 'valves' };
    expect((await patch(anonymous, product._id, body)).status).toBe(401);
    expect((await patch(buyer.headers, product._id, body)).status).toBe(403);
    const saved = await patch(admin.headers, product._id, body);
    expect(saved).toMatchObject({
      status: 200,
      body: { _id: product._id, sku, category: 'valves' },
    });
    expect(revalidateTag).toHaveBeenCalledWith('products', { expire: 0 });
    const stored = await collections(await getDb()).products.findOne({
      _id: new ObjectId(product._id),
    });
    expect(stored).toMatchObject({ sku, skuLower: sku.toLowerCase(), category: 'valves' });
  });

  it('refuses a taken part number (any case) with 409 on sku, bad input with 422, unknown ids with 404', async () => {
    const taken = await makeProduct();
    const other = await makeProduct();
    const conflict = await patch(admin.headers, other._id, {
      sku: taken.sku!.toLowerCase(),
      category: 'gears',
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.details.fields.sku).toBeDefined();

    for (const json of [
      { sku: '', category: 'gears' },
      { sku: 'A B', category: 'gears' },
      { sku: 'X-1', category: 'nope' },
      { sku: 'X-1', category: 'gears', price: 1 },
    ]) {
      const res = await patch(admin.headers, other._id, json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect(
      (
        await patch(admin.headers, new ObjectId().toHexString(), {
          sku: freshSku('NONE'),
          category: 'gears',
        })
      ).status,
    ).toBe(404);
    expect(
      (await patch(admin.headers, 'not-an-id', { sku: freshSku('NONE'), category: 'gears' }))
        .status,
    ).toBe(400);
    expect((await findStored(other._id))?.sku).toBe(other.sku);
  });
});

async function findStored(id: string) {
  return collections(await getDb()).products.findOne({ _id: new ObjectId(id) });
}
