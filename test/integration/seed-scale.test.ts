import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm run seed -- --orders N --companies N` (scripts/lib/seed-scale.ts): generated companies,
// accounts and order history, read back through the store's own reads (Manage Orders' first
// page, the CSV export, a buyer's and a company's orders, a company's invoices and statement),
// with whole cents everywhere, replaced (not added to) by the next run, and never touching an
// account, an order or a product's stock that was not generated.

import { resetDemoData } from '@/lib/catalogue/seed';
import { invoiceReader, listInvoices, companyStatement } from '@/lib/billing';
import {
  allOrdersPage,
  companyOrdersFor,
  listOrdersByUser,
  ordersAwaitingInvoice,
  ordersCsvStream,
  ORDER_CSV_COLUMNS,
  recentCompanyOrders,
} from '@/lib/orders';
import { seedScaleData } from '@/scripts/lib/seed-scale';
import { parseCsv } from '../support/csv';
import { closeConnection, collections, getDb } from '../support/db';
import { makeOrder, makeProduct, makeUser, type TestUser } from '../support/factories';

const ORDERS = 50;
const COMPANIES = 5;
const NOW = new Date();

let real: { user: TestUser; orderId: string; productId: string; stock: number };

/** Every stored generated order. */
async function seededOrders() {
  const { orders } = collections(await getDb());
  return orders.find({ seeded: true }).toArray();
}

/** The CSV export of Manage Orders' default filter (the live orders), parsed. */
async function csvRows() {
  const text = await new Response(await ordersCsvStream()).text();
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([...ORDER_CSV_COLUMNS]);
  return rows;
}

beforeAll(async () => {
  const db = await getDb();
  await resetDemoData(db);
  // A real buyer's paid order of a real product, made as the store makes them.
  const user = await makeUser({ name: 'Rita Real', verified: true });
  const product = await makeProduct({ name: 'Real Hex Nut M12', availableQuantity: 100_000 });
  const order = await makeOrder(user, product, { paidWith: 'pi_real_before_seed' });
  const { products } = collections(db);
  const stock = (await products.findOne({ _id: new ObjectId(product._id) }))!.availableQuantity;
  real = { user, orderId: order._id, productId: product._id, stock };
  await seedScaleData(db, { orders: ORDERS, companies: COMPANIES }, NOW);
}, 60_000);
afterAll(closeConnection);

describe('npm run seed -- --orders 50 --companies 5', () => {
  it('writes the companies, their members as accounts under the reserved domain, and the orders', async () => {
    const { companies, companyMembers, users, orders } = collections(await getDb());
    expect(await companies.countDocuments({ seeded: true })).toBe(COMPANIES);
    const members = await companyMembers.find({ seeded: true }).toArray();
    expect(members.length).toBeGreaterThanOrEqual(COMPANIES * 2);
    const seededUsers = await users.find({ seeded: true }).toArray();
    expect(seededUsers.every((user) => user.email.endsWith('@seed.example'))).toBe(true);
    expect(seededUsers.every((user) => !user.passwordHash)).toBe(true);
    for (const member of members) {
      expect(seededUsers.some((user) => user._id.equals(member.userId))).toBe(true);
    }
    expect(await orders.countDocuments({ seeded: true })).toBe(ORDERS);
  });

  it('keeps every amount in whole cents: each line is quantity x unit price, the order the sum of its lines', async () => {
    const docs = await seededOrders();
    const statuses = new Set(docs.map((doc) => doc.status));
    expect(statuses.size).toBeGreaterThanOrEqual(3);
    for (const doc of docs) {
      expect(doc.lines!.length).toBeGreaterThan(0);
      for (const line of doc.lines!) {
        expect(Number.isSafeInteger(line.unitPriceCents)).toBe(true);
        expect(line.totalCents).toBe(line.quantity * line.unitPriceCents);
        expect(line.priceSource).toMatch(/^(list|tier|contract:[0-9a-f]{24})$/);
      }
      expect(doc.totalCents).toBe(doc.lines!.reduce((sum, line) => sum + line.totalCents, 0));
      expect(doc.history[0]!.at.getTime()).toBe(doc.createdAt.getTime());
      expect(doc.history.at(-1)!.status).toBe(doc.status);
      expect(doc.paid).toBe(Boolean(doc.paidAt));
      expect(doc.reserved).toEqual([]);
      expect(doc.phone).toMatch(/^\d+$/);
      expect(doc.createdAt.getTime()).toBeGreaterThan(NOW.getTime() - 731 * 24 * 3600 * 1000);
    }
  });

  it('answers Manage Orders page 1 with the total of live orders, the real one among them', async () => {
    const { orders } = collections(await getDb());
    const live = await orders.countDocuments({ status: { $nin: ['cancelled', 'reserving'] } });
    const page = await allOrdersPage({ page: 1, limit: 50 });
    expect(page.total).toBe(live);
    expect(page.items).toHaveLength(Math.min(50, live));
    const ids = (await allOrdersPage({ page: 1, limit: 100 })).items.map((order) => order._id);
    expect(ids).toContain(real.orderId);
  });

  it('exports one CSV record per line of every live order, whose Totals add up to the order', async () => {
    const rows = await csvRows();
    const docs = (await seededOrders()).filter((doc) => doc.status !== 'cancelled');
    const seededRows = rows.filter((row) => docs.some((doc) => doc._id.toHexString() === row[0]));
    expect(seededRows).toHaveLength(docs.reduce((sum, doc) => sum + doc.lines!.length, 0));
    const cents = (text: string) => Math.round(Number(text) * 100);
    for (const doc of docs) {
      const own = rows.filter((row) => row[0] === doc._id.toHexString());
      expect(own.reduce((sum, row) => sum + cents(row[10]!), 0)).toBe(doc.totalCents);
      expect(own.every((row) => row[3] === doc.email)).toBe(true);
    }
    // A company member's rows name the company (their profile's).
    const companyDoc = docs.find((doc) => doc.companyId);
    if (companyDoc) {
      const row = rows.find((r) => r[0] === companyDoc._id.toHexString())!;
      expect(row[5]).not.toBe('');
    }
  });

  it("lists a buyer's orders and a company's orders for its members", async () => {
    const docs = await seededOrders();
    const withCompany = docs.find((doc) => doc.companyId && doc.status !== 'cancelled')!;
    const mine = await listOrdersByUser(withCompany.userId!.toHexString());
    expect(mine.map((order) => order._id)).toContain(withCompany._id.toHexString());
    const companyOrders = await companyOrdersFor({
      id: withCompany.userId!.toHexString(),
      role: 'user',
    });
    const live = docs.filter(
      (doc) => doc.companyId?.equals(withCompany.companyId!) && doc.status !== 'cancelled',
    );
    expect(companyOrders).toHaveLength(live.length);
  });

  it("lists a company's invoices on account and its statement, matching its orders on account", async () => {
    const db = await getDb();
    const { accountInvoices, companyMembers, paymentTerms, orders } = collections(db);
    const invoices = await accountInvoices.find({ seeded: true }).toArray();
    expect(invoices.length).toBeGreaterThan(0);
    const companyId = invoices[0]!.companyId;
    const owner = (await companyMembers.findOne({ companyId, role: 'owner' }))!;
    const reader = await invoiceReader({ id: owner.userId.toHexString(), role: 'user' });
    const list = await listInvoices(reader, {});
    const own = invoices.filter((invoice) => invoice.companyId.equals(companyId));
    expect(list.total).toBe(own.length);
    expect(list.items.map((item) => item._id).sort()).toEqual(
      own.map((invoice) => invoice._id.toHexString()).sort(),
    );
    for (const invoice of own) {
      const order = (await orders.findOne({ _id: invoice.orderId }))!;
      expect(order.account?.invoiceId?.equals(invoice._id)).toBe(true);
      expect(invoice.totalCents).toBe(order.totalCents);
      expect(invoice.number).toBe(order.invoiceNumber);
      expect(invoice.paidCents).toBe(invoice.status === 'paid' ? invoice.totalCents : 0);
      expect(order.paid).toBe(invoice.status === 'paid');
    }
    if (reader.kind !== 'member') throw new Error('the owner reads as a member');
    const statement = await companyStatement(reader, {});
    expect(statement.invoices).toHaveLength(own.length);
    // What the company's terms hold is exactly its open orders on account.
    const terms = (await paymentTerms.findOne({ companyId }))!;
    const held = (terms.creditOrders ?? []).reduce((sum, entry) => sum + entry.cents, 0);
    expect(terms.exposureCents).toBe(held);
    expect(terms.exposureCents).toBeLessThanOrEqual(terms.creditLimitCents!);
    const open = await orders
      .find({ companyId, account: { $exists: true }, paid: false, status: { $ne: 'cancelled' } })
      .toArray();
    expect(open.reduce((sum, order) => sum + order.totalCents, 0)).toBe(held);
  });

  it('takes no stock and leaves the real account and order as they were', async () => {
    const { products, users, orders } = collections(await getDb());
    const product = (await products.findOne({ _id: new ObjectId(real.productId) }))!;
    expect(product.availableQuantity).toBe(real.stock);
    expect(await users.findOne({ email: real.user.email })).not.toBeNull();
    expect((await orders.findOne({ _id: new ObjectId(real.orderId) }))?.status).toBe('paid');
  });

  it('replaces the generated data on the next run (the same data again), and keeps the real order', async () => {
    const db = await getDb();
    const { companies, users, orders, accountInvoices, paymentTerms } = collections(db);
    const before = await seededOrders();
    const counts = async () => ({
      companies: await companies.countDocuments({}),
      users: await users.countDocuments({}),
      orders: await orders.countDocuments({}),
      invoices: await accountInvoices.countDocuments({}),
      terms: await paymentTerms.countDocuments({}),
    });
    const first = await counts();
    await seedScaleData(db, { orders: ORDERS, companies: COMPANIES }, NOW);
    expect(await counts()).toEqual(first);
    const after = await seededOrders();
    const shape = (docs: typeof before) =>
      docs.map((doc) => `${doc.createdAt.toISOString()} ${doc.status} ${doc.totalCents}`).sort();
    expect(shape(after)).toEqual(shape(before));
    expect(after.some((doc) => before.some((old) => old._id.equals(doc._id)))).toBe(false);
    expect(await orders.findOne({ _id: new ObjectId(real.orderId) })).not.toBeNull();
    expect(await users.findOne({ email: real.user.email })).not.toBeNull();
  });

  it('runs with no generated data at all, and again on a store whose only orders were generated', async () => {
    const db = await getDb();
    const { orders, users } = collections(db);
    await seedScaleData(db, {}, NOW);
    expect(await orders.countDocuments({ seeded: true })).toBe(0);
    expect(await users.countDocuments({ seeded: true })).toBe(0);
    expect(await orders.countDocuments({})).toBe(1);
    // Only generated orders: the next run starts the collection afresh, its indexes included.
    await orders.deleteOne({ _id: new ObjectId(real.orderId) });
    await seedScaleData(db, { orders: 20 }, NOW);
    await seedScaleData(db, { orders: 20 }, NOW);
    expect(await orders.countDocuments({})).toBe(20);
    const page = await allOrdersPage({ page: 1, limit: 10 });
    expect(page.items).toHaveLength(10);
    const names = (await orders.indexes()).map((index) => index.name);
    expect(names).toContain('status_1_createdAt_-1__id_-1');
  });

  it("reads a store of 12,000 orders: the invoice job's work list and a company's recent orders", async () => {
    // On about 10,000 orders the embedded engine refuses the plans the query planner would
    // choose for these two among the status indexes: both name their index.
    const db = await getDb();
    await seedScaleData(db, { orders: 12_000, companies: 10 }, NOW);
    const { orders } = collections(db);
    const companyOrder = (await orders.findOne({ seeded: true, companyId: { $exists: true } }))!;
    const recent = await recentCompanyOrders(companyOrder.companyId!, 10);
    expect(recent).toHaveLength(10);
    expect(recent.map((row) => row.createdAt)).toEqual(
      recent
        .map((row) => row.createdAt)
        .sort()
        .reverse(),
    );
    const due = await orders.countDocuments({
      'account.invoiceDueAt': { $lte: new Date() },
      'account.invoiceId': { $exists: false },
      status: { $nin: ['cancelled', 'reserving'] },
    });
    expect(await ordersAwaitingInvoice(50)).toHaveLength(Math.min(50, due));
  }, 120_000);
});
