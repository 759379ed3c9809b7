import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  backdateOrder,
  makeOrder,
  makeProduct,
  makeUser,
  payOrder,
  type TestUser,
} from '../test/support/factories';
import { parseCsv } from '../test/support/csv';
import { collections as orderCollections } from '@/lib/orders/collections';
import { ObjectId } from 'mongodb';
import { signedInUser } from './support/auth';
import { closeTestDb, testDb } from './support/db';
import { accessibleAtBothWidths } from './support/screens';

test.afterAll(closeTestDb);

const SHOTS = process.env.ORDERS_SHOTS_DIR || '/tmp/shots';

/**
 * Manage Orders' CSV export: the admin filters the orders by status and dates (kept in the
 * URL) and downloads the CSV of that filter, whose records are the orders the table shows.
 * Orders are dated on days of their own (in the future, so unpaid ones are not overdue and no
 * other spec's orders fall in them).
 */

const hex = () => randomBytes(3).toString('hex');

function addProduct(name: string) {
  return makeProduct({
    name: `${name} ${hex()}`,
    description: 'Hardened steel dowel pins for jigs and fixtures, sold by the box.',
    availableQuantity: 50_000,
    price: 2.65,
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
}

/** An order of `buyer` placed at `at`, paid unless told otherwise. */
async function orderAt(
  buyer: TestUser,
  name: string,
  at: string,
  { paid = true, quantity = 1_000 } = {},
) {
  const product = await addProduct(name);
  const order = await makeOrder(buyer, product, { quantity });
  if (paid) await payOrder(order._id, `pi_${randomBytes(8).toString('hex')}`);
  await backdateOrder(order._id, new Date(at));
  return { id: order._id, product: product.name };
}

/** Orders on days of their own, `year` apart from the other test's. */
async function ordersOf(year: number) {
  const buyer = await makeUser({ name: 'Dana Whitfield' });
  return {
    buyer,
    first: await orderAt(buyer, 'Dowel Pin, "hardened"', `${year}-06-10T08:00:00.000Z`),
    unpaid: await orderAt(buyer, 'Dowel Pin unpaid', `${year}-06-11T09:00:00.000Z`, {
      paid: false,
    }),
    last: await orderAt(buyer, 'Dowel Pin last day', `${year}-06-12T23:30:00.000Z`, {
      quantity: 2_000,
    }),
    outside: await orderAt(buyer, 'Dowel Pin next day', `${year}-06-13T00:00:00.000Z`),
  };
}

/** The product names of Manage Orders' rows, top to bottom. */
async function tableProducts(page: Page): Promise<string[]> {
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  const names: string[] = [];
  for (const row of await rows.all())
    names.push(((await row.getByRole('cell').nth(1).textContent()) ?? '').trim());
  return names;
}

test('the admin filters Manage Orders by status and dates and downloads their CSV', async ({
  page,
}) => {
  const { buyer, first, unpaid, last, outside } = await ordersOf(2029);
  await signedInUser(page, 'admin');
  await page.goto('/dashboard/manageorder');

  await page.getByRole('link', { name: 'Paid', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/manageorder\?status=paid$/);
  await page.getByLabel('From').fill('2029-06-10');
  await page.getByLabel('To').fill('2029-06-12');
  await page.getByRole('button', { name: 'Apply dates' }).click();
  await expect(page).toHaveURL(/\?status=paid&from=2029-06-10&to=2029-06-12$/);
  await expect(page.getByLabel('From')).toHaveValue('2029-06-10');
  await expect(page.getByLabel('To')).toHaveValue('2029-06-12');
  await expect(page.getByRole('link', { name: 'Paid', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The spec's columns stay as they are.
  await expect(page.getByRole('columnheader')).toHaveText([
    'SR',
    'Customer email',
    'Product',
    'Status',
    'Delete',
  ]);
  const shown = await tableProducts(page);
  expect(shown).toHaveLength(2);
  expect(shown[0]).toContain(last.product);
  expect(shown[1]).toContain(first.product);

  // The status links keep the dates.
  await expect(page.getByRole('link', { name: 'All live orders' })).toHaveAttribute(
    'href',
    '/dashboard/manageorder?from=2029-06-10&to=2029-06-12',
  );

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('orders-paid-from-2029-06-10-to-2029-06-12.csv');
  const text = await readFile((await download.path())!, 'utf8');
  const [header, ...rows] = parseCsv(text);
  expect(header!.slice(0, 8)).toEqual([
    'Order ID',
    'Date',
    'Status',
    'Customer email',
    'Customer name',
    'Company',
    'Part number',
    'Product',
  ]);
  // The records are the orders the table shows, in its order.
  expect(rows.map((row) => row[0])).toEqual([last.id, first.id]);
  expect(rows.map((row) => row[7])).toEqual([last.product, first.product]);
  for (const row of rows) {
    expect(row[2]).toBe('paid');
    expect(row[3]).toBe(buyer.email);
    expect(row[4]).toBe('Dana Whitfield');
  }
  expect(rows[0]!.slice(8, 11)).toEqual(['2000', '2.65', '5300.00']);
  expect(rows[1]![1]).toBe('2029-06-10T08:00:00.000Z');
  expect(rows.map((row) => row[0])).not.toContain(unpaid.id);
  expect(rows.map((row) => row[0])).not.toContain(outside.id);

  // All live orders of those days: the unpaid one too.
  await page.getByRole('link', { name: 'All live orders' }).click();
  await expect(page).toHaveURL(/\?from=2029-06-10&to=2029-06-12$/);
  const allShown = await tableProducts(page);
  expect(allShown).toHaveLength(3);
  const again = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const all = parseCsv(await readFile((await (await again).path())!, 'utf8')).slice(1);
  expect(all.map((row) => row[0])).toEqual([last.id, unpaid.id, first.id]);

  // From after To: said on the field, not applied, nothing to export.
  await page.getByLabel('From').fill('2029-06-12');
  await page.getByLabel('To').fill('2029-06-10');
  await page.getByRole('button', { name: 'Apply dates' }).click();
  await expect(page.getByText('From must be on or before To')).toBeVisible();
  await expect(page.getByLabel('From')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
});

test('screenshots of Manage Orders with its date filter and export, desktop and 375 px wide', async ({
  page,
}, testInfo) => {
  await ordersOf(2028);
  await signedInUser(page, 'admin');
  for (const [width, height, label] of [
    [1280, 900, 'desktop'],
    [375, 812, 'mobile'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/dashboard/manageorder?status=paid&from=2028-06-10&to=2028-06-12');
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `Manage Orders at ${width} px`).toBeLessThanOrEqual(0);
    const file = testInfo.outputPath(`manage-orders-export-${label}.png`);
    await page.screenshot({ path: file, fullPage: true });
    await testInfo.attach(`manage-orders-export-${label}`, {
      path: file,
      contentType: 'image/png',
    });
  }
  await page.goto('/dashboard/manageorder?from=2028-06-12&to=2028-06-10');
  await expect(page.getByText('From must be on or before To')).toBeVisible();
  const file = testInfo.outputPath('manage-orders-export-error-mobile.png');
  await page.screenshot({ path: file, fullPage: true });
});

/**
 * `count` paid orders of one buyer on `day`, a minute apart: one placed and paid as the store
 * does it, then copied. Their ids, newest first.
 */
async function paidOrdersOn(day: string, count: number): Promise<string[]> {
  const buyer = await makeUser({ name: 'Dana Whitfield' });
  const { id } = await orderAt(buyer, 'Dowel Pin by the page', `${day}T00:00:00.000Z`);
  const { orders } = orderCollections(await testDb());
  // Without the invoice number (one per order) or the mails the payment queued.
  const { _id, invoiceNumber, outbox, ...model } = (await orders.findOne({
    _id: new ObjectId(id),
  }))!;
  void invoiceNumber;
  void outbox;
  const start = new Date(`${day}T00:00:00.000Z`).getTime();
  const copies = Array.from({ length: count - 1 }, (_, n) => ({
    ...model,
    _id: new ObjectId(),
    createdAt: new Date(start + (n + 1) * 60_000),
    transactionId: `pi_${randomBytes(8).toString('hex')}`,
  }));
  await orders.insertMany(copies);
  return [...copies.map((copy) => copy._id.toHexString()).reverse(), _id.toHexString()];
}

test('Manage Orders shows 50 orders a page with a keyboard pager; the export holds every one', async ({
  page,
}) => {
  // Paid orders of a day long past: they sit at the end of the live list, where they push no
  // other spec's new orders off Manage Orders' first page.
  const DAY = '2019-02-13';
  const ids = await paidOrdersOn(DAY, 55);
  await signedInUser(page, 'admin');
  await page.goto(`/dashboard/manageorder?from=${DAY}&to=${DAY}`);

  const rows = page.locator('tr[data-order-id]');
  const pager = page.getByRole('navigation', { name: 'Order list pages' });
  await expect(page.getByText('Page 1 of 2: orders 1–50 of 55')).toBeVisible();
  await expect(rows).toHaveCount(50);
  expect(await rows.evaluateAll((all) => all.map((row) => row.dataset.orderId))).toEqual(
    ids.slice(0, 50),
  );
  await expect(pager.getByText('Previous')).toHaveAttribute('aria-disabled', 'true');
  await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await accessibleAtBothWidths(page, 'Manage Orders page 1 of 2', SHOTS);

  // Next, from the keyboard: the second page keeps the dates and numbers on from 51.
  await pager.getByRole('link', { name: 'Next', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/dashboard/manageorder?from=${DAY}&to=${DAY}&page=2`);
  await expect(page.getByText('Page 2 of 2: orders 51–55 of 55')).toBeVisible();
  await expect(rows).toHaveCount(5);
  expect(await rows.evaluateAll((all) => all.map((row) => row.dataset.orderId))).toEqual(
    ids.slice(50),
  );
  await expect(page.getByRole('rowheader').first()).toHaveText('51');
  await expect(pager.getByText('Next')).toHaveAttribute('aria-disabled', 'true');
  await accessibleAtBothWidths(page, 'Manage Orders page 2 of 2', SHOTS);

  // The export of the filter holds all 55, not the page's 5.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const records = parseCsv(await readFile((await (await downloading).path())!, 'utf8')).slice(1);
  expect(records.map((record) => record[0])).toEqual(ids);

  // Previous, from the keyboard, back to the first page.
  await pager.getByRole('link', { name: 'Previous', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/dashboard/manageorder?from=${DAY}&to=${DAY}`);
  await expect(rows).toHaveCount(50);
});
