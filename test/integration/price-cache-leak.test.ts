import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../support/users';
import type { Answer, OperationCall } from '../support/operations';

// No contract price in a shared cache (issue 26, part 4), on the real engine: two companies with
// different price lists for the same part; `GET /api/prices` gives each member their own
// company's price and nobody else anything (another company's member, a person in no company, a
// guest, a bad credential), always with `Cache-Control: private, no-store`; and `memberPrices`
// at its edges (a list out of its dates, a list-wide percentage, an entry's own tiers and
// quantity overrides). The pages (home, /products, the sitemap, their RSC payloads and the
// product page) are checked in a browser build: e2e/price-cache-leak.spec.ts.

let ops: typeof import('../support/operations');
let users: typeof import('../support/users');
let factories: typeof import('../support/factories');
let companyFixtures: typeof import('../support/companies');
let db: typeof import('../support/db');
let pricing: typeof import('@/lib/pricing');
let admin: Actor;

beforeAll(async () => {
  ops = await import('../support/operations');
  users = await import('../support/users');
  factories = await import('../support/factories');
  companyFixtures = await import('../support/companies');
  db = await import('../support/db');
  pricing = await import('@/lib/pricing');
  admin = await users.createActor('admin');
});

afterAll(async () => {
  await db?.closeConnection();
});

type Body = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';

async function call(
  method: Method,
  path: string,
  request: OperationCall = {},
  headers: Record<string, string> = admin.session,
): Promise<Answer> {
  return ops.readAnswer(
    await ops.callOperation(
      { method, path },
      { ...request, headers: { ...headers, ...request.headers } },
    ),
  );
}

/** A price list of the store admin's, given to `companyId` when one is named. */
async function priceList(
  fields: Body,
  entries: Array<{ productId: string } & Body>,
  companyId?: ObjectId,
): Promise<{ _id: string; name: string }> {
  const created = await call('POST', '/api/admin/price-lists', { json: fields });
  expect(created.status, created.text).toBe(201);
  const list = created.json as { _id: string; name: string };
  for (const { productId, ...entry } of entries) {
    const set = await call('PUT', '/api/admin/price-lists/{id}/entries/{productId}', {
      params: { id: list._id, productId },
      json: entry,
    });
    expect(set.status, set.text).toBe(200);
  }
  if (companyId) {
    const assigned = await call('PATCH', '/api/admin/companies/{companyId}', {
      params: { companyId: companyId.toHexString() },
      json: { priceListId: list._id },
    });
    expect(assigned.status, assigned.text).toBe(200);
  }
  return list;
}

/** `GET /api/prices?productIds=…` with these credentials (none: a guest). */
function askPrices(productIds: string, headers: Record<string, string> = {}): Promise<Answer> {
  return call('GET', '/api/prices', { query: `productIds=${productIds}` }, headers);
}

function expectPrivate(answer: Answer): void {
  expect(answer.headers.get('cache-control')).toBe('private, no-store');
  expect(answer.headers.get('vary')).toMatch(/\bCookie\b/);
}

const NONE = { contract: null, prices: [] };

describe('GET /api/prices: two companies, two prices for one part', () => {
  // The part lists at $3.45; company A's contract sells it at $0.77, company B's at $0.66.
  let part: Awaited<ReturnType<typeof factories.makeProduct>>;
  let other: Awaited<ReturnType<typeof factories.makeProduct>>;
  let listA: { _id: string; name: string };
  let listB: { _id: string; name: string };
  let companyA: Awaited<ReturnType<typeof companyFixtures.makeCompany>>;
  let companyB: Awaited<ReturnType<typeof companyFixtures.makeCompany>>;
  let loner: Actor;

  /** What must never reach anyone but company A's members. */
  const leaksOfA = () => ['0.77', '$0.77', listA._id, listA.name];

  beforeAll(async () => {
    part = await factories.makeProduct({ name: 'Contract Spacer', price: 3.45 });
    other = await factories.makeProduct({ name: 'List-price Spacer', price: 2.2 });
    [companyA, companyB, loner] = await Promise.all([
      companyFixtures.makeCompany([{ role: 'buyer' }]),
      companyFixtures.makeCompany([{ role: 'buyer' }]),
      users.createActor('user', 'Lone Buyer'),
    ]);
    listA = await priceList(
      { name: 'Contract of A' },
      [{ productId: part._id, unitPrice: 0.77 }],
      companyA.companyId,
    );
    listB = await priceList(
      { name: 'Contract of B' },
      [{ productId: part._id, unitPrice: 0.66 }],
      companyB.companyId,
    );
  });

  it("gives each company's members their own company's price, privately", async () => {
    const ids = `${part._id},${other._id}`;
    for (const member of [companyA.owner, companyA.members[0]!]) {
      for (const credential of [member.session, member.headers]) {
        const answer = await askPrices(ids, credential);
        expect(answer.status, answer.text).toBe(200);
        expectPrivate(answer);
        // Only the part the contract prices: the other stays at its list price.
        expect(answer.json).toEqual({
          contract: { id: listA._id, name: 'Contract of A' },
          prices: [
            {
              productId: part._id,
              listPrice: 3.45,
              unitPrice: 0.77,
              priceSource: `contract:${listA._id}`,
              tiers: null,
              minimumOrderQuantity: 500,
              orderMultiple: 1,
              maxOrderQuantity: null,
            },
          ],
        });
      }
    }

    const ofB = await askPrices(ids, companyB.members[0]!.session);
    expect(ofB.status).toBe(200);
    expectPrivate(ofB);
    expect(ofB.json).toMatchObject({
      contract: { id: listB._id, name: 'Contract of B' },
      prices: [{ productId: part._id, unitPrice: 0.66, priceSource: `contract:${listB._id}` }],
    });
    for (const leak of leaksOfA()) expect(ofB.text).not.toContain(leak);
  });

  it('gives a guest, a person in no company and a bad credential no prices, privately', async () => {
    const forged = {
      Cookie: 'authjs.session-token=forged',
      Origin: users.STORE_ORIGIN,
    };
    for (const [who, headers] of [
      ['guest', {}],
      ['no company', loner.session],
      ['no company, token', loner.headers],
      ['forged cookie', forged],
      ['forged token', { Authorization: 'Bearer forged' }],
    ] as const) {
      const answer = await askPrices(part._id, headers);
      expect(answer.status, who).toBe(200);
      expectPrivate(answer);
      expect(answer.json, who).toEqual(NONE);
      for (const leak of [...leaksOfA(), '0.66', listB._id]) {
        expect(answer.text, who).not.toContain(leak);
      }
    }
  });

  it('stops pricing a member who leaves, and a company whose list is taken away', async () => {
    const { companyId, owner, members } = await companyFixtures.makeCompany([{ role: 'buyer' }]);
    const leaver = members[0]!;
    const list = await priceList(
      { name: 'Short-lived' },
      [{ productId: part._id, unitPrice: 1.11 }],
      companyId,
    );
    expect((await askPrices(part._id, leaver.session)).json).toMatchObject({
      contract: { id: list._id },
      prices: [{ unitPrice: 1.11 }],
    });
    await db.collections(await db.getDb()).companyMembers.deleteOne({
      userId: new ObjectId(leaver.user.id),
    });
    expect((await askPrices(part._id, leaver.session)).json).toEqual(NONE);

    expect((await askPrices(part._id, owner.session)).json).toMatchObject({
      contract: { id: list._id },
    });
    const taken = await call('PATCH', '/api/admin/companies/{companyId}', {
      params: { companyId: companyId.toHexString() },
      json: { priceListId: null },
    });
    expect(taken.status).toBe(200);
    expect((await askPrices(part._id, owner.session)).json).toEqual(NONE);
  });

  it('lists each product once, in the order asked, and leaves unknown ids out', async () => {
    const second = await factories.makeProduct({ price: 5 });
    await call('PUT', '/api/admin/price-lists/{id}/entries/{productId}', {
      params: { id: listA._id, productId: second._id },
      json: { unitPrice: 4.5 },
    });
    const unknown = new ObjectId().toHexString();
    const answer = await askPrices(
      `${second._id},${unknown},${part._id.toUpperCase()},${second._id}`,
      companyA.members[0]!.session,
    );
    expect(answer.status).toBe(200);
    expect(
      (answer.json as { prices: { productId: string; unitPrice: number }[] }).prices.map(
        ({ productId, unitPrice }) => [productId, unitPrice],
      ),
    ).toEqual([
      [second._id, 4.5],
      [part._id, 0.77],
    ]);
  });

  it('refuses a bad or too long list of ids with 422 in the error shape, privately', async () => {
    const ids = (count: number) =>
      Array.from({ length: count }, () => new ObjectId().toHexString()).join(',');
    for (const [what, query] of [
      ['no productIds', ''],
      ['empty', 'productIds='],
      ['not an id', 'productIds=not-an-id'],
      ['an id too short', `productIds=${part._id.slice(1)}`],
      ['a trailing comma', `productIds=${part._id},`],
      ['spaces', `productIds=${part._id},%20${other._id}`],
      ['101 ids', `productIds=${ids(101)}`],
      ['an operator', 'productIds[$ne]=x'],
    ] as const) {
      for (const headers of [{}, companyA.members[0]!.session]) {
        const answer = await call('GET', '/api/prices', { query }, headers);
        expect(answer.status, what).toBe(422);
        expect(ops.errorShapeProblem(answer), what).toBeNull();
        expectPrivate(answer);
        expect((answer.json as { error: { code: string; details: Body } }).error).toMatchObject({
          code: 'validation_failed',
          details: { fields: { productIds: [expect.stringContaining('1 to 100 product ids')] } },
        });
      }
    }
    const hundred = await askPrices(`${ids(99)},${part._id}`, companyA.members[0]!.session);
    expect(hundred.status).toBe(200);
    expect((hundred.json as { prices: unknown[] }).prices).toHaveLength(1);
  });
});

describe('memberPrices', () => {
  const now = new Date();
  const day = 86_400_000;
  const isoDay = (offset: number) =>
    new Date(now.getTime() + offset * day).toISOString().slice(0, 10);

  /** A company of its own with one buyer, buying at a new list of these fields and entries. */
  async function memberWith(fields: Body, entries: Array<{ productId: string } & Body>) {
    const company = await companyFixtures.makeCompany([{ role: 'buyer' }]);
    const list = await priceList(fields, entries, company.companyId);
    return { person: company.members[0]!.user, list };
  }

  it('gives nothing to a guest, a person in no company, or a company without a list', async () => {
    const product = await factories.makeProduct();
    expect(await pricing.memberPrices(null, [product._id])).toEqual(NONE);
    const loner = await users.createActor('user');
    expect(await pricing.memberPrices(loner.user, [product._id])).toEqual(NONE);
    const { members } = await companyFixtures.makeCompany([{ role: 'buyer' }]);
    expect(await pricing.memberPrices(members[0]!.user, [product._id])).toEqual(NONE);
  });

  it('gives nothing under a list out of its dates (expired, or not yet valid)', async () => {
    const product = await factories.makeProduct({ price: 3.45 });
    const entry = [{ productId: product._id, unitPrice: 0.5 }];
    const expired = await memberWith(
      { name: 'Expired', validFrom: isoDay(-60), validTo: isoDay(-1), percentOff: 10 },
      entry,
    );
    expect(await pricing.memberPrices(expired.person, [product._id])).toEqual(NONE);
    const future = await memberWith({ name: 'Next year', validFrom: isoDay(30) }, entry);
    expect(await pricing.memberPrices(future.person, [product._id])).toEqual(NONE);
    // The same list, asked about an instant within its dates, prices.
    expect(
      await pricing.memberPrices(future.person, [product._id], new Date(now.getTime() + 31 * day)),
    ).toMatchObject({ contract: { id: future.list._id }, prices: [{ unitPrice: 0.5 }] });
  });

  it('prices products without an entry at the list-wide percentage off the list price', async () => {
    // A tiered product: the percentage comes before its own volume tiers.
    const tiered = await factories.makeProduct({
      price: 3.45,
      priceTiers: [
        { minQuantity: 500, price: 3.45 },
        { minQuantity: 5_000, price: 3.1 },
      ],
    });
    const fixed = await factories.makeProduct({ price: 9 });
    const { person, list } = await memberWith({ name: 'Twelve and a half off', percentOff: 12.5 }, [
      { productId: fixed._id, unitPrice: 7.25 },
    ]);
    const answer = await pricing.memberPrices(person, [tiered._id, fixed._id]);
    expect(answer).toEqual({
      contract: { id: list._id, name: 'Twelve and a half off' },
      prices: [
        {
          productId: tiered._id,
          listPrice: 3.45,
          // 345 cents less 12.5 %: 301.875, half up to 302.
          unitPrice: 3.02,
          priceSource: `contract:${list._id}`,
          tiers: null,
          minimumOrderQuantity: 500,
          orderMultiple: 1,
          maxOrderQuantity: null,
        },
        // The entry's fixed price comes before the percentage.
        expect.objectContaining({ productId: fixed._id, listPrice: 9, unitPrice: 7.25 }),
      ],
    });
  });

  it("gives an entry's own tiers and quantity rule, priced at the member's minimum", async () => {
    // Sold in cartons of 24, at most 9,600 an order; the contract's entry overrides both.
    const cartons = {
      price: 2,
      minimumOrderQuantity: 504,
      orderMultiple: 24,
      maxOrderQuantity: 9_600,
    };
    const product = await factories.makeProduct(cartons);
    const plain = await factories.makeProduct(cartons);
    const late = await factories.makeProduct({ price: 2 });
    const { person, list } = await memberWith({ name: 'Cartons of 48' }, [
      {
        productId: product._id,
        tiers: [
          { minQuantity: 500, unitPrice: 1.5 },
          { minQuantity: 1_008, unitPrice: 1.25 },
          { minQuantity: 4_800, unitPrice: 1 },
        ],
        minQuantity: 1_000,
        multiple: 48,
        maxQuantity: 4_800,
      },
      // Only the product's own rule, at a fixed price.
      { productId: plain._id, unitPrice: 1.75 },
      // Tiers starting above the member's minimum and no percentage: no contract price there.
      { productId: late._id, tiers: [{ minQuantity: 5_000, unitPrice: 1.2 }] },
    ]);
    const answer = await pricing.memberPrices(person, [product._id, plain._id, late._id]);
    expect(answer.prices).toEqual([
      {
        productId: product._id,
        listPrice: 2,
        // The minimum 1,000 rounded up to cartons of 48 is 1,008: the second tier's price.
        unitPrice: 1.25,
        priceSource: `contract:${list._id}`,
        tiers: [
          { minQuantity: 500, unitPrice: 1.5 },
          { minQuantity: 1_008, unitPrice: 1.25 },
          { minQuantity: 4_800, unitPrice: 1 },
        ],
        minimumOrderQuantity: 1_008,
        orderMultiple: 48,
        maxOrderQuantity: 4_800,
      },
      {
        productId: plain._id,
        listPrice: 2,
        unitPrice: 1.75,
        priceSource: `contract:${list._id}`,
        tiers: null,
        minimumOrderQuantity: 504,
        orderMultiple: 24,
        maxOrderQuantity: 9_600,
      },
    ]);
  });
});
