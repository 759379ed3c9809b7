import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { makeProduct, makeUser } from '../test/support/factories';
import { fromStore } from './support/api';
import { signIn, signedInUser } from './support/auth';
import { expectAccessible } from './support/axe';
import { closeTestDb, testDb } from './support/db';
import { installStripeJs } from './support/stripe-js';

/**
 * A request for quote for a whole order list end to end: a buyer's list of three parts is
 * quoted as ONE quote (POST /api/quotes/cart), the admin answers each line with its own unit
 * price in the Answer dialog, and the buyer accepts it on the quotes page: ONE order of the
 * three lines at the quoted prices, whose payment page asks the total.
 */

test.afterAll(closeTestDb);

function addProduct(name: string) {
  return makeProduct({
    name: `${name} ${randomBytes(3).toString('hex')}`,
    description: 'Zinc-flake coated fasteners, sold by the box.',
    availableQuantity: 60_000,
    minimumOrderQuantity: 500,
    price: 1.5,
    picture: '/images/products/hex-flange-bolt.webp',
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
}

async function buyerSession(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  await installStripeJs(context);
  const page = await context.newPage();
  await signIn(page, await makeUser({ name: 'Priya Raman' }));
  return page;
}

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a quote for a three-line order list is answered line by line and accepted into one order', async ({
  page,
  browser,
}) => {
  const buyerPage = await buyerSession(browser);
  const products = await Promise.all([
    addProduct('Hex Flange Bolt'),
    addProduct('Flange Nut'),
    addProduct('Spring Washer'),
  ]);
  const quantities = [2_000, 5_000, 1_000];
  for (const [index, product] of products.entries()) {
    const added = await buyerPage.request.post('/api/cart/lines', {
      headers: fromStore,
      data: { productId: product._id, quantity: quantities[index] },
    });
    expect(added.status()).toBe(200);
  }
  const requested = await buyerPage.request.post('/api/quotes/cart', {
    headers: fromStore,
    data: { address: '4 Foundry Lane\nSheffield S1 2AB', phone: '01142345678' },
  });
  expect(requested.status()).toBe(201);
  const { reference } = (await requested.json()) as { reference: string };

  // The buyer's quotes page lists the three lines.
  await buyerPage.goto('/dashboard/quotes');
  const buyerRow = buyerPage.getByTestId(`quote-${reference}`);
  await expect(buyerRow).toContainText('Order list · 3 parts');
  for (const product of products) await expect(buyerRow).toContainText(product.name);
  await expectAccessible(buyerPage, '/dashboard/quotes with a quote of an order list');

  // The admin answers each line with its own unit price.
  await signedInUser(page, 'admin');
  await page.goto('/dashboard/quotes');
  const adminRow = page.getByTestId(`quote-${reference}`);
  await adminRow.getByRole('button', { name: `Answer quote ${reference}` }).click();
  const answer = page.getByRole('dialog', { name: `Answer quote ${reference}` });
  await expect(answer.getByTestId('quote-answer-line')).toHaveCount(3);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `the Answer dialog of an order list's quote at ${width} px`);
  }
  const prices = ['1.10', '0.25', '3.00'];
  for (const [index, product] of products.entries()) {
    await answer
      .getByLabel(new RegExp(`Unit price \\(\\$\\): [\\d,]+ × ${product.name}`))
      .fill(prices[index]!);
  }
  await answer.getByLabel('Valid until').fill(inDays(10));
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(answer).toBeHidden();
  await expect(adminRow).toContainText('Answered');
  // 2,000 × $1.10 + 5,000 × $0.25 + 1,000 × $3.00
  await expect(adminRow.getByTestId('quote-total')).toHaveText('$6,450.00');
  await expect(adminRow.getByTestId('quote-lines')).toContainText('at $0.25');

  // The buyer accepts it: ONE order of the three lines, and its payment page opens.
  await buyerPage.reload();
  await expect(buyerRow.getByTestId('quote-total')).toHaveText('$6,450.00');
  await buyerRow.getByRole('button', { name: `Accept quote ${reference}` }).click();
  await expect(buyerPage).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  const orderId = buyerPage.url().split('/').pop()!;
  await expect(buyerPage.getByText('Please pay: $6,450.00')).toBeVisible();

  const db = await testDb();
  const order = await db.collection('orders').findOne({ _id: new ObjectId(orderId) });
  expect(order).toMatchObject({ totalCents: 645_000, quoteReference: reference });
  expect(
    (order!.lines as Array<{ quantity: number; unitPriceCents: number }>).map((line) => [
      line.quantity,
      line.unitPriceCents,
    ]),
  ).toEqual([
    [2_000, 110],
    [5_000, 25],
    [1_000, 300],
  ]);
  expect(await db.collection('orders').countDocuments({ quoteReference: reference })).toBe(1);
});
