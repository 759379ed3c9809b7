import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { makeProduct, makeUser, type TestUser } from '../test/support/factories';
import { fromStore } from './support/api';
import { signIn, signedInUser } from './support/auth';
import { closeTestDb, testDb } from './support/db';
import { installStripeJs } from './support/stripe-js';

/**
 * Requests for quote end to end: a buyer asks a price for 50,000 units from the product page
 * (more than the stock on hand would allow an order for), the admin answers it from
 * /dashboard/quotes, the buyer accepts it and pays the resulting order at the quoted price on
 * the ordinary payment page, with the Stripe.js stand-in.
 */

test.afterAll(closeTestDb);

test.beforeEach(async ({ context }) => {
  await installStripeJs(context);
});

function addProduct(fields: { availableQuantity?: number; price?: number } = {}) {
  return makeProduct({
    name: `Hex Flange Bolt ${randomBytes(3).toString('hex')}`,
    description: 'Zinc-flake coated hex flange bolts, M10 x 30 mm, property class 10.9.',
    availableQuantity: 60_000,
    price: 14.8,
    picture: '/images/products/hex-flange-bolt.webp',
    ...fields,
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
}

/** A buyer signed in on a page of their own (the admin uses the test's page). */
async function buyerSession(browser: Browser): Promise<{ page: Page; buyer: TestUser }> {
  const context = await browser.newContext();
  await installStripeJs(context);
  const page = await context.newPage();
  const buyer = await makeUser({ name: 'Priya Raman' });
  await signIn(page, buyer);
  return { page, buyer };
}

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Credit or debit card number').fill(number);
  await page.getByLabel('Credit or debit card expiration date').fill('12 / 34');
  await page.getByLabel('Credit or debit card CVC').fill('123');
}

/** Fills and sends the product page's quote form; answers the quote's reference. */
async function requestQuote(page: Page, productId: string, quantity: string): Promise<string> {
  await page.goto(`/product/${productId}`);
  await page.getByRole('button', { name: 'Request a quote' }).click();
  const form = page.getByRole('form', { name: 'Request a quote' });
  await form.getByLabel('Quantity').fill(quantity);
  await form.getByLabel('Needed by').fill(inDays(30));
  await form.getByLabel('Delivery address').fill('4 Foundry Lane\nSheffield S1 2AB');
  await form.getByLabel('Phone number').fill('01142345678');
  await form.getByLabel('Note').fill('Two pallets, please.');
  await form.getByRole('button', { name: 'Send quote request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Quote requested' });
  await expect(dialog).toBeVisible();
  const reference = (await dialog.getByText(/^Q-\d{4}-\d{6}$/).textContent())!;
  await dialog.getByRole('button', { name: 'OK' }).click();
  return reference;
}

test('a buyer requests a quote for 50,000 units, the admin answers it, the buyer accepts and pays at the quoted price', async ({
  page,
  browser,
}) => {
  const { page: buyerPage, buyer } = await buyerSession(browser);
  const product = await addProduct();

  // The request: 50,000 is none of the order form's choices.
  const reference = await requestQuote(buyerPage, product._id, '50000');
  await buyerPage.goto('/dashboard');
  await buyerPage.getByRole('link', { name: 'Quotes' }).first().click();
  await expect(buyerPage).toHaveURL('/dashboard/quotes');
  const buyerRow = buyerPage.getByTestId(`quote-${reference}`);
  await expect(buyerRow).toContainText('50,000');
  await expect(buyerRow).toContainText('Requested');
  await expect(buyerRow.getByRole('button', { name: /Accept/ })).toHaveCount(0);

  // The admin answers it from the quotes page.
  await signedInUser(page, 'admin');
  await page.goto('/dashboard/quotes');
  const adminRow = page.getByTestId(`quote-${reference}`);
  await expect(adminRow).toContainText(buyer.email);
  await adminRow.getByRole('button', { name: `Answer quote ${reference}` }).click();
  const answer = page.getByRole('dialog', { name: `Answer quote ${reference}` });
  await answer.getByLabel('Unit price ($)').fill('12.34');
  await answer.getByLabel('Valid until').fill(inDays(10));
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(answer).toBeHidden();
  await expect(adminRow).toContainText('Answered');
  await expect(adminRow.getByTestId('quote-unit-price')).toHaveText('$12.34');
  await expect(adminRow.getByTestId('quote-total')).toHaveText('$617,000.00');

  // The buyer accepts it: the order is placed and its payment page opens.
  await buyerPage.reload();
  await expect(buyerRow.getByTestId('quote-total')).toHaveText('$617,000.00');
  await buyerRow.getByRole('button', { name: `Accept quote ${reference}` }).click();
  await expect(buyerPage).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  const orderId = buyerPage.url().split('/').pop()!;
  await expect(buyerPage.getByText('Please pay: $617,000.00')).toBeVisible();

  const pay = buyerPage.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  await fillCard(buyerPage, '4242 4242 4242 4242');
  // The payment the page reports, which the server verifies with Stripe before the order is paid.
  const recorded = buyerPage.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/order/${orderId}`) && response.request().method() === 'PATCH',
  );
  await pay.click();
  await expect(buyerPage.getByText('Congrats!Your payment is completed.')).toBeVisible();
  expect((await recorded).status()).toBe(200);

  const db = await testDb();
  const order = await db.collection('orders').findOne({ _id: new ObjectId(orderId) });
  expect(order).toMatchObject({
    quantity: 50_000,
    unitPriceCents: 1_234,
    totalCents: 50_000 * 1_234,
    paid: true,
    status: 'paid',
    quoteReference: reference,
  });
  const quote = await db.collection('quotes').findOne({ reference });
  expect(quote).toMatchObject({ status: 'accepted' });
  expect((quote!.orderId as ObjectId).toHexString()).toBe(orderId);
  // Stock was reserved once, by the order.
  const stored = await db.collection('products').findOne({ _id: new ObjectId(product._id) });
  expect(stored!.availableQuantity).toBe(10_000);

  // The order page names the quote; the quotes page links to the order.
  await buyerPage.goto(`/dashboard/order/${orderId}`);
  await expect(buyerPage.getByTestId('order-quote')).toHaveText(reference);
  await expect(buyerPage.getByTestId('order-total')).toHaveText('$617,000.00');
  await buyerPage.goto('/dashboard/quotes');
  await expect(buyerRow).toContainText('Accepted');
  await expect(buyerRow.getByRole('link', { name: 'View order' })).toHaveAttribute(
    'href',
    `/dashboard/order/${orderId}`,
  );
  await buyerPage.context().close();
});

test('a buyer who accepts a price the store has since changed is shown the new price, and places nothing until accepting it', async ({
  page,
  browser,
}) => {
  const { page: buyerPage } = await buyerSession(browser);
  const product = await addProduct();
  const reference = await requestQuote(buyerPage, product._id, '50000');
  await signedInUser(page, 'admin');
  const db = await testDb();
  const quoteId = (await db.collection('quotes').findOne({ reference }))!._id.toHexString();
  const answer = async (unitPrice: number) => {
    const response = await page.request.patch(`/api/quotes/${quoteId}`, {
      data: { action: 'answer', unitPrice, validUntil: inDays(10) },
      headers: fromStore,
    });
    expect(response.status()).toBe(200);
  };

  // The buyer sees $1.00 a unit; the store then answers anew at $9.99.
  await answer(1);
  await buyerPage.goto('/dashboard/quotes');
  const row = buyerPage.getByTestId(`quote-${reference}`);
  await expect(row.getByTestId('quote-unit-price')).toHaveText('$1.00');
  await answer(9.99);

  // Accepting what the page shows is refused with the new price; no order is placed.
  await row.getByRole('button', { name: `Accept quote ${reference}` }).click();
  await expect(row.getByRole('alert')).toHaveText(
    'The price of this quote has changed to $9.99 a unit ($499,500.00 in all) since you saw it. Please check the new price and accept again.',
  );
  await expect(row.getByTestId('quote-unit-price')).toHaveText('$9.99');
  await expect(row.getByTestId('quote-total')).toHaveText('$499,500.00');
  await expect(buyerPage).toHaveURL('/dashboard/quotes');
  expect(await db.collection('orders').countDocuments({ quoteReference: reference })).toBe(0);
  expect(await db.collection('quotes').findOne({ reference })).toMatchObject({
    status: 'answered',
    unitPriceCents: 999,
  });

  // Accepting again, now knowingly at $9.99, places the order at that price.
  await row.getByRole('button', { name: `Accept quote ${reference}` }).click();
  await expect(buyerPage).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  await expect(buyerPage.getByText('Please pay: $499,500.00')).toBeVisible();
  const order = await db.collection('orders').findOne({ quoteReference: reference });
  expect(order).toMatchObject({ unitPriceCents: 999, totalCents: 50_000 * 999 });
  await buyerPage.context().close();
});

test('screenshots of the quote form and the quotes page for buyer and admin, desktop and 375 px wide', async ({
  page,
  browser,
}, testInfo) => {
  const { page: buyerPage } = await buyerSession(browser);
  const product = await addProduct();
  const open = await requestQuote(buyerPage, product._id, '25000');
  const declined = await requestQuote(buyerPage, product._id, '120000');
  const answered = await requestQuote(buyerPage, product._id, '50000');
  await signedInUser(page, 'admin');
  const decide = async (reference: string, data: unknown) => {
    const quote = await (await testDb()).collection('quotes').findOne({ reference });
    const response = await page.request.patch(`/api/quotes/${quote!._id.toHexString()}`, {
      data,
      headers: fromStore,
    });
    expect(response.status()).toBe(200);
  };
  await decide(answered, { action: 'answer', unitPrice: 12.34, validUntil: inDays(10) });
  await decide(declined, { action: 'decline', reason: 'More than a year of our output.' });

  for (const [width, height, label] of [
    [1280, 900, 'desktop'],
    [375, 812, 'mobile'],
  ] as const) {
    for (const [shotPage, name] of [
      [buyerPage, 'quotes-buyer'],
      [page, 'quotes-admin'],
    ] as const) {
      await shotPage.setViewportSize({ width, height });
      await shotPage.goto('/dashboard/quotes');
      await expect(shotPage.getByTestId(`quote-${open}`)).toBeVisible();
      const overflow = await shotPage.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
      const file = testInfo.outputPath(`${name}-${label}.png`);
      await shotPage.screenshot({ path: file, fullPage: true });
      await testInfo.attach(`${name}-${label}`, { path: file, contentType: 'image/png' });
    }
    // The admin's answer dialog, with a field error.
    await page.getByRole('button', { name: `Answer quote ${open}` }).click();
    const dialog = page.getByRole('dialog', { name: `Answer quote ${open}` });
    await dialog.getByRole('button', { name: 'Send answer' }).click();
    await expect(dialog.getByLabel('Unit price ($)')).toHaveAttribute('aria-invalid', 'true');
    const dialogFile = testInfo.outputPath(`quote-answer-${label}.png`);
    await page.screenshot({ path: dialogFile });
    await testInfo.attach(`quote-answer-${label}`, { path: dialogFile, contentType: 'image/png' });
    await page.keyboard.press('Escape');

    // The request form, open, with its field messages.
    await buyerPage.goto(`/product/${product._id}`);
    await buyerPage.getByRole('button', { name: 'Request a quote' }).click();
    const form = buyerPage.getByRole('form', { name: 'Request a quote' });
    await form.getByLabel('Quantity').fill('100');
    await form.getByLabel('Needed by').fill('2020-01-01');
    await form.getByRole('button', { name: 'Send quote request' }).click();
    await expect(form.getByLabel('Delivery address')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Needed by must not be in the past')).toBeVisible();
    const section = buyerPage.getByTestId('quote-request');
    await section.scrollIntoViewIfNeeded();
    const formFile = testInfo.outputPath(`quote-form-${label}.png`);
    await section.screenshot({ path: formFile });
    await testInfo.attach(`quote-form-${label}`, { path: formFile, contentType: 'image/png' });
  }
  await buyerPage.context().close();
});
