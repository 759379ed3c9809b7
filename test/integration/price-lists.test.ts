import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../support/users';
import type { Answer, OperationCall } from '../support/operations';

// Price lists on the real engine (issue 26, part 2): CRUD by store admins, entries one by one
// and by CSV import (all or nothing, a report per refused line), assignment to a company, 404s,
// deletion with its entries and assignments, and the contract lookup of a 100-line cart
// against a 10,000-entry list.

let ops: typeof import('../support/operations');
let users: typeof import('../support/users');
let factories: typeof import('../support/factories');
let db: typeof import('../support/db');
let companies: typeof import('@/lib/companies');
let pricing: typeof import('@/lib/pricing');
let pricingCollections: typeof import('@/lib/pricing/collections').collections;
let admin: Actor;

beforeAll(async () => {
  ops = await import('../support/operations');
  users = await import('../support/users');
  factories = await import('../support/factories');
  db = await import('../support/db');
  companies = await import('@/lib/companies');
  pricing = await import('@/lib/pricing');
  ({ collections: pricingCollections } = await import('@/lib/pricing/collections'));
  admin = await users.createActor('admin');
});

afterAll(async () => {
  await db?.closeConnection();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';

async function call(
  method: Method,
  path: string,
  call: OperationCall = {},
  who: Actor | null = admin,
): Promise<Answer> {
  const headers = { ...(who ? who.session : {}), ...call.headers };
  return ops.readAnswer(await ops.callOperation({ method, path }, { ...call, headers }));
}

type Body = Record<string, unknown>;
const body = (answer: Answer) => answer.json as Body;
const error = (answer: Answer) =>
  (answer.json as { error: { code: string; message: string; details?: Body } }).error;

async function newList(json: Body = { name: 'Contract 2027' }) {
  const answer = await call('POST', '/api/admin/price-lists', { json });
  expect(answer.status).toBe(201);
  return body(answer) as { _id: string } & Body;
}

const importCsv = (id: string, csv: string, contentType = 'text/csv') =>
  call('POST', '/api/admin/price-lists/{id}/entries/import', {
    params: { id },
    headers: { 'Content-Type': contentType },
    body: csv,
  });

async function entriesOf(id: string) {
  return pricingCollections(await db.getDb())
    .priceListEntries.find({ priceListId: new ObjectId(id) })
    .sort({ sku: 1 })
    .toArray();
}

describe('price lists', () => {
  it('are created, read, listed, changed and deleted by a store admin', async () => {
    const list = await newList({
      name: 'Whitfield 2027',
      validFrom: '2027-01-01',
      validTo: '2027-12-31',
      percentOff: 12.5,
    });
    expect(list).toMatchObject({
      name: 'Whitfield 2027',
      validFrom: '2027-01-01T00:00:00.000Z',
      validTo: '2027-12-31T23:59:59.999Z',
      percentOff: 12.5,
      entryCount: 0,
      companyCount: 0,
    });
    const stored = await pricingCollections(await db.getDb()).priceLists.findOne({
      _id: new ObjectId(list._id),
    });
    expect(stored?.percentOffBasisPoints).toBe(1_250);

    const read = await call('GET', '/api/admin/price-lists/{id}', { params: { id: list._id } });
    expect(read.status).toBe(200);
    expect(body(read)).toMatchObject({
      _id: list._id,
      entries: { items: [], page: 1, pages: 1, total: 0 },
      companyIds: [],
    });

    const listed = await call('GET', '/api/admin/price-lists', { query: 'limit=100' });
    expect(listed.status).toBe(200);
    expect((body(listed).items as Body[]).map((item) => item._id)).toContain(list._id);

    const changed = await call('PATCH', '/api/admin/price-lists/{id}', {
      params: { id: list._id },
      json: { name: 'Whitfield 2027 (rev. 2)', percentOff: null, validTo: null },
    });
    expect(changed.status).toBe(200);
    expect(body(changed)).toMatchObject({
      name: 'Whitfield 2027 (rev. 2)',
      percentOff: null,
      validTo: null,
      validFrom: '2027-01-01T00:00:00.000Z',
    });

    const deleted = await call('DELETE', '/api/admin/price-lists/{id}', {
      params: { id: list._id },
    });
    expect(deleted.status).toBe(200);
    const again = await call('GET', '/api/admin/price-lists/{id}', { params: { id: list._id } });
    expect(again.status).toBe(404);
    expect(error(again).code).toBe('not_found');
  });

  it('refuses bad input with 422 in the error shape, and unknown ids with 404', async () => {
    const bad = await call('POST', '/api/admin/price-lists', {
      json: { name: 'x', validFrom: '2027-02-01', validTo: '2027-01-01', percentOff: 100 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(error(bad).details!.fields as Body).sort()).toEqual([
      'percentOff',
      'validTo',
    ]);

    // `to` before the stored `from`, checked against the stored list.
    const list = await newList({ name: 'Dated', validFrom: '2027-06-01' });
    const before = await call('PATCH', '/api/admin/price-lists/{id}', {
      params: { id: list._id },
      json: { validTo: '2027-05-31' },
    });
    expect(before.status).toBe(422);
    expect(error(before).details!.fields).toHaveProperty('validTo');

    const nobody = new ObjectId().toHexString();
    for (const [method, path, json] of [
      ['GET', '/api/admin/price-lists/{id}', undefined],
      ['PATCH', '/api/admin/price-lists/{id}', { name: 'y' }],
      ['DELETE', '/api/admin/price-lists/{id}', undefined],
    ] as const) {
      const answer = await call(method, path, { params: { id: nobody }, json });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(error(answer).code).toBe('not_found');
    }
    const notAnId = await call('GET', '/api/admin/price-lists/{id}', { params: { id: 'nope' } });
    expect(notAnId.status).toBe(400);
    const buyer = await users.createActor('user');
    expect((await call('GET', '/api/admin/price-lists', {}, buyer)).status).toBe(403);
    expect((await call('GET', '/api/admin/price-lists', {}, null)).status).toBe(401);
  });
});

describe('entries', () => {
  it('are set one by one (a price or tiers, with overrides) and removed', async () => {
    const list = await newList();
    const product = await factories.makeProduct();
    const set = await call('PUT', '/api/admin/price-lists/{id}/entries/{productId}', {
      params: { id: list._id, productId: product._id },
      json: {
        tiers: [
          { minQuantity: 500, unitPrice: 1.2 },
          { minQuantity: 5_000, unitPrice: 0.99 },
        ],
        multiple: 48,
      },
    });
    expect(set.status).toBe(200);
    expect(body(set)).toMatchObject({
      productId: product._id,
      sku: product.sku,
      unitPrice: null,
      tiers: [
        { minQuantity: 500, unitPrice: 1.2 },
        { minQuantity: 5_000, unitPrice: 0.99 },
      ],
      minQuantity: null,
      multiple: 48,
      maxQuantity: null,
    });
    expect((await entriesOf(list._id))[0]!.tiers).toEqual([
      { minQuantity: 500, unitPriceCents: 120 },
      { minQuantity: 5_000, unitPriceCents: 99 },
    ]);

    const badMax = await call('PUT', '/api/admin/price-lists/{id}/entries/{productId}', {
      params: { id: list._id, productId: product._id },
      json: { unitPrice: 1, minQuantity: 500, maxQuantity: 100 },
    });
    expect(badMax.status).toBe(422);
    const unknownProduct = await call('PUT', '/api/admin/price-lists/{id}/entries/{productId}', {
      params: { id: list._id, productId: new ObjectId().toHexString() },
      json: { unitPrice: 1 },
    });
    expect(unknownProduct.status).toBe(404);

    const path = '/api/admin/price-lists/{id}/entries/{productId}';
    const removed = await call('DELETE', path, {
      params: { id: list._id, productId: product._id },
    });
    expect(removed.status).toBe(200);
    const twice = await call('DELETE', path, { params: { id: list._id, productId: product._id } });
    expect(twice.status).toBe(404);
    expect(await entriesOf(list._id)).toEqual([]);
  });
});

describe('the CSV import', () => {
  it('writes every line at once, replacing entries, header optional, as text/csv or a file', async () => {
    const list = await newList();
    const [a, b] = await Promise.all([factories.makeProduct(), factories.makeProduct()]);
    const first = await importCsv(
      list._id,
      `sku,unitPrice,minQuantity,multiple,maxQuantity\r\n${a.sku},0.42,480,48,48000\r\n\r\n${b.sku!.toLowerCase()};1.85\r\n`,
    );
    expect(first.status).toBe(200);
    expect(body(first)).toEqual({ lineCount: 2, created: 2, updated: 0 });
    const stored = await entriesOf(list._id);
    expect(
      stored.map(({ sku, unitPriceCents, minQuantity, multiple, maxQuantity }) => ({
        sku,
        unitPriceCents,
        minQuantity,
        multiple,
        maxQuantity,
      })),
    ).toEqual(
      [
        { sku: a.sku, unitPriceCents: 42, minQuantity: 480, multiple: 48, maxQuantity: 48_000 },
        { sku: b.sku, unitPriceCents: 185, minQuantity: null, multiple: null, maxQuantity: null },
      ].sort((x, y) => (x.sku! < y.sku! ? -1 : 1)),
    );

    const form = new FormData();
    form.set('file', new Blob([`${a.sku},0.40`], { type: 'text/csv' }), 'prices.csv');
    const upload = await call('POST', '/api/admin/price-lists/{id}/entries/import', {
      params: { id: list._id },
      body: form,
    });
    expect(upload.status).toBe(200);
    expect(body(upload)).toEqual({ lineCount: 1, created: 0, updated: 1 });
    const read = await call('GET', '/api/admin/price-lists/{id}', {
      params: { id: list._id },
      query: 'limit=1',
    });
    expect(body(read)).toMatchObject({ entryCount: 2, entries: { total: 2, pages: 2 } });
  });

  it('refuses the whole file with a report per line, and writes nothing', async () => {
    const list = await newList();
    const [a, b, c, d] = await Promise.all([
      factories.makeProduct(),
      factories.makeProduct(),
      factories.makeProduct(),
      factories.makeProduct(),
    ]);
    const csv = [
      'sku,unitPrice,minQuantity,multiple,maxQuantity',
      `${a.sku},0.42`,
      'NO-SUCH-PART-1,1.00',
      `${b.sku},1.2.3`,
      `${c.sku},1.00,abc`,
      `${a.sku},0.50`,
      `${d.sku},1.00,500,,100`,
      '"broken,1',
    ].join('\n');
    const answer = await importCsv(list._id, csv);
    expect(answer.status).toBe(422);
    const refused = error(answer);
    expect(refused.code).toBe('validation_failed');
    expect(refused.message).toBe(
      '6 of 7 lines were refused, so nothing was imported. Correct them and import the file again.',
    );
    const lines = refused.details!.refused as {
      line: number;
      problems: { field: string | null; reason: string }[];
    }[];
    expect(
      lines.map((line) => [line.line, line.problems.map((p) => `${p.field}:${p.reason}`)]),
    ).toEqual([
      [3, ['sku:unknown_part']],
      [4, ['unitPrice:bad_number']],
      [5, ['minQuantity:bad_number']],
      [6, ['sku:duplicate']],
      [7, ['maxQuantity:max_below_min']],
      [8, ['null:malformed']],
    ]);
    expect(await entriesOf(list._id)).toEqual([]);
  });

  it('refuses more than 10,000 lines or 2 MB before anything, and an empty file', async () => {
    const list = await newList();
    const product = await factories.makeProduct();
    const many = `sku,unitPrice\n${`${product.sku},1\n`.repeat(10_001)}`;
    const tooMany = await importCsv(list._id, many);
    expect(tooMany.status).toBe(422);
    expect(error(tooMany).details).toEqual({ maxLines: 10_000, lines: 10_001 });

    const big = await importCsv(list._id, `${product.sku},1\n`.padEnd(2 * 1024 * 1024 + 1, ' '));
    expect(big.status).toBe(422);
    expect(error(big).message).toMatch(/at most 2 MB/);

    const empty = await importCsv(list._id, 'sku,unitPrice\n\n');
    expect(empty.status).toBe(422);
    const noFile = await call('POST', '/api/admin/price-lists/{id}/entries/import', {
      params: { id: list._id },
      body: new FormData(),
    });
    expect(noFile.status).toBe(422);
    const nobody = await importCsv(new ObjectId().toHexString(), `${product.sku},1`);
    expect(nobody.status).toBe(404);
    expect(await entriesOf(list._id)).toEqual([]);
  });
});

describe('assignment to a company', () => {
  async function company() {
    const owner = await factories.makeUser({ verified: true });
    return companies.createCompanyFor(owner, {
      name: 'Contract Works Ltd',
      taxId: null,
      billingAddress: '1 Contract Row, Leeds',
    });
  }

  it('gives a company its list, replaces it, takes it away; 404 for unknown ids', async () => {
    const [first, second] = [await newList({ name: 'First' }), await newList({ name: 'Second' })];
    const { _id: companyId } = await company();
    const path = '/api/admin/companies/{companyId}';
    const assign = (priceListId: string | null, id = companyId) =>
      call('PATCH', path, { params: { companyId: id }, json: { priceListId } });

    const given = await assign(first._id);
    expect(given.status).toBe(200);
    expect(body(given)).toEqual({ companyId, priceList: { _id: first._id, name: 'First' } });
    expect(body(await assign(second._id))).toEqual({
      companyId,
      priceList: { _id: second._id, name: 'Second' },
    });
    const current = await call('GET', '/api/admin/price-lists', {
      query: `companyId=${companyId}`,
    });
    expect((body(current).items as Body[]).map((item) => item._id)).toEqual([second._id]);
    expect(
      body(await call('GET', '/api/admin/price-lists/{id}', { params: { id: second._id } })),
    ).toMatchObject({ companyCount: 1, companyIds: [companyId] });

    expect(body(await assign(null))).toEqual({ companyId, priceList: null });
    expect(await pricing.contractFor(companyId, [])).toBeNull();

    expect((await assign(first._id, new ObjectId().toHexString())).status).toBe(404);
    const unknownList = await assign(new ObjectId().toHexString());
    expect(unknownList.status).toBe(404);
    expect(error(unknownList).message).toBe('No price list has this id.');
    expect(
      (await call('PATCH', path, { params: { companyId }, json: { priceListId: 'x' } })).status,
    ).toBe(422);
    // The company's own view is unchanged by the new method.
    expect((await call('GET', path, { params: { companyId } })).status).toBe(200);
  });

  it('a deleted list takes its entries and its companies with it', async () => {
    const list = await newList({ name: 'Short-lived', percentOff: 10 });
    const product = await factories.makeProduct();
    expect((await importCsv(list._id, `${product.sku},0.90`)).status).toBe(200);
    const { _id: companyId } = await company();
    await call('PATCH', '/api/admin/companies/{companyId}', {
      params: { companyId },
      json: { priceListId: list._id },
    });
    const contract = await pricing.contractFor(companyId, [product._id]);
    expect(contract?.list.id).toBe(list._id);
    expect(pricing.contractPricingOf(contract, product._id)?.entry).toMatchObject({
      unitPriceCents: 90,
    });

    const deleted = await call('DELETE', '/api/admin/price-lists/{id}', {
      params: { id: list._id },
    });
    expect(body(deleted)).toEqual({ ok: true, entriesRemoved: 1, companiesUnassigned: 1 });
    expect(await pricing.contractFor(companyId, [product._id])).toBeNull();
    expect(await entriesOf(list._id)).toEqual([]);
  });

  it('an expired or future list gives no contract', async () => {
    const { _id: companyId } = await company();
    const expired = await newList({ name: 'Old', validTo: '2020-12-31' });
    await pricing.assignPriceList(admin.user, companyId as never, { priceListId: expired._id });
    expect(await pricing.contractFor(companyId, [])).toBeNull();
    expect(
      await pricing.contractFor(companyId, [], new Date('2020-06-01T00:00:00Z')),
    ).not.toBeNull();
  });
});

describe('a 10,000-entry list', () => {
  it('resolves a 100-line cart with one entries query (median printed)', async () => {
    const list = await newList({ name: 'Big contract', percentOff: 3 });
    const productIds = Array.from({ length: 10_000 }, () => new ObjectId());
    const { upsertEntries } = await import('@/lib/pricing/store');
    await upsertEntries(
      new ObjectId(list._id),
      productIds.map((productId, index) => ({
        productId,
        sku: `BIG-${String(index).padStart(5, '0')}`,
        unitPriceCents: 100 + (index % 50),
        tiers: null,
        minQuantity: null,
        multiple: null,
        maxQuantity: null,
      })),
    );
    const owner = await factories.makeUser({ verified: true });
    const { _id: companyId } = await companies.createCompanyFor(owner, {
      name: 'Big Buyer Ltd',
      taxId: null,
      billingAddress: '1 Volume Way, Hull',
    });
    await pricing.assignPriceList(admin.user, companyId as never, { priceListId: list._id });
    const cart = Array.from({ length: 100 }, (_, index) => productIds[index * 97]!.toHexString());
    const product = { priceCents: 200 };
    const times: number[] = [];
    for (let run = 0; run < 20; run += 1) {
      const started = performance.now();
      const contract = await pricing.contractFor(companyId, cart);
      const prices = cart.map((productId) =>
        pricing.resolveUnitPrice({
          product,
          quantity: 1_000,
          contract: pricing.contractPricingOf(contract, productId),
        }),
      );
      times.push(performance.now() - started);
      expect(prices.every((price) => price.priceSource === `contract:${list._id}`)).toBe(true);
      expect(contract!.entries.size).toBe(100);
    }
    times.sort((a, b) => a - b);
    const median = (times[9]! + times[10]!) / 2;
    console.info(
      `contractFor + resolveUnitPrice, 100-line cart, 10,000-entry list: median ${median.toFixed(1)} ms over 20 runs (min ${times[0]!.toFixed(1)}, max ${times[19]!.toFixed(1)})`,
    );
  }, 120_000);
});
