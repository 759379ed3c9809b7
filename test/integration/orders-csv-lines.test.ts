import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Manage Orders' CSV export of orders of several lines, GET /api/allOrder?format=csv: one
// record per line, the line's part and amounts, the order's other columns repeated on each.
// Card payments are NOT configured here (payments are recorded with the factories' payOrder).
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
import { closeConnection, collections, getDb } from '../support/db';
import { findOrder, setInvoiceNumbers } from '@/lib/orders/store';
import { ORDER_CSV_COLUMNS } from '@/lib/orders/export';
import { parseCsv } from '../support/csv';
import {
  asProductNamedBeforeTextRules,
  asProductWithoutPartNumber,
  backdateOrder,
  makeOrder,
  makeOrderOfLines,
  makeProduct,
} from '../support/factories';
import { createActor, params, request, type Actor } from '../support/users';

let admin: Actor;
let buyer: Actor;

beforeAll(async () => {
  [admin, buyer] = await Promise.all([
    createActor('admin', 'Ada Admin'),
    createActor('user', 'Bo Buyer'),
  ]);
});
afterAll(closeConnection);

/** The CSV records of GET /api/allOrder?format=csv&<query>, as admin: header, then records. */
async function csvOf(query: string) {
  const response = await allOrdersRoute(
    request(`/api/allOrder?format=csv&${query}`, { headers: admin.headers }),
    params({}),
  );
  expect(response.status).toBe(200);
  const text = await response.text();
  return { text, records: parseCsv(text) };
}

/** A record's cells by column. */
const byColumn = (record: string[]) =>
  Object.fromEntries(ORDER_CSV_COLUMNS.map((column, index) => [column, record[index]]));

/** The columns that are the order's, repeated on each of its lines. */
const orderColumns = ORDER_CSV_COLUMNS.filter(
  (column) => !['Part number', 'Product', 'Quantity', 'Unit price', 'Total'].includes(column),
);

describe('GET /api/allOrder?format=csv with orders of several lines', () => {
  it("writes one record per line, the order's columns repeated; one-line orders as before", async () => {
    const bolts = await makeProduct({ name: 'Hex bolt M8', price: 2.65, sku: 'HB-M8-LINES1' });
    const washers = await makeProduct({ name: 'Washer M8', price: 0.12, sku: 'WS-M8-LINES2' });
    const nuts = await makeProduct({ name: 'Hex nut M8', price: 0.4, sku: 'HN-M8-LINES3' });
    // A name stored before names refused a leading "=", and quotes and a comma.
    await asProductNamedBeforeTextRules(nuts._id, '=Nut, "M8"');

    const single = await makeOrder(buyer.user, bolts, { quantity: 1000 });
    await backdateOrder(single._id, new Date('2032-05-01T09:00:00.000Z'));
    const order = await makeOrderOfLines(
      buyer.user,
      [
        { product: bolts, quantity: 600 },
        { product: washers, quantity: 2_000 },
        { product: nuts, quantity: 750 },
      ],
      { paidWith: 'pi_csv_lines_1', poNumber: 'PO-LINES-7' },
    );
    await backdateOrder(order._id, new Date('2032-05-01T10:00:00.000Z'));
    await setInvoiceNumbers([{ orderId: order._id, invoiceNumber: 'INV-2032-000007' }]);
    const stored = (await findOrder(order._id))!;
    expect(stored.lines).toHaveLength(3);

    const { text, records } = await csvOf('from=2032-05-01&to=2032-05-01');
    const [header, ...rows] = records;
    expect(header).toEqual([...ORDER_CSV_COLUMNS]);
    // Newest order first, each order's lines in its own order.
    expect(rows.map((row) => row[0])).toEqual([order._id, order._id, order._id, single._id]);

    const lines = rows.slice(0, 3).map(byColumn);
    expect(lines.map((line) => line['Part number'])).toEqual([
      'HB-M8-LINES1',
      'WS-M8-LINES2',
      'HN-M8-LINES3',
    ]);
    expect(lines.map((line) => line.Product)).toEqual([
      'Hex bolt M8',
      'Washer M8',
      // A formula is text for a spreadsheet: a single quote in front.
      '\'=Nut, "M8"',
    ]);
    expect(text).toContain('"\'=Nut, ""M8"""');
    expect(lines.map((line) => line.Quantity)).toEqual(['600', '2000', '750']);
    expect(lines.map((line) => line['Unit price'])).toEqual(
      stored.lines.map((line) => (line.unitPriceCents / 100).toFixed(2)),
    );
    expect(lines.map((line) => line.Total)).toEqual(
      stored.lines.map((line) => (line.totalCents / 100).toFixed(2)),
    );
    const sum = lines.reduce((cents, line) => cents + Math.round(Number(line.Total) * 100), 0);
    expect(sum).toBe(stored.totalCents);

    // The order's columns, the same on each of its lines.
    const repeated = Object.fromEntries(orderColumns.map((column) => [column, lines[0]![column]]));
    expect(repeated).toEqual({
      'Order ID': order._id,
      Date: '2032-05-01T10:00:00.000Z',
      Status: 'paid',
      'Customer email': buyer.user.email,
      'Customer name': 'Bo Buyer',
      Company: '',
      'Paid date': stored.paidAt,
      'Transaction ID': 'pi_csv_lines_1',
      'Invoice number': 'INV-2032-000007',
      Carrier: '',
      'Tracking number': '',
    });
    for (const line of lines) expect(line).toMatchObject(repeated);

    // The one-line order: one record, its amounts the order's.
    expect(byColumn(rows[3]!)).toMatchObject({
      'Order ID': single._id,
      'Part number': 'HB-M8-LINES1',
      Product: 'Hex bolt M8',
      Quantity: '1000',
      'Unit price': '2.65',
      Total: '2650.00',
    });
  });

  it("reads a line without a part number's from its product, never the order's first", async () => {
    const first = await makeProduct({ name: 'Bearing 6204', sku: 'BRG-LINES-A' });
    const later = await makeProduct({ name: 'Bearing 6205', sku: 'BRG-LINES-B' });
    const never = await makeProduct({ name: 'Bearing 6206', sku: 'BRG-LINES-C' });
    await asProductWithoutPartNumber(later._id);
    await asProductWithoutPartNumber(never._id);
    const order = await makeOrderOfLines(buyer.user, [
      { product: first },
      { product: later },
      { product: never },
    ]);
    expect((await findOrder(order._id))!.lines.map((line) => line.sku)).toEqual([
      'BRG-LINES-A',
      null,
      null,
    ]);
    // The product got its part number after the order was placed.
    await collections(await getDb()).products.updateOne(
      { _id: new ObjectId(later._id) },
      { $set: { sku: 'BRG-LINES-B2' } },
    );
    await backdateOrder(order._id, new Date('2032-05-02T10:00:00.000Z'));
    const { records } = await csvOf('from=2032-05-02&to=2032-05-02');
    expect(records.slice(1).map((row) => byColumn(row)['Part number'])).toEqual([
      'BRG-LINES-A',
      'BRG-LINES-B2',
      '',
    ]);
  });
});
