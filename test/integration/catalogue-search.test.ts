import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeConnection, collections, getDb } from '../support/db';
import { runMigrations } from '@/lib/startup/migrations';
import { GET as listProductsRoute, POST as addProductRoute } from '@/app/api/product/route';
import { GET as productRoute } from '@/app/api/product/[productId]/route';
import { categorySlugs } from '@/lib/catalogue/categories';
import { demoProducts } from '@/lib/catalogue/demo-catalogue';
import { searchCatalogue } from '@/lib/catalogue/search';
import { toProduct, type Product } from '@/lib/catalogue/store';
import { resetDemoData } from '@/lib/catalogue/seed';
import { fieldMessages } from '@/lib/core/messages';
import { catalogueQuerySchema, productSchema } from '@/lib/catalogue/validation/product';
import {
  asProductWithoutPartNumber,
  asProductWithoutSkuLookup,
  freshSku,
  makeProduct,
} from '../support/factories';
import { createActor, params, request, type Actor } from '../support/users';

/** GET /api/product with these parameters: status, products, and the paging headers. */
async function list(query = '') {
  const response = await listProductsRoute(request(`/api/product${query}`), params({}) as never);
  const body = await response.json();
  return {
    status: response.status,
    body,
    ids: Array.isArray(body) ? (body as Product[]).map((product) => product._id) : [],
    total: Number(response.headers.get('x-total-count')),
    links: parseLinks(response.headers.get('link')),
  };
}

/** RFC 8288 `<url>; rel="x"` entries by rel. */
function parseLinks(header: string | null): Record<string, URL> {
  const links: Record<string, URL> = {};
  for (const part of header?.split(',') ?? []) {
    const match = /<([^>]+)>\s*;\s*rel="([^"]+)"/.exec(part);
    if (match) links[match[2]!] = new URL(match[1]!, 'http://127.0.0.1');
  }
  return links;
}

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

let admin: Actor;
/** Products with one shared creation time: only _id tells them apart when sorted. */
const sameTime: Product[] = [];

beforeAll(async () => {
  admin = await createActor('admin');
  // 60 fasteners on distinct days, so the default limit (50) and page 2 can be seen.
  for (let start = 0; start < 60; start += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        makeProduct({ price: 1 + ((start + i) % 13), createdAt: day(1 + start + i) }),
      ),
    );
  }
  const at = day(100);
  for (let i = 0; i < 7; i++) {
    sameTime.push(
      await makeProduct({
        name: `Compression Spring ${i}`,
        sku: `CS-SAME-${i}`,
        category: 'springs',
        createdAt: at,
      }),
    );
  }
  await makeProduct({
    name: 'Tapered Roller Bearing 32208',
    description: 'Single-row tapered roller bearing for gearbox shafts, greased and sealed.',
    sku: 'TRB-32208',
    category: 'bearings',
    price: 14.8,
  });
  await makeProduct({
    name: 'Bearing Spacer Ring',
    description: 'Hardened spacer that sets the preload of a pair of tapered bearings.',
    sku: 'TRB-32208-SP',
    category: 'bearings',
    price: 3.2,
  });
  await makeProduct({
    name: 'Gearbox Shaft Seal',
    description: 'Lip seal for the output shaft; fits the housing of part TRB-32208.',
    sku: 'GSS-4562',
    category: 'bearings',
    price: 2.1,
  });
  await makeProduct({
    name: 'Cone for Tapered Bearings',
    description: 'Replacement cone.',
    sku: 'TRB-3220',
    category: 'bearings',
    price: 9.99,
  });
});
afterAll(closeConnection);

describe('GET /api/product: pagination', () => {
  it('answers 50 products by default, the total, and a next link keeping the parameters', async () => {
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.ids).toHaveLength(50);
    expect(first.total).toBe(71);
    expect(first.links.prev).toBeUndefined();
    expect(first.links.next?.pathname).toBe('/api/product');
    expect(first.links.next?.searchParams.get('page')).toBe('2');

    const second = await list('?page=2');
    expect(second.ids).toHaveLength(21);
    expect(second.ids.filter((id) => first.ids.includes(id))).toEqual([]);
    expect(second.links.next).toBeUndefined();
    expect(second.links.prev?.searchParams.get('page')).toBe('1');
  });

  it('answers at most 100, and a limit in between', async () => {
    expect((await list('?limit=100')).ids).toHaveLength(71);
    const page = await list('?limit=20&category=fasteners&sort=price-asc&page=2');
    expect(page.ids).toHaveLength(20);
    expect(page.total).toBe(60);
    for (const rel of ['next', 'prev'] as const) {
      const link = page.links[rel]!;
      expect(link.searchParams.get('limit')).toBe('20');
      expect(link.searchParams.get('category')).toBe('fasteners');
      expect(link.searchParams.get('sort')).toBe('price-asc');
      expect(link.searchParams.get('page')).toBe(rel === 'next' ? '3' : '1');
    }
  });

  it('takes the first value of a repeated parameter, as the catalogue pages do', async () => {
    expect((await list('?limit=2&limit=5')).ids).toHaveLength(2);
  });

  it('keeps one order across pages when creation times are equal (ties broken by _id)', async () => {
    const pages = await Promise.all(
      [1, 2, 3].map((n) => list(`?category=springs&limit=3&page=${n}`)),
    );
    const ids = pages.flatMap((page) => page.ids);
    expect(pages.map((page) => page.ids.length)).toEqual([3, 3, 1]);
    const expected = sameTime
      .map((product) => product._id)
      .sort()
      .reverse();
    expect(ids).toEqual(expected);
    expect(pages[2]!.links.next).toBeUndefined();
  });

  it('a page past the end is empty, with a link back', async () => {
    const past = await list('?category=springs&page=9');
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.total).toBe(7);
    expect(past.links.prev?.searchParams.get('page')).toBe('1');
  });
});

describe('GET /api/product: search', () => {
  it('finds products by a word of the name or description (stemmed)', async () => {
    const found = await list('?q=bearings');
    const names = (found.body as Product[]).map((product) => product.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Tapered Roller Bearing 32208',
        'Bearing Spacer Ring',
        'Cone for Tapered Bearings',
      ]),
    );
    expect(names).not.toContain('Gearbox Shaft Seal');
    expect(found.total).toBe(found.ids.length);
  });

  it('puts the exact part number first (any case), then prefix matches, then text matches', async () => {
    const found = await list('?q=trb-3220');
    const skus = (found.body as Product[]).map((product) => product.sku);
    expect(skus[0]).toBe('TRB-3220');
    expect(skus.slice(1, 3)).toEqual(['TRB-32208', 'TRB-32208-SP']);
    expect(new Set(found.ids).size).toBe(found.ids.length);
    expect(found.total).toBe(found.ids.length);

    const exact = await list('?q=TRB-32208');
    const exactSkus = (exact.body as Product[]).map((product) => product.sku);
    expect(exactSkus.slice(0, 2)).toEqual(['TRB-32208', 'TRB-32208-SP']);
    // The seal's description names the part: a text match, after the part numbers, once.
    expect(exactSkus).toContain('GSS-4562');
    expect(exactSkus.indexOf('GSS-4562')).toBeGreaterThan(1);
    expect(new Set(exact.ids).size).toBe(exact.ids.length);
  });

  it('finds by a part-number prefix, with regex characters taken literally', async () => {
    const found = await list('?q=trb-322');
    expect((found.body as Product[]).slice(0, 3).map((product) => product.sku)).toEqual([
      'TRB-3220',
      'TRB-32208',
      'TRB-32208-SP',
    ]);
    // Unescaped, `^.` would match every part number; taken literally it matches none.
    const dot = await list('?q=.');
    expect(dot.status).toBe(200);
    expect(dot.total).toBe(0);
  });

  it('pages through search results without repeating a product', async () => {
    const all = await list('?q=trb-32208&limit=100');
    const pages = await Promise.all([1, 2].map((n) => list(`?q=trb-32208&limit=2&page=${n}`)));
    expect(pages.flatMap((page) => page.ids)).toEqual(all.ids.slice(0, 4));
    expect(pages[0]!.total).toBe(all.total);
  });

  it('filters search results by category', async () => {
    const springs = await list('?q=spring&category=springs');
    expect(springs.ids).toHaveLength(7);
    const none = await list('?q=spring&category=valves');
    expect(none.body).toEqual([]);
    expect(none.total).toBe(0);
  });
});

describe('GET /api/product: category and sort', () => {
  it('filters by category', async () => {
    const bearings = await list('?category=bearings');
    expect(bearings.total).toBe(4);
    expect((bearings.body as Product[]).every((p) => p.category === 'bearings')).toBe(true);
  });

  it('is newest first by default', async () => {
    const { body } = await list('?category=fasteners&limit=100');
    const docs = await collections(await getDb())
      .products.find({ category: 'fasteners' })
      .sort({ createdAt: -1, _id: -1 })
      .toArray();
    expect((body as Product[]).map((p) => p._id)).toEqual(docs.map((d) => d._id.toHexString()));
  });

  it('sorts by price ascending and descending, and by name', async () => {
    const asc = (await list('?sort=price-asc&limit=100')).body as Product[];
    const desc = (await list('?sort=price-desc&limit=100')).body as Product[];
    const byName = (await list('?sort=name&limit=100')).body as Product[];
    const prices = asc.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(desc.map((p) => p.price)).toEqual([...prices].sort((a, b) => b - a));
    const names = byName.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('GET /api/product: bad parameters answer 400', () => {
  it.each([
    ['sort=cheapest', 'sort'],
    ['category=widgets', 'category'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['limit=1e2', 'limit'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=1.5', 'page'],
    [`q=${'x'.repeat(101)}`, 'q'],
  ])('?%s', async (query, field) => {
    const { status, body } = await list(`?${query}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toEqual(expect.any(String));
    expect(body.error.details.fields[field]).toEqual([expect.any(String)]);
  });

  it('ignores empty and unknown parameters, as a GET form sends them', async () => {
    const { status, ids } = await list('?q=&category=&sort=&page=&utm_source=x');
    expect(status).toBe(200);
    expect(ids).toHaveLength(50);
  });
});

describe('the catalogue query schema', () => {
  it('parses page search parameters (repeated ones by their first value)', () => {
    expect(
      catalogueQuerySchema.parse({ q: ' gear ', category: ['gears', 'valves'], page: '2' }),
    ).toEqual({ q: 'gear', category: 'gears', page: 2 });
  });

  it('searchCatalogue holds limit and page to their bounds', async () => {
    const result = await searchCatalogue({ limit: 1000, page: -3 });
    expect(result).toMatchObject({ page: 1, limit: 100, total: 71, pages: 1 });
  });
});

describe('part numbers', () => {
  const valid = {
    name: 'Tapered Roller Bearing 30205',
    description: 'Single-row tapered roller bearing, 25 x 52 x 16.25 mm.',
    minimumOrderQuantity: 500,
    availableQuantity: 1000,
    price: 4.5,
    picture: '/images/products/deep-groove-ball-bearing.webp',
    category: 'bearings',
  };
  const post = async (init: RequestInit & { json?: unknown }) => {
    const response = await addProductRoute(
      request('/api/product', { method: 'POST', headers: admin.headers, ...init }),
      params({}),
    );
    return { status: response.status, body: await response.json() };
  };

  it('are unique without regard to case: 409 on sku, for JSON and multipart', async () => {
    const sku = freshSku('TRB-30205');
    const created = await post({ json: { ...valid, sku } });
    expect(created.status).toBe(201);
    expect(created.body.product).toMatchObject({ sku, category: 'bearings' });

    const again = await post({ json: { ...valid, sku: sku.toLowerCase() } });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');
    expect(again.body.error.details.fields).toEqual({ sku: [fieldMessages.product.skuTaken] });

    const form = new FormData();
    for (const [key, value] of Object.entries({ ...valid, sku: ` ${sku} ` })) {
      form.set(key, String(value));
    }
    const multipart = await post({ body: form });
    expect(multipart.status).toBe(409);
    expect(multipart.body.error.details.fields.sku).toEqual([fieldMessages.product.skuTaken]);
    expect(
      await collections(await getDb()).products.countDocuments({ skuLower: sku.toLowerCase() }),
    ).toBe(1);
  });

  it.each([
    ['missing', undefined, 'Part number is Required'],
    ['empty', '  ', 'Part number is Required'],
    ['with a space', 'AB 12', fieldMessages.product.skuInvalid],
    ['with a regex character', 'AB*12', fieldMessages.product.skuInvalid],
    ['too long', 'A'.repeat(41), fieldMessages.product.skuInvalid],
  ])('a %s part number is refused with its field message', async (_label, sku, message) => {
    const res = await post({ json: { ...valid, sku } });
    expect(res.status).toBe(422);
    expect(res.body.error.details.fields.sku).toEqual([message]);
  });

  it('a new product needs one of the categories', async () => {
    for (const category of [undefined, '', 'widgets']) {
      const res = await post({ json: { ...valid, sku: freshSku(), category } });
      expect(res.status).toBe(422);
      expect(res.body.error.details.fields.category).toEqual(['Category is Required']);
    }
  });

  it('products from before part numbers are answered with null sku and category', async () => {
    // Dated ahead of everything else, so they head the newest-first list.
    const old = await makeProduct({ name: 'Old Washer', createdAt: new Date('2099-01-02') });
    const older = await makeProduct({ name: 'Old Nut', createdAt: new Date('2099-01-01') });
    await asProductWithoutPartNumber(old._id);
    await asProductWithoutPartNumber(older._id);

    const one = await productRoute(
      request(`/api/product/${old._id}`),
      params({ productId: old._id }),
    );
    expect(await one.json()).toMatchObject({ _id: old._id, sku: null, category: null });
    const { body } = await list('?limit=2');
    expect(body).toEqual([
      expect.objectContaining({ _id: old._id, sku: null, category: null }),
      expect.objectContaining({ _id: older._id, sku: null, category: null }),
    ]);
    expect((await list('?q=washer')).ids).toEqual([old._id]);
  });

  it('the start-up migration fills the lookup copy of a part number stored without it', async () => {
    const product = await makeProduct({ sku: freshSku('MIG') });
    await asProductWithoutSkuLookup(product._id);
    await runMigrations(await getDb());
    await runMigrations(await getDb());
    const { products } = collections(await getDb());
    expect((await products.findOne({ _id: new ObjectId(product._id) }))?.skuLower).toBe(
      product.sku!.toLowerCase(),
    );
    expect((await list(`?q=${product.sku!.toLowerCase()}`)).ids[0]).toBe(product._id);
  });
});

describe('npm run seed -- --products N', () => {
  it('fills the catalogue up to N products with unique part numbers in every category', async () => {
    const db = await getDb();
    const counts = await resetDemoData(db, { products: 1_050 });
    expect(counts).toEqual({ products: 1_050, generated: 1_040, reviews: 6 });
    const { products } = collections(db);
    expect(await products.countDocuments()).toBe(1_050);
    expect((await products.distinct('skuLower')).length).toBe(1_050);
    expect((await products.distinct('category')).sort()).toEqual([...categorySlugs].sort());
    // Every generated product is one Add Product would accept.
    for (const doc of await products.find().limit(300).toArray()) {
      const { _id, ...fields } = toProduct(doc);
      const parsed = productSchema.safeParse(fields);
      expect(parsed.error?.issues ?? [], `${_id} ${doc.sku}`).toEqual([]);
    }
    // The demo products stay the newest; the generated ones are searchable.
    const newest = await searchCatalogue({ limit: 10 });
    expect(newest.items.map((p) => p.sku)).toEqual(demoProducts.map((p) => p.sku));
    const bearings = await searchCatalogue({ q: 'bearing', category: 'bearings' });
    expect(bearings.total).toBeGreaterThan(100);
    expect(bearings.items).toHaveLength(50);
  });
});
