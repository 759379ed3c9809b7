import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { PUBLIC_PAGES } from '../lib/public-pages.mjs';
import { makeOrder, makeProduct, payOrder } from '../test/support/factories';
import { fromStore } from './support/api';
import { signedInUser } from './support/auth';
import { closeTestDb } from './support/db';
import { installStripeJs } from './support/stripe-js';

test.afterAll(closeTestDb);

/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA rules, colour contrast included) on every screen of the
 * store, as a visitor, a buyer and an admin, and on the dialogs that open over them. A page
 * passes when axe finds no violation at all; the report names the rule and the elements.
 */

async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, path);
}

/** A product and a paid and an unpaid order of the buyer, so that every order screen has rows. */
async function buyerWithOrders(page: Page) {
  const buyer = await signedInUser(page);
  const product = await makeProduct({
    name: `Hex Bolt M10 ${randomBytes(3).toString('hex')}`,
    description: 'Zinc-plated hex bolts, M10 x 40 mm, grade 8.8, DIN 933.',
    availableQuantity: 50_000,
    price: 0.42,
    picture: '/images/products/spur-gear.webp',
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
  const paid = await makeOrder(buyer, product, { quantity: product.minimumOrderQuantity });
  await payOrder(paid._id, `pi_${randomBytes(8).toString('hex')}`);
  const unpaid = await makeOrder(buyer, product, { quantity: product.minimumOrderQuantity });
  const quote = await page.request.post('/api/quotes', {
    data: {
      productId: product._id,
      quantity: 75_000,
      address: '12 Mill Lane, Leeds LS1 4AB',
      phone: '01132000000',
      note: 'Monthly call-off over the year.',
    },
    headers: fromStore,
  });
  expect(quote.status()).toBe(201);
  return { buyer, product, paid, unpaid };
}

test('public pages have no axe violations', async ({ page }) => {
  test.setTimeout(120_000);
  for (const path of PUBLIC_PAGES) {
    await visit(page, path);
  }
});

test('the 375 px wide home page and its open menu have no axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await visit(page, '/');
  await page.getByRole('button', { name: /menu/i }).first().click();
  await expectAccessible(page, '/ with the menu open');
});

test('buyer screens have no axe violations', async ({ page, context }) => {
  test.setTimeout(120_000);
  await installStripeJs(context);
  const { product, paid, unpaid } = await buyerWithOrders(page);
  for (const path of [
    '/dashboard',
    '/dashboard/review',
    '/dashboard/order',
    `/dashboard/order/${paid._id}`,
    `/product/${product._id}`,
    `/dashboard/payment/${unpaid._id}`,
    '/dashboard/quotes',
    '/dashboard/quick-order',
  ]) {
    await visit(page, path);
  }

  await page.goto('/dashboard/order');
  await page
    .getByRole('row')
    .filter({ hasText: product.name })
    .getByRole('button', { name: 'Delete', disabled: false })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'My Orders with the delete dialog open');

  // The quote request form open under the order form, with its field messages.
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Request a quote' }).click();
  const request = page.getByRole('form', { name: 'Request a quote' });
  await request.getByRole('button', { name: 'Send quote request' }).click();
  await expect(request.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectAccessible(page, 'the product page with the quote request form and its errors');

  // Quick order with a validation report.
  await page.goto('/dashboard/quick-order');
  await page
    .getByLabel('Part numbers and quantities')
    .fill(`${product.sku},${product.minimumOrderQuantity}\nNO-SUCH-PART,500\njust words`);
  await page.getByRole('button', { name: 'Check lines' }).click();
  await expect(page.getByText('Unknown part number')).toBeVisible();
  await expectAccessible(page, 'Quick Order with its report');
});

test('admin screens and their dialogs have no axe violations', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const buyerPage = await (await browser.newContext()).newPage();
  const { product, paid } = await buyerWithOrders(buyerPage);
  await buyerPage.context().close();

  await signedInUser(page, 'admin');
  for (const path of [
    '/dashboard',
    '/dashboard/addaproduct',
    '/dashboard/manageproduct',
    '/dashboard/manageorder',
    '/dashboard/users',
    `/dashboard/order/${paid._id}`,
    '/dashboard/quotes',
  ]) {
    await visit(page, path);
  }

  await page
    .getByRole('button', { name: /^Answer quote / })
    .first()
    .click();
  const answer = page.getByRole('dialog', { name: /^Answer quote / });
  await answer.getByRole('button', { name: 'Send answer' }).click();
  await expect(answer.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectAccessible(page, 'Quotes with the answer dialog and its errors');
  await page.keyboard.press('Escape');

  await page.goto('/dashboard/manageorder');
  await page
    .getByRole('button', { name: `Update status of ${product.name}` })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Update order status' })).toBeVisible();
  await expectAccessible(page, 'Manage Orders with the status dialog open');
});
