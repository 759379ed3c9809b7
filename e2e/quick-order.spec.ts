import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ObjectId } from 'mongodb';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { deleteProduct } from '@/lib/catalogue/store';
import { placeOrder } from '@/lib/orders/store';
import { makeOrder, makeProduct } from '../test/support/factories';
import { fromStore } from './support/api';
import { expectAccessible } from './support/axe';
import { signedInUser } from './support/auth';
import { closeTestDb, testDb } from './support/db';

test.afterAll(closeTestDb);

/**
 * Quick order by part number (/dashboard/quick-order) and "Order again" from My Orders: a buyer
 * pastes part numbers, reads the check of every line, places the valid ones as one order (or
 * puts them in the order list) and finds it in My Orders; "Order again" puts every line of an
 * earlier order back in the order list; the product page's `?again=` opens its order form with
 * an earlier order's quantity, address and phone; an order of a product no longer sold says so.
 */

/** A product of its own for each test, dated in the past so other specs never see it as newest. */
function addProduct(fields: { availableQuantity?: number; minimumOrderQuantity?: number } = {}) {
  return makeProduct({
    name: `Taper Roller Bearing ${randomBytes(3).toString('hex')}`,
    description: 'Single-row taper roller bearings, 30205, for wheel hubs and gearboxes.',
    availableQuantity: 20_000,
    price: 3.4,
    picture: '/images/products/deep-groove-ball-bearing.webp',
    ...fields,
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
}

async function stockOf(productId: string) {
  const product = await (
    await testDb()
  )
    .collection('products')
    .findOne({ _id: new ObjectId(productId) });
  return product?.availableQuantity as number;
}

const reportRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('a buyer pastes three part numbers, reads the check, places the valid lines as one order and finds it in My Orders', async ({
  page,
}) => {
  await signedInUser(page);
  const gear = await addProduct();
  const bushing = await addProduct({ minimumOrderQuantity: 1000 });
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Quick Order' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quick Order' })).toBeVisible();

  await page
    .getByLabel('Part numbers and quantities')
    .fill(`${gear.sku}, 2000\nNO-SUCH-PART-42, 500\n${bushing.sku}, 1000`);
  await page.getByRole('button', { name: 'Check lines' }).click();

  await expect(page.getByTestId('quick-order-summary')).toHaveText('2 of 3 lines can be ordered.');
  await expect(reportRow(page, 'NO-SUCH-PART-42')).toContainText('Unknown part number');
  await expect(reportRow(page, gear.sku!)).toContainText(`Ready: ${gear.name}`);
  await expect(reportRow(page, gear.sku!)).toContainText('$3.40 each, $6,800.00 in all');
  await expect(reportRow(page, bushing.sku!)).toContainText(`Ready: ${bushing.name}`);

  await page.getByLabel('Address').fill('7 Forge Street, Leeds');
  await page.getByLabel('Phone number').fill('01132345678');
  await page.getByLabel('PO number').fill('PO-QUICK-1');
  await page.getByRole('button', { name: 'Place one order' }).click();

  const result = page.getByTestId('quick-order-result');
  await expect(
    result.getByRole('heading', { name: 'One order placed with 2 lines' }),
  ).toBeVisible();
  await expect(result.getByRole('link', { name: `Payment: ${gear.name}` })).toHaveAttribute(
    'href',
    /^\/dashboard\/payment\/[0-9a-f]{24}$/,
  );
  await expect(result).toContainText('1 line not ordered');
  await expect(result).toContainText('NO-SUCH-PART-42, 500: Unknown part number');
  expect(await stockOf(gear._id)).toBe(18_000);
  expect(await stockOf(bushing._id)).toBe(19_000);

  await result.getByRole('link', { name: 'Go to My Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  // One order of both lines.
  const row = page.getByRole('row').filter({ hasText: gear.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${gear.name} and 1 more part`);
  await expect(row).toContainText('2 parts');
  await expect(row).toContainText('PO number: PO-QUICK-1');
  await expect(row.getByRole('link', { name: 'Payment' })).toBeVisible();
});

test('a CSV file goes through the same check; the sample CSV names part numbers of the catalogue', async ({
  page,
}) => {
  await signedInUser(page);
  const sample = await readFile('public/quick-order-sample.csv', 'utf8');
  const served = await page.request.get('/quick-order-sample.csv');
  expect(served.status()).toBe(200);
  expect(await served.text()).toBe(sample);
  // Every part number of the sample is a real one of the demo catalogue.
  const check = await page.request.post('/api/quick-order/check', {
    data: { text: sample },
    headers: fromStore,
  });
  expect(check.status()).toBe(200);
  const report = (await check.json()) as { lines: Array<{ status: string }> };
  expect(report.lines).toHaveLength(sample.trim().split('\n').length - 1);
  expect(report.lines.map((line) => line.status)).not.toContain('unknown_part');
  expect(report.lines.map((line) => line.status)).not.toContain('malformed');

  const scarce = await addProduct({ availableQuantity: 1500 });
  await page.goto('/dashboard/quick-order');
  await page.getByLabel('Or upload a CSV file').setInputFiles({
    name: 'reorder.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Part Number,Quantity\r\n${scarce.sku},400\r\n${scarce.sku},1600\r\n`),
  });
  await expect(page.getByLabel('Part numbers and quantities')).toHaveValue(
    `Part Number,Quantity\r\n${scarce.sku},400\r\n${scarce.sku},1600\r\n`.replace(/\r\n/g, '\n'),
  );
  await page.getByRole('button', { name: 'Check lines' }).click();
  const row = reportRow(page, scarce.sku!);
  await expect(row).toContainText('Lines 2, 3');
  await expect(row).toContainText('Lines 2 and 3 merged: quantities summed');
  await expect(row).toContainText(
    'Only 1500 available: order at most 1500, or request a quote from the product page',
  );
  await expect(page.getByTestId('quick-order-summary')).toHaveText('0 of 1 line can be ordered.');
  await expect(page.getByRole('button', { name: /^Place/ })).toHaveCount(0);
});

test('"Order again" from My Orders puts the order back in the order list; the product page\'s ?again= prefills its form; an order of a deleted product says it is no longer sold', async ({
  page,
}) => {
  const buyer = await signedInUser(page);
  const kept = await addProduct();
  const gone = await addProduct();
  const order = await makeOrder(buyer, kept, {
    quantity: 5000,
    address: '3 Kiln Yard, Stoke-on-Trent',
    phone: '01782123456',
  });
  await makeOrder(buyer, gone, { quantity: 1000 });
  expect(await deleteProduct(gone._id)).toBe(true);

  await page.goto('/dashboard/order');
  const goneRow = page.getByRole('row').filter({ hasText: gone.name });
  await expect(goneRow).toContainText('No longer sold');
  await expect(goneRow.getByRole('button', { name: /Order again/ })).toHaveCount(0);

  await page
    .getByRole('row')
    .filter({ hasText: kept.name })
    .getByRole('button', { name: `Order again: ${kept.name}` })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order List' })).toBeVisible();
  await expect(page.getByText(kept.sku!, { exact: true })).toBeVisible();
  const cart = await page.request.get('/api/cart', { headers: fromStore });
  expect(
    ((await cart.json()) as { lines: Array<{ productId: string; quantity: number }> }).lines.map(
      (line) => [line.productId, line.quantity],
    ),
  ).toEqual([[kept._id, 5000]]);
  expect(await stockOf(kept._id)).toBe(20_000 - 5000);

  // The product page's prefill from an earlier one-line order.
  await page.goto(`/product/${kept._id}?again=${order._id}`);
  await expect(page.getByRole('heading', { level: 1, name: kept.name })).toBeVisible();
  await expect(page.getByTestId('order-again-notice')).toContainText(
    'The quantity, address and phone of your earlier order are filled in.',
  );
  await expect(page.getByLabel('Quantity')).toHaveValue('5000');
  await expect(page.getByLabel('Address')).toHaveValue('3 Kiln Yard, Stoke-on-Trent');
  await expect(page.getByLabel('Phone number')).toHaveValue('01782123456');

  // The prefilled form places a new order, checked on the server as any order.
  await page.getByRole('button', { name: 'purchases' }).click();
  await expect(page.getByText('Thanks for the purchase')).toBeVisible();
  expect(await stockOf(kept._id)).toBe(20_000 - 5000 - 5000);
});

test('"Order again" of a three-line order refills the order list, merged with a line it has, and names the line of a part no longer sold', async ({
  page,
}) => {
  const buyer = await signedInUser(page);
  const [bolt, nut, gone] = await Promise.all([addProduct(), addProduct(), addProduct()]);
  const placed = await placeOrder({
    lines: [
      { productId: bolt._id, quantity: 1000 },
      { productId: nut._id, quantity: 2000 },
      { productId: gone._id, quantity: 500 },
    ],
    address: '9 Weir Street, Rotherham',
    phone: '01709123456',
    user: { id: buyer.id, name: buyer.name, email: buyer.email },
    maxUnpaid: 100,
    holdMs: 60 * 60 * 1000,
  });
  expect(placed.ok).toBe(true);
  expect(await deleteProduct(gone._id)).toBe(true);
  // The list already has some nuts.
  const add = await page.request.post('/api/cart/lines', {
    data: { productId: nut._id, quantity: 500 },
    headers: fromStore,
  });
  expect(add.status()).toBe(200);

  await page.goto('/dashboard/order');
  const row = page.getByRole('row').filter({ hasText: `${bolt.name} and 2 more parts` });
  await expect(row).toContainText('3 parts');
  await row.getByRole('button', { name: `Order again: ${bolt.name}` }).click();
  const note = row.getByRole('status');
  await expect(note).toContainText('1 line was not added:');
  await expect(note).toContainText(`${gone.sku} ${gone.name}: No longer sold`);
  await note.getByRole('link', { name: 'Open the order list' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cart$/);
  for (const part of [bolt, nut]) {
    await expect(page.getByText(part.sku!, { exact: true })).toBeVisible();
  }
  const cart = await page.request.get('/api/cart', { headers: fromStore });
  expect(
    ((await cart.json()) as { lines: Array<{ productId: string; quantity: number }> }).lines.map(
      (line) => [line.productId, line.quantity],
    ),
  ).toEqual([
    [nut._id, 2500],
    [bolt._id, 1000],
  ]);
});

test('quick order of five pasted lines ends in one order of five lines; "Add to order list" fills the list instead', async ({
  page,
}) => {
  await signedInUser(page);
  const parts = await Promise.all([1, 2, 3, 4, 5].map(() => addProduct()));
  const text = parts.map((part, i) => `${part.sku}, ${(i + 1) * 1000}`).join('\n');
  await page.goto('/dashboard/quick-order');
  await page.getByLabel('Part numbers and quantities').fill(text);
  await page.getByRole('button', { name: 'Check lines' }).click();
  await expect(page.getByTestId('quick-order-summary')).toHaveText('5 of 5 lines can be ordered.');
  await page.getByLabel('Address').fill('7 Forge Street, Leeds');
  await page.getByLabel('Phone number').fill('01132345678');
  await page.getByRole('button', { name: 'Place one order' }).click();
  const result = page.getByTestId('quick-order-result');
  await expect(
    result.getByRole('heading', { name: 'One order placed with 5 lines' }),
  ).toBeVisible();
  // $3.40 x 15,000 units.
  await expect(result).toContainText('Order total: $51,000.00');
  const orderIds = await result
    .locator('tr[data-order-id]')
    .evaluateAll((rows) => [...new Set(rows.map((row) => row.getAttribute('data-order-id')))]);
  expect(orderIds).toHaveLength(1);
  const order = await (
    await testDb()
  )
    .collection('orders')
    .findOne({ _id: new ObjectId(orderIds[0]!) });
  expect(order?.status).toBe('unpaid');
  expect(
    (order?.lines as Array<{ productId: ObjectId; quantity: number }>).map((line) => [
      line.productId.toHexString(),
      line.quantity,
    ]),
  ).toEqual(parts.map((part, i) => [part._id, (i + 1) * 1000]));
  for (const [i, part] of parts.entries()) {
    expect(await stockOf(part._id)).toBe(20_000 - (i + 1) * 1000);
  }
  await result.getByRole('link', { name: 'Payment:' }).click();
  await expect(page).toHaveURL(`/dashboard/payment/${orderIds[0]}`);

  // The same lines into the order list: nothing ordered, no stock taken.
  await page.goto('/dashboard/quick-order');
  await page.getByLabel('Part numbers and quantities').fill(text);
  await page.getByRole('button', { name: 'Check lines' }).click();
  await page.getByRole('button', { name: 'Add to order list' }).click();
  const added = page.getByTestId('quick-order-added');
  await expect(
    added.getByRole('heading', { name: '5 lines added to your order list' }),
  ).toBeVisible();
  await added.getByRole('link', { name: 'Open the order list' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cart$/);
  for (const part of parts) await expect(page.getByText(part.sku!, { exact: true })).toBeVisible();
  expect(await stockOf(parts[4]!._id)).toBe(20_000 - 5000);
});

test('"Order again" of someone else\'s order prefills nothing', async ({ page, browser }) => {
  const owner = await makeProduct({ createdAt: new Date(Date.UTC(2000, 0, 1)) });
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  const stranger = await signedInUser(otherPage);
  const order = await makeOrder(stranger, owner, { quantity: 5000, address: 'Secret Lane 1' });
  await otherContext.close();

  await signedInUser(page);
  await page.goto(`/product/${owner._id}?again=${order._id}`);
  await expect(page.getByRole('heading', { level: 1, name: owner.name })).toBeVisible();
  await expect(page.getByTestId('order-again-notice')).toHaveCount(0);
  await expect(page.getByLabel('Address')).toHaveValue('');
  await expect(page.getByLabel('Phone number')).toHaveValue('');
});

test('screenshots of the quick-order page with a report and of My Orders with "Order again", desktop and 375 px wide', async ({
  page,
}, testInfo) => {
  const buyer = await signedInUser(page);
  const gear = await addProduct();
  const bushing = await addProduct({ minimumOrderQuantity: 1000 });
  const scarce = await addProduct({ availableQuantity: 3000 });
  const gone = await addProduct();
  await makeOrder(buyer, gear, { quantity: 1000 });
  await makeOrder(buyer, gone, { quantity: 500 });
  await deleteProduct(gone._id);
  const text = [
    'part number,quantity',
    `${gear.sku},2000`,
    `${bushing.sku},600`,
    'NO-SUCH-PART-7,500',
    `${scarce.sku},5000`,
    'just words',
    `${gear.sku!.toLowerCase()},1000`,
  ].join('\n');

  for (const [width, height, label] of [
    [1280, 900, 'desktop'],
    [375, 812, 'mobile'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/dashboard/quick-order');
    await page.getByLabel('Part numbers and quantities').fill(text);
    await page.getByRole('button', { name: 'Check lines' }).click();
    await expect(page.getByTestId('quick-order-summary')).toBeVisible();
    for (const [name, shot] of [
      ['quick-order', page],
      ['my-orders-again', null],
    ] as const) {
      if (!shot) {
        await page.goto('/dashboard/order');
        await expect(page.getByRole('button', { name: `Order again: ${gear.name}` })).toBeVisible();
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
      const file = testInfo.outputPath(`${name}-${label}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`${name}-${label}`, { path: file, contentType: 'image/png' });
    }
  }
});

test('the quick-order page: checked lines with both ways on, added to the order list, then the one order placed: no axe violations and screenshots at 1280 and 390 px wide', async ({
  page,
}, testInfo) => {
  await signedInUser(page);
  const gear = await addProduct();
  const bushing = await addProduct({ minimumOrderQuantity: 1000 });
  const text = [`${gear.sku},2000`, `${bushing.sku},600`, 'NO-SUCH-PART-8,500'].join('\n');
  for (const [width, height, label] of [
    [1280, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/dashboard/quick-order');
    await page.getByLabel('Part numbers and quantities').fill(text);
    await page.getByRole('button', { name: 'Check lines' }).click();
    await expect(page.getByRole('button', { name: 'Add to order list' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Place one order' })).toBeVisible();
    const shots: Array<[string, () => Promise<void>]> = [
      ['quick-order-two-ways', async () => {}],
      [
        'quick-order-added',
        async () => {
          await page.getByRole('button', { name: 'Add to order list' }).click();
          await expect(page.getByTestId('quick-order-added')).toBeVisible();
        },
      ],
      [
        'quick-order-placed',
        async () => {
          // The lines checked again: the same lines may now be placed as one order.
          await page.getByRole('button', { name: 'Check lines' }).click();
          await page.getByLabel('Address').fill('7 Forge Street, Leeds');
          await page.getByLabel('Phone number').fill('01132345678');
          await page.getByRole('button', { name: 'Place one order' }).click();
          await expect(page.getByTestId('quick-order-result')).toBeVisible();
        },
      ],
    ];
    for (const [name, before] of shots) {
      await before();
      await expectAccessible(page, `${name} at ${width} px`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
      const file = testInfo.outputPath(`${name}-${label}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`${name}-${label}`, { path: file, contentType: 'image/png' });
    }
  }
});
