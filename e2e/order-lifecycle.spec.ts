import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { makeOrder, makeProduct, payOrder } from '../test/support/factories';
import { fromStore } from './support/api';
import { buyerSession, signedInUser } from './support/auth';
import { closeTestDb, testDb } from './support/db';
import { attachScreenshot, screenAt, VIEWPORTS } from './support/screens';

test.afterAll(closeTestDb);

/**
 * The order lifecycle after payment: an admin moves a paid order forward from Manage Orders,
 * the buyer follows it on the order's page and in My Orders, and a deleted order is kept under
 * Manage Orders' cancelled filter.
 */

/** A product of its own for each test, dated in the past so no other spec sees it as newest. */
function addProduct() {
  return makeProduct({
    name: `Taper Roller Bearing ${randomBytes(3).toString('hex')}`,
    description: 'Single-row taper roller bearings, 30 x 62 x 17.25 mm, for gearbox shafts.',
    availableQuantity: 20_000,
    price: 3.4,
    picture: '/images/products/spur-gear.webp',
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
}

const orderRow = (page: Page, productName: string) =>
  page.getByRole('row').filter({ hasText: productName });

test('the admin marks a paid order shipped from Manage Orders; the buyer follows it', async ({
  page,
  browser,
}) => {
  const { page: buyerPage, buyer } = await buyerSession(browser);
  const product = await addProduct();
  const order = await makeOrder(buyer, product, {
    quantity: 2_500,
    address: '4 Bearing Works Road, Derby',
    phone: '01332123456',
  });
  await payOrder(order._id, `pi_${randomBytes(8).toString('hex')}`);

  await signedInUser(page, 'admin');
  await page.goto('/dashboard/manageorder');
  await expect(page.getByRole('columnheader')).toHaveText([
    'SR',
    'Customer email',
    'Product',
    'Status',
    'Delete',
  ]);
  const row = orderRow(page, product.name);
  await expect(row.getByText('Status: Paid', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete' })).toBeDisabled();

  // The form: keyboard to open it, the next statuses only, and shipped needs tracking.
  const update = row.getByRole('button', { name: `Update status of ${product.name}` });
  await update.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Update order status' });
  await expect(dialog).toBeVisible();
  const status = dialog.getByLabel('New status');
  await expect(status.locator('option')).toHaveText(['Processing', 'Shipped']);
  await status.selectOption('shipped');
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(dialog.getByText('Carrier is Required to mark an order shipped')).toBeVisible();
  await expect(
    dialog.getByText('Tracking number is Required to mark an order shipped'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Carrier')).toHaveAttribute('aria-invalid', 'true');

  await dialog.getByLabel('Carrier').fill('DHL Freight');
  await dialog.getByLabel('Tracking number').fill('JD0146 0000 1234');
  await dialog.getByLabel('Note (optional)').fill('Two pallets, tail-lift needed');
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/orders/${order._id}/status`) &&
      response.request().method() === 'PATCH',
  );
  await dialog.getByRole('button', { name: 'Save status' }).click();
  expect((await saved).status()).toBe(200);
  await expect(
    page.getByRole('status').filter({ hasText: 'Order status updated: Shipped' }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Status: Shipped', { exact: true })).toBeVisible();
  await expect(row).toContainText('JD0146 0000 1234');

  const stored = await (
    await testDb()
  )
    .collection('orders')
    .findOne({ _id: new ObjectId(order._id) });
  expect(stored).toMatchObject({
    status: 'shipped',
    paid: true,
    carrier: 'DHL Freight',
    trackingNumber: 'JD0146 0000 1234',
  });

  // The buyer: My Orders' badge, then the order's page.
  await buyerPage.goto('/dashboard/order');
  await expect(buyerPage.getByRole('columnheader')).toHaveText([
    '#',
    'Name',
    'Product Name',
    'Price/payment',
    'Delete',
  ]);
  const buyerRow = orderRow(buyerPage, product.name);
  await expect(buyerRow.getByText('Status: Shipped', { exact: true })).toBeVisible();
  await expect(buyerRow).toContainText('PAID');
  // Exact: the row's "Order again" link is named after the product too.
  await buyerRow.getByRole('link', { name: product.name, exact: true }).click();
  await expect(buyerPage).toHaveURL(`/dashboard/order/${order._id}`);

  await expect(buyerPage.getByRole('heading', { name: `Order for ${product.name}` })).toBeVisible();
  await expect(buyerPage.getByRole('img', { name: product.name })).toBeVisible();
  await expect(buyerPage.getByTestId('order-sku')).toHaveText(product.sku!);
  await expect(buyerPage.getByTestId('order-quantity')).toHaveText('2,500');
  await expect(buyerPage.getByTestId('order-unit-price')).toHaveText('$3.40');
  await expect(buyerPage.getByTestId('order-total')).toHaveText('$8,500.00');
  await expect(buyerPage.getByTestId('order-address')).toHaveText('4 Bearing Works Road, Derby');
  await expect(buyerPage.getByTestId('order-phone')).toHaveText('01332123456');
  await expect(buyerPage.getByTestId('order-carrier')).toHaveText('DHL Freight');
  await expect(buyerPage.getByTestId('order-tracking')).toHaveText('JD0146 0000 1234');
  const timeline = buyerPage.getByRole('list', { name: 'Order timeline' }).getByRole('listitem');
  await expect(timeline).toHaveCount(3);
  await expect(timeline.nth(0)).toContainText('Unpaid');
  await expect(timeline.nth(0)).toContainText('by you');
  await expect(timeline.nth(1)).toContainText('Paid');
  await expect(timeline.nth(2)).toContainText('Shipped');
  await expect(timeline.nth(2)).toContainText('by the store');
  await expect(timeline.nth(2)).toContainText('Two pallets, tail-lift needed');
  await expect(timeline.nth(2).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(buyerPage.getByRole('link', { name: 'Download invoice' })).toHaveAttribute(
    'href',
    `/api/orders/${order._id}/invoice`,
  );

  // Nobody else reaches the page.
  const { page: strangerPage } = await buyerSession(browser);
  await strangerPage.goto(`/dashboard/order/${order._id}`);
  await expect(
    strangerPage.getByRole('heading', { name: 'Oops!404-PAGE NOT FOUND' }),
  ).toBeVisible();
  await expect(strangerPage.getByText('JD0146 0000 1234')).toHaveCount(0);
});

test("a deleted order leaves My Orders and shows under Manage Orders' cancelled filter", async ({
  page,
  browser,
}) => {
  const { page: buyerPage, buyer } = await buyerSession(browser);
  const product = await addProduct();
  const order = await makeOrder(buyer, product, { quantity: 1_000 });

  await buyerPage.goto('/dashboard/order');
  const buyerRow = orderRow(buyerPage, product.name);
  await expect(buyerRow.getByText('Status: Unpaid', { exact: true })).toBeVisible();
  await buyerRow.getByRole('button', { name: 'Delete' }).click();
  await buyerPage
    .getByRole('dialog', { name: 'Are you sure you want to order product delete?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(buyerPage.getByRole('dialog', { name: 'Order delete successfull' })).toBeVisible();
  await expect(buyerRow).toHaveCount(0);
  await buyerPage.goto(`/dashboard/order/${order._id}`);
  await expect(buyerPage.getByRole('heading', { name: 'Oops!404-PAGE NOT FOUND' })).toBeVisible();

  await signedInUser(page, 'admin');
  await page.goto('/dashboard/manageorder');
  const filters = page.getByRole('navigation', { name: 'Filter orders by status' });
  await expect(filters.getByRole('link', { name: 'All live orders' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('heading', { name: 'Manage Orders' })).toBeVisible();
  await expect(orderRow(page, product.name)).toHaveCount(0);

  await filters.getByRole('link', { name: 'Cancelled', exact: true }).click();
  await expect(page).toHaveURL('/dashboard/manageorder?status=cancelled');
  await expect(filters.getByRole('link', { name: 'Cancelled', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const row = orderRow(page, product.name);
  await expect(row).toContainText(buyer.email);
  await expect(row.getByText('Status: Cancelled', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(row.getByRole('button', { name: /Update status/ })).toHaveCount(0);

  // The admin opens it: the buyer deleted it, the stock came back.
  await row.getByRole('link', { name: product.name, exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/order/${order._id}`);
  await expect(
    page.getByText('The buyer deleted this order. Its stock was returned.'),
  ).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Order timeline' }).getByRole('listitem');
  await expect(timeline).toHaveText([/Unpaid.*by the buyer/, /Cancelled.*by the buyer/]);
  await expect(page.getByRole('link', { name: 'Download invoice' })).toHaveCount(0);
});

test('screenshots of My Orders, the order page and Manage Orders, desktop and 375 px wide', async ({
  page,
  browser,
}, testInfo) => {
  const { page: buyerPage, buyer } = await buyerSession(browser);
  const shipped = await makeOrder(buyer, await addProduct(), { quantity: 3_000 });
  await payOrder(shipped._id, `pi_${randomBytes(8).toString('hex')}`);
  const paidProduct = await addProduct();
  const paid = await makeOrder(buyer, paidProduct, { quantity: 1_500 });
  await payOrder(paid._id, `pi_${randomBytes(8).toString('hex')}`);
  await makeOrder(buyer, await addProduct(), { quantity: 500 });

  await signedInUser(page, 'admin');
  const moved = await page.request.patch(`/api/orders/${shipped._id}/status`, {
    data: { status: 'shipped', carrier: 'UPS Freight', trackingNumber: '1Z 999 AA1 01 2345 6784' },
    // As the admin's own page sends it: a change made with the session cookie must come from
    // the store (lib/security/cross-site.ts).
    headers: fromStore,
  });
  expect(moved.status()).toBe(200);

  const shots: Array<[Page, string, string]> = [
    [buyerPage, '/dashboard/order', 'my-orders'],
    [buyerPage, `/dashboard/order/${shipped._id}`, 'order-page'],
    [page, '/dashboard/manageorder', 'manage-orders'],
  ];
  for (const viewport of VIEWPORTS) {
    for (const [shotPage, path, name] of shots) {
      await screenAt(shotPage, path, name, viewport, testInfo);
    }
    // The status form, open for shipping, with its field errors.
    await page.goto('/dashboard/manageorder');
    await page.getByRole('button', { name: `Update status of ${paidProduct.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Update order status' });
    await dialog.getByLabel('New status').selectOption('shipped');
    await dialog.getByRole('button', { name: 'Save status' }).click();
    await expect(dialog.getByLabel('Tracking number')).toHaveAttribute('aria-invalid', 'true');
    await attachScreenshot(page, testInfo, `status-form-${viewport.label}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
