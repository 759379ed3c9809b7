import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { makeProduct } from '../test/support/factories';
import { fromStore } from './support/api';
import { stripeAt } from '../test/support/stripe';
import { STRIPE_PORT } from './stand-ins/ports.mjs';
import { expectAccessible } from './support/axe';
import { signedInUser } from './support/auth';
import { closeTestDb, testDb } from './support/db';
import { installStripeJs } from './support/stripe-js';

test.afterAll(closeTestDb);

test.beforeEach(async ({ context }) => {
  await installStripeJs(context);
});

/** Where the screenshots of the order list go, to be looked at (not compared). */
const SHOTS = process.env.CART_SHOTS_DIR || '/tmp/shots';

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A part of its own for each test, so stock changes never cross tests. */
function addPart(name: string, fields: { price: number; availableQuantity?: number }) {
  return makeProduct({
    name: `${name} ${randomBytes(3).toString('hex')}`,
    availableQuantity: 20_000,
    picture: '/images/products/spur-gear.webp',
    ...fields,
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
}

const nav = (page: Page) => page.getByRole('banner');

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Credit or debit card number').fill(number);
  await page.getByLabel('Credit or debit card expiration date').fill('12 / 34');
  await page.getByLabel('Credit or debit card CVC').fill('123');
}

test('a buyer adds three parts, changes a quantity, checks out and pays once for one order of three lines', async ({
  page,
}) => {
  const user = await signedInUser(page);
  const gear = await addPart('Worm Gear', { price: 2.5 });
  const bushing = await addPart('Flanged Bushing', { price: 1.2 });
  const seal = await addPart('Shaft Seal', { price: 4 });

  // Each part from its own page, with the quantity of the order form's dropdown.
  for (const [product, quantity, count] of [
    [gear, '1000', 1],
    [bushing, '1000', 2],
    [seal, '500', 3],
  ] as const) {
    await page.goto(`/product/${product._id}`);
    await page.getByRole('form', { name: 'Order' }).getByLabel('Quantity').selectOption(quantity);
    await page.getByRole('button', { name: 'Add to order list' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Added to your order list' }),
    ).toBeVisible();
    await expect(
      nav(page).getByRole('link', {
        name: `Order list, ${count} ${count === 1 ? 'line' : 'lines'}`,
      }),
    ).toBeVisible();
  }
  // The spec's order form is untouched: nothing was ordered.
  expect(await (await testDb()).collection('orders').countDocuments({ email: user.email })).toBe(0);

  await nav(page)
    .getByRole('link', { name: /^Order list/ })
    .click();
  await expect(page).toHaveURL('/dashboard/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Order List' })).toBeVisible();
  const total = page.getByRole('row', { name: /Order total/ });
  // 1,000 x $2.50 + 1,000 x $1.20 + 500 x $4.00
  await expect(total).toContainText('$5,700.00');

  // A quantity changed: the line and the total follow as it is typed, then it is saved.
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/cart/lines/${bushing._id}`) &&
      response.request().method() === 'PUT',
  );
  await page.getByLabel(`Quantity of ${bushing.name}`).fill('2000');
  await expect(page.getByRole('row', { name: new RegExp(bushing.name) })).toContainText(
    '$2,400.00',
  );
  await expect(total).toContainText('$6,900.00');
  const checkout = page.getByRole('button', { name: 'Check out 3 lines' });
  expect((await saved).status()).toBe(200);
  await expect(checkout).toBeEnabled();

  await page.getByLabel('Address').fill('7 Forge Street, Leeds');
  await page.getByLabel('Phone number').fill('01132345678');
  await page.getByLabel(/PO number/).fill('PO-CART-1');
  await checkout.click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  const orderId = page.url().split('/').pop()!;
  await expect(nav(page).getByRole('link', { name: 'Order list, 0 lines' })).toBeVisible();

  // The payment page lists every line and asks for the total once.
  const lines = page.getByTestId('order-line');
  await expect(lines).toHaveCount(3);
  await expect(lines.nth(0)).toContainText(gear.name);
  await expect(lines.nth(1)).toContainText(bushing.name);
  await expect(lines.nth(1)).toContainText('2,000');
  await expect(lines.nth(2)).toContainText(seal.name);
  await expect(page.getByTestId('order-lines-total')).toHaveText('$6,900.00');
  await expect(page.getByText('Please pay: $6,900.00')).toBeVisible();

  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  await fillCard(page, '4242 4242 4242 4242');
  await pay.click();
  await expect(page.getByText('Congrats!Your payment is completed.')).toBeVisible();

  // One order, three lines, paid once; the order list is empty.
  const orders = await (await testDb()).collection('orders').find({ email: user.email }).toArray();
  expect(orders).toHaveLength(1);
  const order = orders[0]!;
  expect(order._id.toHexString()).toBe(orderId);
  expect(order.totalCents).toBe(690_000);
  expect(order.poNumber).toBe('PO-CART-1');
  expect(
    (order.lines as Array<{ productId: ObjectId; quantity: number }>).map((line) => [
      line.productId.toHexString(),
      line.quantity,
    ]),
  ).toEqual([
    [gear._id, 1000],
    [bushing._id, 2000],
    [seal._id, 500],
  ]);
  await expect
    .poll(async () => {
      const paid = await (await testDb()).collection('orders').findOne({ _id: order._id });
      return paid?.paid;
    })
    .toBe(true);

  await page.goto('/dashboard/order');
  const rows = page.getByRole('row').filter({ has: page.getByRole('link', { name: gear.name }) });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('3 parts');
  await expect(rows).toContainText('PAID');

  await rows.getByRole('link', { name: new RegExp(gear.name) }).click();
  await expect(page).toHaveURL(`/dashboard/order/${orderId}`);
  await expect(page.getByRole('heading', { name: 'Lines (3 parts)' })).toBeVisible();
  await expect(page.getByTestId('order-line')).toHaveCount(3);
  await expect(page.getByTestId('order-lines-total')).toHaveText('$6,900.00');

  // One invoice for the purchase, listing every line by its part number.
  const invoice = page.getByRole('link', { name: 'Download invoice' });
  await expect(invoice).toHaveAttribute('href', `/api/orders/${orderId}/invoice`);
  const downloading = page.waitForEvent('download');
  await invoice.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  const pdf = await fs.promises.readFile(await download.path());
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: true,
  });
  for (const part of [gear, bushing, seal]) expect(text).toContain(part.sku!);
  expect(text).toContain('$6,900.00');

  await page.goto('/dashboard/cart');
  await expect(page.getByText('Your order list is empty.')).toBeVisible();
});

test('a line short of stock is flagged and blocks checkout until it is changed', async ({
  page,
}) => {
  await signedInUser(page);
  const gear = await addPart('Worm Gear', { price: 2.5, availableQuantity: 5_000 });
  const seal = await addPart('Shaft Seal', { price: 4 });
  for (const [product, quantity] of [
    [gear, 3_000],
    [seal, 1_000],
  ] as const) {
    const added = await page.request.post('/api/cart/lines', {
      data: { productId: product._id, quantity },
      headers: fromStore,
    });
    expect(added.status()).toBe(200);
  }
  // Others bought most of the gears meanwhile.
  await (
    await testDb()
  )
    .collection('products')
    .updateOne({ _id: new ObjectId(gear._id) }, { $set: { availableQuantity: 1_200 } });

  await page.goto('/dashboard/cart');
  const row = page.getByRole('row', { name: new RegExp(gear.name) });
  await expect(row).toContainText('1,200');
  await expect(page.getByTestId('checkout-blocked')).toContainText('cannot be ordered as it is');
  await expect(page.getByRole('button', { name: 'Check out 2 lines' })).toBeDisabled();

  await row.getByRole('button', { name: 'Use 1,200' }).click();
  await expect(page.getByTestId('checkout-blocked')).toContainText('Saving your quantities');
  await expect(page.getByRole('button', { name: 'Check out 2 lines' })).toBeEnabled();
  await expect(page.getByTestId('checkout-blocked')).toHaveCount(0);
});

test('an order list above the largest card payment is checked out and paid by bank transfer', async ({
  page,
}) => {
  const user = await signedInUser(page);
  const press = await addPart('Hydraulic Press Frame', { price: 900, availableQuantity: 5_000 });
  const added = await page.request.post('/api/cart/lines', {
    data: { productId: press._id, quantity: 1_200 },
    headers: fromStore,
  });
  expect(added.status()).toBe(200);
  await page.goto('/dashboard/cart');
  const note = page.getByTestId('checkout-card-limit');
  await expect(note).toContainText('$1,080,000.00');
  await expect(note).toContainText('$999,999.99');
  await expect(note).toContainText('pay it by bank transfer');
  await expect(note.getByRole('link', { name: 'Quotes' })).toHaveAttribute(
    'href',
    '/dashboard/quotes',
  );
  // The quote for the whole list is still asked from the same page.
  await page.getByRole('button', { name: 'Request a quote for this list' }).click();
  await expect(page.getByRole('dialog', { name: 'Request a quote for this list' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByLabel('Address').fill('7 Forge Street, Leeds');
  await page.getByLabel('Phone number').fill('01132345678');
  await page.getByRole('button', { name: 'Check out 1 line' }).click();
  await page.waitForURL(/\/dashboard\/payment\//);
  const orderId = page.url().split('/').pop()!;
  await page.getByRole('button', { name: 'Pay by bank transfer' }).click();
  const instructions = page.getByTestId('bank-transfer-instructions');
  await expect(instructions).toContainText('Please send $1,080,000.00');
  const reference = (await page.getByTestId('bank-transfer-reference').textContent())!.trim();
  expect(reference).not.toBe('');
  await expect(instructions).toContainText('Routing number');
  await shot(page, 'bank-transfer-instructions');
  await expectAccessible(page, 'the payment page with bank-transfer instructions');

  // The buyer's bank sends part of it: the page shows what is left.
  const stripe = stripeAt(`http://127.0.0.1:${STRIPE_PORT}`);
  const customer = await (
    await testDb()
  )
    .collection<{ _id: string; customerId: string }>('stripeCustomers')
    .findOne({ _id: `user:${user.id}` });
  await stripe.testHelpers.customers.fundCashBalance(customer!.customerId, {
    amount: 30_000_000,
    currency: 'usd',
    reference,
  });
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('bank-transfer-remaining')).toContainText(
      'Please send the remaining $780,000.00',
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 15_000 });
  // Then the rest: the order is paid.
  await stripe.testHelpers.customers.fundCashBalance(customer!.customerId, {
    amount: 78_000_000,
    currency: 'usd',
    reference,
  });
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('PAID')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const order = await (await testDb()).collection('orders').findOne({ _id: new ObjectId(orderId) });
  expect(order).toMatchObject({ paid: true, status: 'paid' });
});

for (const width of [1280, 390]) {
  test(`the order list passes axe at ${width} px wide`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signedInUser(page);
    const gear = await addPart('Worm Gear', { price: 2.5, availableQuantity: 5_000 });
    const bushing = await addPart('Flanged Bushing', { price: 1.2 });
    const seal = await addPart('Shaft Seal', { price: 4 });
    for (const [product, quantity] of [
      [gear, 3_000],
      [bushing, 8_000],
      [seal, 500],
    ] as const) {
      const added = await page.request.post('/api/cart/lines', {
        data: { productId: product._id, quantity },
        headers: fromStore,
      });
      expect(added.status()).toBe(200);
    }
    await (
      await testDb()
    )
      .collection('products')
      .updateOne({ _id: new ObjectId(gear._id) }, { $set: { availableQuantity: 1_200 } });

    await page.goto('/dashboard/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Order List' })).toBeVisible();
    await expect(page.getByTestId('checkout-blocked')).toBeVisible();
    await expectAccessible(page, `the order list with a flagged line at ${width} px`);
    await shot(page, `cart-${width}`);

    await page
      .getByRole('row', { name: new RegExp(gear.name) })
      .getByRole('button', { name: 'Use 1,200' })
      .click();
    await expect(page.getByRole('button', { name: 'Check out 3 lines' })).toBeEnabled();
    await page.getByRole('button', { name: 'Check out 3 lines' }).click();
    await expect(page.locator('.field-error').first()).toBeVisible();
    await expectAccessible(page, `the order list with checkout errors at ${width} px`);
    await shot(page, `cart-errors-${width}`);

    await page.getByLabel('Address').fill('7 Forge Street, Leeds');
    await page.getByLabel('Phone number').fill('01132345678');
    await page.getByRole('button', { name: 'Check out 3 lines' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\//);
    await expect(page.getByTestId('order-line')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
    await expectAccessible(page, `the payment page of three lines at ${width} px`);
    await shot(page, `cart-payment-${width}`);

    await page.goto(`/product/${seal._id}`);
    await page.getByRole('button', { name: 'Add to order list' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Added to your order list' }),
    ).toBeVisible();
    await shot(page, `cart-product-${width}`);

    await page.goto('/dashboard/order');
    await expect(page.getByText('3 parts')).toBeVisible();
    await shot(page, `cart-my-orders-${width}`);
    await page.getByRole('link', { name: new RegExp(gear.name) }).click();
    await expect(page.getByTestId('order-line')).toHaveCount(3);
    await expectAccessible(page, `the order page of three lines at ${width} px`);
    await shot(page, `cart-order-${width}`);

    // Nothing on these pages is wider than the screen (the tables scroll in their own frames).
    for (const path of ['/dashboard/cart', page.url()]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${path} at ${width} px`,
      ).toBeLessThanOrEqual(width);
    }
  });
}
