import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { makeProduct, payOrder, type TestUser } from '../test/support/factories';
import { fromStore } from './support/api';
import { signedInUser } from './support/auth';
import { closeTestDb, testDb } from './support/db';
import { installStripeJs } from './support/stripe-js';

test.afterAll(closeTestDb);

// Stripe.js is the local stand-in (no js.stripe.com here); it talks to the Stripe API stand-in.
test.beforeEach(async ({ context }) => {
  await installStripeJs(context);
});

/**
 * A product of its own for each test, so stock changes never cross tests. Dated in the past, so
 * it is never the newest product other specs look at.
 */
function addProduct(fields: { price?: number; availableQuantity?: number } = {}) {
  return makeProduct({
    name: `Flanged Bushing ${randomBytes(3).toString('hex')}`,
    description:
      'Sintered bronze flanged bushings, oil-impregnated for maintenance-free running in light-duty shafts.',
    availableQuantity: 18_000,
    price: 14.8,
    picture: '/images/products/spur-gear.webp',
    ...fields,
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
}

async function ordersOf(user: TestUser) {
  return (await testDb()).collection('orders').find({ email: user.email }).toArray();
}

async function stockOf(productId: string) {
  const product = await (
    await testDb()
  )
    .collection('products')
    .findOne({ _id: new ObjectId(productId) });
  return product?.availableQuantity as number;
}

/** Places an order the way the order form does, through the API with the page's session. */
async function placeOrder(page: Page, productId: string, quantity = 1_000) {
  const response = await page.request.post('/api/order', {
    data: { productId, quantity, address: '7 Forge Street, Leeds', phone: '01132345678' },
    headers: fromStore,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

async function fillOrderForm(page: Page, quantity: string) {
  await page.getByLabel('Quantity').selectOption(quantity);
  await page.getByLabel('Address').fill('7 Forge Street, Leeds');
  await page.getByLabel('Phone number').fill('01132345678');
  await page.getByRole('button', { name: 'purchases' }).click();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Credit or debit card number').fill(number);
  await page.getByLabel('Credit or debit card expiration date').fill('12 / 34');
  await page.getByLabel('Credit or debit card CVC').fill('123');
}

const orderRow = (page: Page, productName: string) =>
  page.getByRole('row').filter({ hasText: productName });

test('a quantity below 500 shows the warning and sends nothing', async ({ page }) => {
  const user = await signedInUser(page);
  const product = await addProduct();
  await page.goto(`/product/${product._id}`);

  await expect(page.getByLabel('Name')).toHaveValue(user.name);
  await expect(page.getByLabel('Name')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Quantity').locator('option')).toHaveText([
    '100',
    '300',
    '500',
    '1000',
    '5000',
    '8000',
    '15000',
    '20000',
    '21000',
  ]);

  let posted = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/order')) posted = true;
  });
  await fillOrderForm(page, '300');
  const warning = page.getByRole('dialog', { name: 'Warning!' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Minimum Order Quantity - 500');
  await warning.getByRole('button', { name: 'OK' }).click();

  expect(posted).toBe(false);
  expect(await ordersOf(user)).toHaveLength(0);
  expect(await stockOf(product._id)).toBe(18_000);
});

test('an order succeeds and appears in My Orders with the right total', async ({ page }) => {
  const user = await signedInUser(page);
  const product = await addProduct({ price: 14.8 });
  await page.goto(`/product/${product._id}`);

  await fillOrderForm(page, '1000');
  const success = page.getByRole('dialog', { name: 'Successfully' });
  await expect(success).toContainText('Thanks for the purchase');
  await success.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('product-available')).toHaveText('17000');

  const [order] = await ordersOf(user);
  expect(order).toMatchObject({ quantity: 1000, totalCents: 1_480_000, paid: false });
  for (const path of [user.email, encodeURIComponent(user.email)]) {
    const listed = await page.request.get(`/api/order/${path}`);
    expect(listed.status()).toBe(200);
    expect(await listed.json()).toEqual([
      expect.objectContaining({ _id: order!._id.toHexString(), price: 14_800, paid: false }),
    ]);
  }

  await page.goto('/dashboard/order');
  await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([
    '#',
    'Name',
    'Product Name',
    'Price/payment',
    'Delete',
  ]);
  const row = orderRow(page, product.name);
  await expect(row.getByRole('rowheader')).toHaveText('1');
  await expect(row).toContainText(user.name);
  await expect(row).toContainText('$14,800.00');
  await expect(row.getByRole('link', { name: 'Payment' })).toHaveAttribute(
    'href',
    `/dashboard/payment/${order!._id.toHexString()}`,
  );
  await expect(row.getByRole('button', { name: 'Delete' })).toBeEnabled();
});

test('a failed order shows Error with the reason from the server', async ({ page }) => {
  await signedInUser(page);
  const product = await addProduct({ availableQuantity: 600 });
  await page.goto(`/product/${product._id}`);
  await fillOrderForm(page, '1000');
  const failure = page.getByRole('dialog', { name: 'Error' });
  await expect(failure).toContainText('Product purchase failed!');
  await expect(failure).toContainText('Only 600 available');
});

test('paying with 4242 4242 4242 4242 completes, then My Orders shows PAID and the transaction id', async ({
  page,
}) => {
  const user = await signedInUser(page);
  const product = await addProduct({ price: 2.65 });
  const orderId = await placeOrder(page, product._id, 5_000);

  // Pay waits for the client secret of the payment intent.
  let releaseIntent!: () => void;
  const intentHeld = new Promise<void>((resolve) => (releaseIntent = resolve));
  await page.route('**/api/create-payment-intent', async (route) => {
    await intentHeld;
    await route.continue();
  });

  await page.goto('/dashboard/order');
  await orderRow(page, product.name).getByRole('link', { name: 'Payment' }).click();
  await expect(page).toHaveURL(`/dashboard/payment/${orderId}`);
  await expect(page.getByTestId('payment-email')).toHaveText(user.email);
  await expect(page.getByTestId('payment-name')).toHaveText(product.name);
  await expect(page.getByTestId('payment-description')).toContainText('Sintered bronze');
  await expect(page.getByText('Please pay: $13,250.00')).toBeVisible();
  // A new account's email is not verified yet: its order holds the stock for
  // UNVERIFIED_HOLD_MINUTES (30), and the page says until when; paying at once works as ever.
  const placed = await (
    await testDb()
  )
    .collection('orders')
    .findOne({ _id: new ObjectId(orderId) });
  const payBy = placed!.expiresAt as Date;
  expect(payBy.getTime() - (placed!.createdAt as Date).getTime()).toBe(30 * 60_000);
  await expect(page.getByTestId('payment-pay-by').locator('time')).toHaveAttribute(
    'datetime',
    payBy.toISOString(),
  );

  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(page.getByLabel('Credit or debit card number')).toBeVisible();
  await expect(pay).toBeDisabled();
  releaseIntent();
  await expect(pay).toBeEnabled();
  await fillCard(page, '4242 4242 4242 4242');
  const recorded = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/order/${orderId}`) && response.request().method() === 'PATCH',
  );
  await pay.click();

  await expect(page.getByText('Congrats!Your payment is completed.')).toBeVisible();
  const order = await (await testDb()).collection('orders').findOne({ _id: new ObjectId(orderId) });
  const transactionId = order!.paymentIntentId as string;
  expect(transactionId).toMatch(/^pi_/);
  await expect(page.getByText(transactionId)).toBeVisible();
  expect((await recorded).status()).toBe(200);

  await page.goto('/dashboard/order');
  const row = orderRow(page, product.name);
  await expect(row).toContainText('PAID');
  await expect(row).toContainText(`Transaction Id: ${transactionId}`);
  await expect(row.getByRole('link', { name: 'Payment' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Delete' })).toBeDisabled();
  const paid = await (await testDb()).collection('orders').findOne({ _id: new ObjectId(orderId) });
  expect(paid).toMatchObject({ paid: true, transactionId });
});

test('a declined card shows the decline message under the form and the order stays unpaid', async ({
  page,
}) => {
  await signedInUser(page);
  const product = await addProduct();
  const orderId = await placeOrder(page, product._id);
  await page.goto(`/dashboard/payment/${orderId}`);

  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  await fillCard(page, '4000 0000 0000 0002');
  await pay.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card was declined.' }),
  ).toBeVisible();
  await expect(page.getByText('Congrats!Your payment is completed.')).toHaveCount(0);

  const order = await (await testDb()).collection('orders').findOne({ _id: new ObjectId(orderId) });
  expect(order).toMatchObject({ paid: false });
  expect(order!.transactionId).toBeUndefined();
  await page.goto('/dashboard/order');
  await expect(orderRow(page, product.name).getByRole('link', { name: 'Payment' })).toBeVisible();
});

test("Stripe's webhook alone marks the order paid when the browser closes before reporting it", async ({
  page,
}) => {
  await signedInUser(page);
  const product = await addProduct();
  const orderId = await placeOrder(page, product._id);
  // The browser never gets to report the payment.
  await page.route(`**/api/order/${orderId}`, (route) =>
    route.request().method() === 'PATCH' ? route.abort() : route.continue(),
  );
  await page.goto(`/dashboard/payment/${orderId}`);
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled();
  await fillCard(page, '4242424242424242');
  const confirmed = page.waitForResponse((response) =>
    /\/v1\/payment_intents\/[^/]+\/confirm$/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  expect((await confirmed).status()).toBe(200);
  await page.close();

  const orders = (await testDb()).collection('orders');
  await expect
    .poll(async () => (await orders.findOne({ _id: new ObjectId(orderId) }))?.paid, {
      timeout: 15_000,
    })
    .toBe(true);
  const order = await orders.findOne({ _id: new ObjectId(orderId) });
  expect(order!.transactionId).toBe(order!.paymentIntentId);
});

test('deleting an order: cancel keeps it, confirm deletes it and gives the stock back', async ({
  page,
}) => {
  const user = await signedInUser(page);
  const product = await addProduct();
  await placeOrder(page, product._id, 5_000);
  expect(await stockOf(product._id)).toBe(13_000);

  await page.goto('/dashboard/order');
  const row = orderRow(page, product.name);
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', {
    name: 'Are you sure you want to order product delete?',
  });
  await expect(confirm).toContainText('Once deleted, you will not be able to recover it!');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  const safe = page.getByRole('dialog', { name: 'Your order product is safe!' });
  await expect(safe).toBeVisible();
  await safe.getByRole('button', { name: 'OK' }).click();
  await expect(row).toBeVisible();
  expect(await ordersOf(user)).toHaveLength(1);

  await row.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Order delete successfull' })).toBeVisible();
  await expect(row).toHaveCount(0);
  // Gone from My Orders, kept as a cancelled record for the back office.
  expect(await ordersOf(user)).toEqual([
    expect.objectContaining({ status: 'cancelled', cancelReason: 'deleted' }),
  ]);
  expect(await stockOf(product._id)).toBe(18_000);
});

test('the admin sees every order in Manage Orders and deletes an unpaid one', async ({
  page,
  browser,
}) => {
  // A buyer with one unpaid and one paid order, in a browser context of their own.
  const buyerContext = await browser.newContext();
  const buyerPage = await buyerContext.newPage();
  const buyer = await signedInUser(buyerPage);
  const unpaidProduct = await addProduct();
  const paidProduct = await addProduct();
  const unpaidId = await placeOrder(buyerPage, unpaidProduct._id);
  const paidId = await placeOrder(buyerPage, paidProduct._id);
  await buyerContext.close();
  await payOrder(paidId, 'pi_settled_elsewhere');

  await signedInUser(page, 'admin');
  await page.goto('/dashboard/manageorder');
  await expect(page.getByRole('heading', { name: 'Manage Orders' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([
    'SR',
    'Customer email',
    'Product',
    'Status',
    'Delete',
  ]);
  const unpaidRow = orderRow(page, unpaidProduct.name);
  const paidRow = orderRow(page, paidProduct.name);
  await expect(unpaidRow).toContainText(buyer.email);
  await expect(paidRow).toContainText(buyer.email);
  await expect(paidRow.getByRole('button', { name: 'Delete' })).toBeDisabled();

  await unpaidRow.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete order?' });
  await expect(confirm).toContainText('Once deleted, you will not be able to recover it!');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Order delete successfull' })).toBeVisible();
  await expect(unpaidRow).toHaveCount(0);
  await expect(paidRow).toBeVisible();

  const orders = (await testDb()).collection('orders');
  // Cancelled by the store, kept for the back office (Manage Orders' cancelled filter).
  expect(await orders.findOne({ _id: new ObjectId(unpaidId) })).toMatchObject({
    status: 'cancelled',
    cancelReason: 'cancelled_by_store',
  });
  expect(await orders.findOne({ _id: new ObjectId(paidId) })).not.toBeNull();
});

test('Manage Orders is for admins only', async ({ page }) => {
  await signedInUser(page);
  await page.goto('/dashboard/manageorder');
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Fmanageorder/);
});
