import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// GET /api/allOrder one page at a time, as GET /api/product pages: `?page=&limit=`,
// `X-Total-Count` and `Link`, newest first with the id breaking ties, through an index; the CSV
// export still holds every order. This file's database holds exactly the orders made here.

import { GET as allOrdersRoute } from '@/app/api/allOrder/route';
import { collections as orderCollections } from '@/lib/orders/collections';
import { ordersCollection } from '@/lib/orders/store/collection';
import { ALL_ORDERS_INDEX, allOrdersFilter } from '@/lib/orders/store/reads';
import { closeConnection, collections, getDb } from '../support/db';
import { parseCsv } from '../support/csv';
import { makeOrder, makeProduct } from '../support/factories';
import { anonymous, json, nextPageOf, type Who } from '../support/orders';
import { createActor, params, request, type Actor } from '../support/users';

const COUNT = 120;
/** How many of them are `processing` (the rest are `paid`). */
const PROCESSING = 30;
const DAY = '2032-04-01';

let admin: Actor;
let buyer: Actor;
/** Every order's id, newest first (placed time, then id, both descending). */
let newestFirst: string[];
/** The `processing` ones, newest first. */
let processingNewestFirst: string[];

/** GET /api/allOrder?<query>, as the route answers it. */
const list = (who: Who, query = '') =>
  allOrdersRoute(
    request(`/api/allOrder${query ? `?${query}` : ''}`, { headers: who.headers }),
    params({}),
  );

/** A page's status, order ids and paging headers. */
async function pageOf(who: Who, query = '') {
  const response = await list(who, query);
  const { status, body } = await json(response);
  return {
    status,
    body,
    ids: status === 200 ? (body as Array<{ _id: string }>).map((order) => order._id) : [],
    total: response.headers.get('X-Total-Count'),
    link: response.headers.get('Link'),
  };
}

beforeAll(async () => {
  [admin, buyer] = await Promise.all([createActor('admin'), createActor('user', 'Bo Buyer')]);
  // One order placed and paid as the store does it, then copied: 120 orders on one day, two at
  // each second, so that every second pair is ordered by id alone.
  const product = await makeProduct({ name: 'Hex Bolt M8 for the pages' });
  const model = await makeOrder(buyer.user, product, { paidWith: 'pi_pages_model' });
  const { orders } = collections(await getDb());
  const doc = (await orders.findOne({ _id: new ObjectId(model._id) }))!;
  await orders.deleteOne({ _id: doc._id });
  const start = new Date(`${DAY}T00:00:00.000Z`).getTime();
  // Without the invoice number (one per order) or the mails the payment queued.
  const { invoiceNumber, outbox, ...rest } = doc;
  void invoiceNumber;
  void outbox;
  const copies = Array.from({ length: COUNT }, (_, n) => ({
    ...rest,
    _id: new ObjectId(),
    createdAt: new Date(start + Math.floor(n / 2) * 1_000),
    status: n % 4 === 0 ? ('processing' as const) : ('paid' as const),
    transactionId: `pi_pages_${n}`,
  }));
  // Inserted in an order of their own, so neither insertion nor id order gives the answer.
  await orders.insertMany([...copies].reverse());
  const sorted = [...copies].sort(
    (x, y) =>
      y.createdAt.getTime() - x.createdAt.getTime() ||
      y._id.toHexString().localeCompare(x._id.toHexString()),
  );
  newestFirst = sorted.map((order) => order._id.toHexString());
  processingNewestFirst = sorted
    .filter((order) => order.status === 'processing')
    .map((order) => order._id.toHexString());
  expect(processingNewestFirst).toHaveLength(PROCESSING);
}, 60_000);
afterAll(closeConnection);

describe('GET /api/allOrder, one page at a time', () => {
  it('answers the newest 50 without parameters, with X-Total-Count and a Link to the next page', async () => {
    const page = await pageOf(admin);
    expect(page.status).toBe(200);
    expect(Array.isArray(page.body)).toBe(true);
    expect(page.ids).toEqual(newestFirst.slice(0, 50));
    expect(page.total).toBe(String(COUNT));
    expect(page.link).toBe('</api/allOrder?page=2>; rel="next"');
  });

  it('pages through every order once, newest first, ties broken by id', async () => {
    const seen: string[] = [];
    const first = await pageOf(admin, 'limit=50');
    expect(first.link).toBe('</api/allOrder?limit=50&page=2>; rel="next"');
    const second = await pageOf(admin, 'limit=50&page=2');
    expect(second.ids).toHaveLength(50);
    expect(second.link).toBe(
      '</api/allOrder?limit=50&page=1>; rel="prev", </api/allOrder?limit=50&page=3>; rel="next"',
    );
    const third = await pageOf(admin, 'limit=50&page=3');
    expect(third.ids).toHaveLength(COUNT - 100);
    expect(third.total).toBe(String(COUNT));
    // The last page has no next page.
    expect(third.link).toBe('</api/allOrder?limit=50&page=2>; rel="prev"');
    expect(nextPageOf(third.link)).toBeNull();
    seen.push(...first.ids, ...second.ids, ...third.ids);
    expect(seen).toEqual(newestFirst);
  });

  it('takes any limit from 1 to 100', async () => {
    const hundred = await pageOf(admin, 'limit=100');
    expect(hundred.ids).toEqual(newestFirst.slice(0, 100));
    const one = await pageOf(admin, 'limit=1&page=120');
    expect(one.ids).toEqual([newestFirst[119]]);
    expect(one.link).toBe('</api/allOrder?limit=1&page=119>; rel="prev"');
  });

  it('answers a page past the last as an empty array, its headers still true', async () => {
    const past = await pageOf(admin, 'page=9');
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.total).toBe(String(COUNT));
    expect(past.link).toBe('</api/allOrder?page=3>; rel="prev"');
  });

  it('keeps the filters in each page and in the Link', async () => {
    const first = await pageOf(admin, 'status=processing&limit=20');
    expect(first.total).toBe(String(PROCESSING));
    expect(first.ids).toEqual(processingNewestFirst.slice(0, 20));
    expect(first.link).toBe('</api/allOrder?status=processing&limit=20&page=2>; rel="next"');
    const second = await pageOf(admin, 'status=processing&limit=20&page=2');
    expect(second.ids).toEqual(processingNewestFirst.slice(20));
    const days = await pageOf(admin, `from=${DAY}&to=${DAY}&limit=10&page=12`);
    expect(days.total).toBe(String(COUNT));
    expect(days.ids).toEqual(newestFirst.slice(110));
    const before = await pageOf(admin, 'to=2032-03-31');
    expect(before).toMatchObject({ status: 200, body: [], total: '0', link: null });
  });

  it('answers 400 in the one error shape for a bad page or limit', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=-5', 'limit'],
      ['limit=2.5', 'limit'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=1e3', 'page'],
    ] as const) {
      const bad = await pageOf(admin, query);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.code, query).toBe('bad_request');
      expect(typeof bad.body.error.message, query).toBe('string');
      expect(Object.keys(bad.body.error.details.fields), query).toEqual([field]);
    }
    // An empty value counts as absent, as the catalogue's do.
    expect((await pageOf(admin, 'limit=&page=')).ids).toEqual(newestFirst.slice(0, 50));
  });

  it('is for admins only, whatever the page', async () => {
    expect((await pageOf(anonymous, 'page=2')).status).toBe(401);
    const refused = await pageOf(buyer, 'page=2&limit=10');
    expect(refused.status).toBe(403);
    expect(refused.total).toBeNull();
  });
});

describe('GET /api/allOrder?format=csv is not paged', () => {
  it('exports every order whatever page and limit say', async () => {
    const response = await list(admin, 'format=csv&page=2&limit=10');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('X-Total-Count')).toBeNull();
    expect(response.headers.get('Link')).toBeNull();
    const [, ...records] = parseCsv(await response.text());
    expect(records.map((record) => record[0])).toEqual(newestFirst);
  });
});

describe('GET /api/allOrder on a store of many orders', () => {
  const MANY = 3_000;

  beforeAll(async () => {
    // Many more live orders, on days after the others: pages far from the first skip thousands.
    const { orders } = collections(await getDb());
    const model = (await orders.findOne({ transactionId: 'pi_pages_0' }))!;
    const start = new Date('2032-05-01T00:00:00.000Z').getTime();
    await orders.insertMany(
      Array.from({ length: MANY }, (_, n) => ({
        ...model,
        _id: new ObjectId(),
        createdAt: new Date(start + n * 1_000),
        status: 'paid' as const,
        transactionId: `pi_pages_many_${n}`,
      })),
    );
  }, 60_000);

  it('reads a page through the index { status, createdAt, _id }, sorting nothing in memory', async () => {
    // Declared by the feature (so every start creates it), and present in this database.
    const key = ALL_ORDERS_INDEX;
    const declared = orderCollections.declared.orders.indexes.map((index) => index.key);
    expect(declared).toContainEqual(key);
    const present = (await (await ordersCollection()).indexes()).map((index) => index.key);
    expect(present).toContainEqual(key);
    for (const [status, dates] of [
      [undefined, {}],
      ['processing', {}],
      [undefined, { from: new Date(`${DAY}T00:00:00.000Z`) }],
    ] as const) {
      const plan = await (
        await ordersCollection()
      )
        .find(allOrdersFilter(status, dates))
        .sort({ createdAt: -1, _id: -1 })
        .hint(ALL_ORDERS_INDEX)
        .skip(3_000)
        .limit(50)
        .explain('queryPlanner');
      const winning = JSON.stringify(plan.queryPlanner.winningPlan);
      const label = `${status ?? 'live'} ${JSON.stringify(dates)}`;
      expect(winning, label).toContain('status_1_createdAt_-1__id_-1');
      expect(winning, label).not.toContain('"stage":"SORT"');
      expect(winning, label).not.toContain('COLLSCAN');
    }
  });

  it('answers every page, however far, the count over every page', async () => {
    const pages = Math.ceil((COUNT + MANY) / 50);
    const second = await pageOf(admin, 'page=2');
    expect(second.total).toBe(String(COUNT + MANY));
    expect(second.ids).toHaveLength(50);
    // The last pages hold the first 120 orders, the oldest.
    const beforeLast = await pageOf(admin, `page=${pages - 1}`);
    const last = await pageOf(admin, `page=${pages}`);
    expect(beforeLast.status).toBe(200);
    expect(last.status).toBe(200);
    const tail = (COUNT + MANY) % 50 || 50;
    expect([...beforeLast.ids, ...last.ids]).toEqual(newestFirst.slice(-(50 + tail)));
    expect(nextPageOf(last.link)).toBeNull();
    const processing = await pageOf(admin, 'status=processing&limit=10&page=3');
    expect(processing.ids).toEqual(processingNewestFirst.slice(20, 30));
  });
});
