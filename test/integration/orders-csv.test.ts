import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Manage Orders' CSV export, GET /api/allOrder?format=csv: its content, filters, quoting,
// formula neutralisation, authorization and streaming. Card payments are NOT configured here
// (payments are recorded with the factories' payOrder, the verified-payment path).
vi.hoisted(() => {
  for (const name of [
    'STRIPE_SECRET_KEY',
    'NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_BASE',
  ]) {
    delete process.env[name];
  }
  process.env.MAX_UNPAID_ORDERS = '1000';
});

import { GET as allOrdersRoute } from '@/app/api/allOrder/route';
import { closeConnection, collections, getClient, getDb } from '../support/db';
import { findOrder, setInvoiceNumbers, type OrderRecord } from '@/lib/orders/store';
import { updateProfile } from '@/lib/accounts/store/users';
import { EXPORT_BATCH_SIZE } from '@/lib/orders/export-store';
import { ORDER_CSV_COLUMNS } from '@/lib/orders/export';
import { parseCsv } from '../support/csv';
import {
  asProductNamedBeforeTextRules,
  backdateOrder,
  makeOrder,
  makeProduct,
  payOrder,
} from '../support/factories';
import { anonymous, changeStatus, json, type Who } from '../support/orders';
import { createActor, params, request, type Actor } from '../support/users';

let admin: Actor;
let buyer: Actor;
let formulaBuyer: Actor;

const COMPANY = 'Acme "Bolts", Fasteners & Co';

beforeAll(async () => {
  [admin, buyer, formulaBuyer] = await Promise.all([
    createActor('admin', 'Ada Admin'),
    createActor('user', 'Bo Buyer'),
    createActor('user', '=HYPERLINK("http://evil.example","Click")'),
  ]);
  await updateProfile(buyer.user.id, {
    name: buyer.user.name,
    education: 'BEng',
    location: 'Sheffield',
    link: 'https://example.com/bo',
    company: COMPANY,
  });
});
afterAll(closeConnection);

/** GET /api/allOrder with this query, as the route answers it (body unread). */
const exportOrders = (who: Who, query: string) =>
  allOrdersRoute(request(`/api/allOrder?${query}`, { headers: who.headers }), params({}));

async function csvOf(who: Who, query: string) {
  const response = await exportOrders(who, query);
  const text = await response.text();
  return { response, text, records: response.ok ? parseCsv(text) : [] };
}

/** A header row's columns to the record's cells. */
const byColumn = (record: string[]) =>
  Object.fromEntries(ORDER_CSV_COLUMNS.map((column, index) => [column, record[index]]));

/** An order placed at `at` (paid with `paidWith` when given), as the store stores it. */
async function orderAt(
  who: Actor,
  product: { _id: string; minimumOrderQuantity: number },
  at: string,
  options: { quantity?: number; paidWith?: string } = {},
): Promise<OrderRecord> {
  const order = await makeOrder(who.user, product, { quantity: options.quantity });
  if (options.paidWith) await payOrder(order._id, options.paidWith);
  await backdateOrder(order._id, new Date(at));
  return (await findOrder(order._id))!;
}

describe('GET /api/allOrder?format=csv', () => {
  it('answers the filtered orders as CSV: header row, one record per order, newest first', async () => {
    // Days in the future, so the unpaid ones are not overdue and nothing else falls in them.
    const bolts = await makeProduct({ price: 2.65, sku: 'HB-M8-CSV01' });
    const washers = await makeProduct({ name: 'Washer heavy M8 zinc', sku: 'WS-M8-CSV02' });
    await asProductNamedBeforeTextRules(washers._id, 'Washer, "heavy"\nM8 zinc');
    const before = await orderAt(buyer, bolts, '2030-01-09T23:59:59.999Z');
    const paid = await orderAt(buyer, bolts, '2030-01-10T00:00:00.000Z', {
      quantity: 1000,
      paidWith: 'pi_csv_paid_1',
    });
    const unpaid = await orderAt(formulaBuyer, washers, '2030-01-11T12:00:00.000Z');
    const shipped = await orderAt(buyer, bolts, '2030-01-12T23:59:59.999Z', {
      paidWith: 'pi_csv_shipped_1',
    });
    expect((await changeStatus(admin, shipped._id, { status: 'processing' })).status).toBe(200);
    const moved = await changeStatus(admin, shipped._id, {
      status: 'shipped',
      carrier: 'DHL Freight',
      trackingNumber: 'JD0146 0000',
    });
    expect(moved.status).toBe(200);
    const after = await orderAt(buyer, bolts, '2030-01-13T00:00:00.000Z');
    await setInvoiceNumbers([{ orderId: paid._id, invoiceNumber: 'INV-2030-000001' }]);

    const { response, text, records } = await csvOf(
      admin,
      'format=csv&from=2030-01-10&to=2030-01-12',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="orders-live-from-2030-01-10-to-2030-01-12.csv"',
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = records;
    expect(header).toEqual([...ORDER_CSV_COLUMNS]);
    expect(header!.join(',')).toBe(
      'Order ID,Date,Status,Customer email,Customer name,Company,Part number,Product,Quantity,Unit price,Total,Paid date,Transaction ID,Invoice number,Carrier,Tracking number',
    );
    // The bounds are inclusive: `to` includes its whole UTC day, `from` starts at 00:00 UTC.
    expect(rows.map((row) => row[0])).toEqual([shipped._id, unpaid._id, paid._id]);
    expect(rows.map((row) => row[0])).not.toContain(before._id);
    expect(rows.map((row) => row[0])).not.toContain(after._id);

    const paidNow = (await findOrder(paid._id))!;
    expect(byColumn(rows[2]!)).toEqual({
      'Order ID': paid._id,
      Date: '2030-01-10T00:00:00.000Z',
      Status: 'paid',
      'Customer email': buyer.user.email,
      'Customer name': 'Bo Buyer',
      Company: COMPANY,
      'Part number': 'HB-M8-CSV01',
      Product: bolts.name,
      Quantity: '1000',
      'Unit price': '2.65',
      Total: '2650.00',
      'Paid date': paidNow.paidAt,
      'Transaction ID': 'pi_csv_paid_1',
      'Invoice number': 'INV-2030-000001',
      Carrier: '',
      'Tracking number': '',
    });
    expect(byColumn(rows[0]!)).toMatchObject({
      Status: 'shipped',
      Carrier: 'DHL Freight',
      'Tracking number': 'JD0146 0000',
      'Transaction ID': 'pi_csv_shipped_1',
      Quantity: '500',
      Total: '1325.00',
    });
    // Unpaid: no payment fields; the buyer has no company.
    expect(byColumn(rows[1]!)).toMatchObject({
      Status: 'unpaid',
      Company: '',
      'Part number': 'WS-M8-CSV02',
      'Unit price': '14.80',
      Total: '7400.00',
      'Paid date': '',
      'Transaction ID': '',
      'Invoice number': '',
    });

    // RFC 4180: commas, quotes and newlines quoted, quotes doubled; the record stays one record.
    expect(byColumn(rows[1]!).Product).toBe('Washer, "heavy"\nM8 zinc');
    expect(text).toContain('"Washer, ""heavy""\nM8 zinc"');
    expect(text).toContain('"Acme ""Bolts"", Fasteners & Co"');
    // A name starting with `=` is text for a spreadsheet: a single quote in front, quoted.
    expect(byColumn(rows[1]!)['Customer name']).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(text).toContain('"\'=HYPERLINK(""http://evil.example"",""Click"")"');

    // The JSON answer takes the same filters and stays JSON.
    const listed = await json(exportOrders(admin, 'from=2030-01-10&to=2030-01-12'));
    expect(listed.status).toBe(200);
    expect(listed.body.map((order: { _id: string }) => order._id)).toEqual([
      shipped._id,
      unpaid._id,
      paid._id,
    ]);
    const asJson = await json(exportOrders(admin, 'format=json&from=2030-01-12&to=2030-01-12'));
    expect(asJson.body.map((order: { _id: string }) => order._id)).toEqual([shipped._id]);
  });

  it('filters by status and by each bound alone', async () => {
    const product = await makeProduct();
    const first = await orderAt(buyer, product, '2030-02-01T10:00:00.000Z', {
      paidWith: 'pi_csv_filter_1',
    });
    const second = await orderAt(buyer, product, '2030-02-02T10:00:00.000Z');
    const third = await orderAt(buyer, product, '2030-02-03T10:00:00.000Z', {
      paidWith: 'pi_csv_filter_3',
    });
    const ids = async (query: string) =>
      (await csvOf(admin, `format=csv&${query}`)).records.slice(1).map((row) => row[0]);

    expect(await ids('status=paid&from=2030-02-01&to=2030-02-03')).toEqual([third._id, first._id]);
    expect(await ids('status=unpaid&from=2030-02-01&to=2030-02-03')).toEqual([second._id]);
    expect(await ids('from=2030-02-02&to=2030-02-28')).toEqual([third._id, second._id]);
    const upTo = await ids('to=2030-02-01');
    expect(upTo).toContain(first._id);
    expect(upTo).not.toContain(second._id);
    const fromOn = await ids('from=2030-02-03');
    expect(fromOn).toContain(third._id);
    expect(fromOn).not.toContain(second._id);
    expect(await ids('status=shipped&from=2030-02-01&to=2030-02-03')).toEqual([]);
    const { response } = await csvOf(admin, 'format=csv&status=paid&from=2030-02-01');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="orders-paid-from-2030-02-01.csv"',
    );
  });

  it('is for admins only: 401 anonymous, 403 to a buyer', async () => {
    for (const [who, status] of [
      [anonymous, 401],
      [buyer, 403],
      [formulaBuyer, 403],
    ] as const) {
      const response = await exportOrders(who, 'format=csv');
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.text()).not.toContain('Order ID');
    }
  });

  it.each([
    ['from=2030-13-01', 'from'],
    ['to=2030-02-30', 'to'],
    ['from=yesterday', 'from'],
    ['to=2030-1-5', 'to'],
    ['from=', 'from'],
    ['from=2030-02-02&to=2030-02-01', 'from'],
    ['format=xlsx', 'format'],
  ])('answers 400 to ?%s, for CSV and JSON alike', async (query, field) => {
    for (const format of ['format=csv&', '']) {
      if (format && query.startsWith('format=')) continue;
      const answer = await json(exportOrders(admin, `${format}${query}`));
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('bad_request');
      expect(Object.keys(answer.body.error.details.fields)).toEqual([field]);
    }
  });
});

describe('GET /api/allOrder?format=csv streams from a cursor', () => {
  const COUNT = 5_000;
  const DAY = '2031-03-01';

  /**
   * The export cursors the server holds open for this test file's database: idle between two
   * batches, or in use by a getMore fetching the next one.
   */
  async function openExportCursors() {
    const db = await getDb();
    const idle = await (
      await getClient()
    )
      .db('admin')
      .aggregate<{
        cursor: { nDocsReturned: number; originatingCommand: Record<string, unknown> };
      }>([
        { $currentOp: { idleCursors: true, allUsers: true } },
        { $match: { cursor: { $exists: true } } },
      ])
      .toArray();
    return idle
      .map((op) => op.cursor)
      .filter(
        (cursor) =>
          cursor.originatingCommand.$db === db.databaseName &&
          cursor.originatingCommand.aggregate === 'orders',
      );
  }

  beforeAll(async () => {
    // One order placed as the store places one, then copied: 5,000 orders of one day.
    const product = await makeProduct({ name: 'Hex Bolt M8 for the stream' });
    const model = await makeOrder(buyer.user, product, { paidWith: 'pi_csv_stream_model' });
    const { orders } = collections(await getDb());
    const doc = (await orders.findOne({ _id: new ObjectId(model._id) }))!;
    await orders.deleteOne({ _id: doc._id });
    const start = new Date(`${DAY}T00:00:00.000Z`).getTime();
    for (let batch = 0; batch < COUNT / 1_000; batch += 1) {
      await orders.insertMany(
        Array.from({ length: 1_000 }, (_, index) => {
          const n = batch * 1_000 + index;
          const { invoiceNumber, ...rest } = doc;
          void invoiceNumber;
          return {
            ...rest,
            _id: new ObjectId(),
            createdAt: new Date(start + n * 1_000),
            transactionId: `pi_csv_stream_${n}`,
          };
        }),
      );
    }
  }, 120_000);

  it('sends the first records while the cursor still holds most of the orders', async () => {
    const response = await exportOrders(admin, `format=csv&from=${DAY}&to=${DAY}`);
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    // The header, then the first chunk of records.
    while ((text.match(/\r\n/g) ?? []).length < 2) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      text += value;
    }
    const firstRecords = (text.match(/\r\n/g) ?? []).length - 1;
    expect(firstRecords).toBeGreaterThan(0);
    expect(firstRecords).toBeLessThan(COUNT);
    // The server's cursor is open and has handed out only a few batches: the handler did not
    // read every order before answering.
    const [cursor, ...others] = await openExportCursors();
    expect(others).toEqual([]);
    expect(cursor).toBeDefined();
    expect(cursor!.nDocsReturned).toBeLessThanOrEqual(3 * EXPORT_BATCH_SIZE);
    expect(cursor!.nDocsReturned).toBeLessThan(COUNT);

    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...ORDER_CSV_COLUMNS]);
    expect(rows).toHaveLength(COUNT);
    expect(new Set(rows.map((row) => row[0])).size).toBe(COUNT);
    expect(rows[0]![12]).toBe(`pi_csv_stream_${COUNT - 1}`);
    expect(rows[COUNT - 1]![12]).toBe('pi_csv_stream_0');
    const dates = rows.map((row) => row[1]);
    expect([...dates].sort().reverse()).toEqual(dates);
    // Read to the end: the cursor is exhausted and gone.
    expect(await openExportCursors()).toEqual([]);
  }, 60_000);

  it('closes the cursor when the download is cancelled', async () => {
    const response = await exportOrders(admin, `format=csv&from=${DAY}&to=${DAY}`);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.read();
    expect(await openExportCursors()).toHaveLength(1);
    await reader.cancel();
    await expect.poll(openExportCursors).toEqual([]);
  }, 60_000);
});
