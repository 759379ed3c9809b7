import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeConnection, collections, getDb } from '../support/db';
import { resetDemoData, seedDemoDataIfEmpty } from '@/lib/catalogue/seed';
import { GET as listProductsRoute } from '@/app/api/product/route';
import { GET as productRoute } from '@/app/api/product/[productId]/route';
import { GET as listReviewsRoute } from '@/app/api/review/route';
import { GET as unknownApiRoute } from '@/app/api/[...path]/route';
import { categorySlugs } from '@/lib/catalogue/categories';
import { makeProduct } from '../support/factories';

const noParams = { params: Promise.resolve({}) } as never;
const productParams = (productId: string) => ({ params: Promise.resolve({ productId }) });
const get = (url: string) => new Request(`http://127.0.0.1${url}`);

beforeAll(async () => {
  await resetDemoData(await getDb());
});
afterAll(closeConnection);

describe('GET /api/product', () => {
  it('answers the products with the spec fields, part number and category, and a string _id', async () => {
    const response = await listProductsRoute(get('/api/product'), noParams);
    expect(response.status).toBe(200);
    const products = await response.json();
    expect(products.length).toBeGreaterThanOrEqual(9);
    for (const product of products) {
      expect(Object.keys(product).sort()).toEqual([
        '_id',
        'availableQuantity',
        'category',
        'description',
        'maxOrderQuantity',
        'minimumOrderQuantity',
        'name',
        'orderMultiple',
        'picture',
        'price',
        'priceTiers',
        'sku',
      ]);
      expect(product._id).toMatch(/^[0-9a-f]{24}$/);
      expect(product.description.length).toBeGreaterThan(100);
      expect(typeof product.price).toBe('number');
      expect(product.picture).toMatch(/^\/images\/products\/.+\.webp$/);
      expect(product.sku).toMatch(/^[A-Z0-9./-]{1,40}$/);
      expect(categorySlugs).toContain(product.category);
    }
    expect(response.headers.get('x-total-count')).toBe(String(products.length));
    expect(response.headers.get('link')).toBeNull();
  });
});

describe('GET /api/product/{productId}', () => {
  it('answers one product', async () => {
    const { products } = collections(await getDb());
    const doc = await products.findOne({});
    const id = doc!._id.toHexString();
    const response = await productRoute(get(`/api/product/${id}`), productParams(id));
    expect(response.status).toBe(200);
    const product = await response.json();
    expect(product).toMatchObject({ _id: id, name: doc!.name, price: doc!.priceCents / 100 });
  });

  it('answers 404 with the error shape for an unknown id', async () => {
    const id = '0123456789abcdef01234567';
    const response = await productRoute(get(`/api/product/${id}`), productParams(id));
    expect(response.status).toBe(404);
    const body = await response.json();
    expect(body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it.each([
    'not-an-id',
    '123',
    'zzzzzzzzzzzzzzzzzzzzzzzz',
    '0123456789abcdef0123456789',
    '{"$gt":""}',
  ])('answers 400 with the error shape for the malformed id %s', async (id) => {
    const response = await productRoute(
      get(`/api/product/${encodeURIComponent(id)}`),
      productParams(id),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe('invalid_id');
    expect(body.error.message).toEqual(expect.any(String));
  });
});

describe('GET /api/review', () => {
  it('answers every review with the spec fields', async () => {
    const response = await listReviewsRoute(get('/api/review'), noParams);
    expect(response.status).toBe(200);
    const reviews = await response.json();
    expect(reviews.length).toBeGreaterThanOrEqual(6);
    for (const review of reviews) {
      expect(Object.keys(review).sort()).toEqual([
        '_id',
        'img',
        'location',
        'name',
        'rating',
        'reviewText',
      ]);
      expect(review.rating).toBeGreaterThanOrEqual(1);
      expect(review.rating).toBeLessThanOrEqual(5);
    }
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON, not the HTML page', async () => {
    const response = await unknownApiRoute(get('/api/nothing/here'));
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('not_found');
  });
});

describe('demo data', () => {
  it('seeds an empty database once, and never touches one that has products', async () => {
    const db = await getDb();
    const c = collections(db);
    await c.products.deleteMany({});
    await c.reviews.deleteMany({});
    await c.meta.deleteMany({});

    const results = await Promise.all([
      seedDemoDataIfEmpty(db),
      seedDemoDataIfEmpty(db),
      seedDemoDataIfEmpty(db),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const seededCount = await c.products.countDocuments();
    expect(seededCount).toBeGreaterThanOrEqual(9);
    expect(await c.reviews.countDocuments()).toBeGreaterThanOrEqual(6);

    expect(await seedDemoDataIfEmpty(db)).toBe(false);
    expect(await c.products.countDocuments()).toBe(seededCount);

    // A store whose owner replaced the catalogue keeps it, marker or not.
    await c.products.deleteMany({});
    await c.meta.deleteMany({});
    await makeProduct({
      name: 'Own product',
      description: 'x'.repeat(120),
      minimumOrderQuantity: 500,
      availableQuantity: 10,
      price: 1,
      picture: '/images/products/spur-gear.webp',
      sku: 'OWN-1',
      category: 'gears',
    });
    expect(await seedDemoDataIfEmpty(db)).toBe(false);
    expect(await c.products.countDocuments()).toBe(1);
  });

  it('npm run seed resets the demo data on purpose', async () => {
    const db = await getDb();
    const counts = await resetDemoData(db);
    const c = collections(db);
    expect(await c.products.countDocuments()).toBe(counts.products);
    expect(await c.reviews.countDocuments()).toBe(counts.reviews);
  });
});
