import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { makeProduct, makeUser, verifyEmail } from '../test/support/factories';
import { payHostedInvoice } from '../test/support/stripe';
import { adminAddCompanyMember, createCompanyFor } from '@/lib/companies';
import { parseId } from '@/lib/core/ids';
import { setCompanyTerms } from '@/lib/terms';
import { termsSchema } from '@/lib/terms/schemas';
import { fromStore } from './support/api';
import { expectAccessible } from './support/axe';
import { accessibleAtBothWidths as checkAtBothWidths, saveShot } from './support/screens';
import { signIn } from './support/auth';
import { closeTestDb } from './support/db';
import { STRIPE_PORT } from './stand-ins/ports.mjs';

/**
 * Paying on account, end to end: a company on net 30 orders on account, a store admin ships the
 * order, its invoice (issued at the Stripe stand-in by the server's invoice job) appears for the
 * company's accounts member with Stripe's Pay link, the stand-in's hosted page pays it and its
 * signed `invoice.paid` marks the order paid, and the statement shows nothing owed. The store
 * admin's invoices page lists it with the aging report. Every new screen passes axe at 1280 and
 * 390 px.
 */

test.afterAll(closeTestDb);

const SHOTS = process.env.BILLING_SHOTS_DIR || '/tmp/shots';
const STRIPE_URL = `http://127.0.0.1:${STRIPE_PORT}`;

const shot = (page: Page, name: string) => saveShot(page, SHOTS, name);
const accessibleAtBothWidths = (page: Page, what: string) => checkAtBothWidths(page, what, SHOTS);

/** A person with a verified email, signed in, in a browser context of their own. */
async function personSession(browser: Browser, name: string, role: 'user' | 'admin' = 'user') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await makeUser({ name, role });
  await verifyEmail(user);
  await signIn(page, user);
  return { page, user };
}

test('a company on net 30 orders on account; the shipped order’s invoice is paid at Stripe; the statement shows nothing owed', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const companyName = `Ledgerline ${tag} Ltd`;
  const [owner, buyer, accounts, admin] = await Promise.all([
    personSession(browser, 'Olive Owner'),
    personSession(browser, 'Bea Buyer'),
    personSession(browser, 'Cal Accounts'),
    personSession(browser, 'Ada Admin', 'admin'),
  ]);
  const company = await createCompanyFor(owner.user, {
    name: companyName,
    taxId: 'GB123456789',
    billingAddress: '12 Mill Road\nSheffield S1 2AB',
  });
  for (const [member, role] of [
    [buyer, 'buyer'],
    [accounts, 'accounts'],
  ] as const) {
    await adminAddCompanyMember(company._id, {
      email: member.user.email,
      role,
      approvalLimitCents: null,
    });
  }
  await setCompanyTerms(
    admin.user,
    parseId(company._id)!,
    termsSchema.parse({ mode: 'net', netDays: 30, creditLimitCents: 10_000_000 }),
  );
  const product = await makeProduct({
    name: `Flange bolt ${tag}`,
    price: 1.5,
    availableQuantity: 50_000,
    minimumOrderQuantity: 500,
    // Older than the demo catalogue, so the home page's newest products stay the seeded ones.
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });

  // The buyer checks their order list out on account, choosing it at the checkout.
  const added = await buyer.page.request.post('/api/cart/lines', {
    headers: fromStore,
    data: { productId: product._id, quantity: 1_000 },
  });
  expect(added.status()).toBe(200);
  await buyer.page.goto('/dashboard/cart');
  const onAccount = buyer.page.getByRole('radio', { name: /Pay on account \(Net 30\)/ });
  await expect(onAccount).toBeChecked();
  await expect(buyer.page.getByTestId('checkout-credit')).toContainText(
    'Available credit: $100,000.00',
  );
  await buyer.page.getByLabel('Address').fill('12 Foundry Lane, Sheffield');
  await buyer.page.getByLabel('Phone number').fill('01142345678');
  await buyer.page.getByLabel(/PO number/).fill(`PO-${tag}`);
  await accessibleAtBothWidths(buyer.page, 'checkout on account');
  await buyer.page.getByRole('button', { name: 'Check out 1 line' }).click();
  await buyer.page.waitForURL(/\/dashboard\/order\/[0-9a-f]{24}$/);
  const orderId = buyer.page.url().split('/').pop()!;
  await expect(buyer.page.getByTestId('order-payment-terms')).toContainText(
    'On account (Net 30): invoiced when it ships',
  );
  await shot(buyer.page, 'order-on-account');

  // Nothing to pay yet: the company invoices on shipment.
  await accounts.page.goto('/dashboard/invoices');
  await expect(accounts.page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await expect(accounts.page.getByTestId('invoice-row')).toHaveCount(0);

  // The store ships it; the server's invoice job issues its invoice at Stripe.
  for (const status of ['processing', 'shipped'] as const) {
    const moved = await admin.page.request.patch(`/api/orders/${orderId}/status`, {
      headers: fromStore,
      data:
        status === 'shipped'
          ? { status, carrier: 'DHL Freight', trackingNumber: `JD${tag}` }
          : { status },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }

  // The accounts member finds it under Invoices (the sidebar's company group), with a Pay link.
  await accounts.page.goto('/dashboard');
  await accounts.page.getByRole('link', { name: 'Invoices', exact: true }).click();
  await expect(accounts.page).toHaveURL('/dashboard/invoices');
  const row = accounts.page.getByTestId('invoice-row').filter({ hasText: `PO PO-${tag}` });
  await expect(async () => {
    await accounts.page.reload();
    await expect(row.getByRole('link', { name: /^Pay invoice INV-/ })).toBeVisible();
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('$1,500.00');
  await expect(accounts.page.getByTestId('invoice-totals')).toContainText('$1,500.00');
  await accessibleAtBothWidths(accounts.page, 'invoices accounts');

  const pay = row.getByRole('link', { name: /^Pay invoice INV-/ });
  await expect(pay).toHaveAttribute('target', '_blank');
  const hosted = (await pay.getAttribute('href'))!;
  const stripeInvoiceId = /\/hosted-invoices\/([^/?#]+)/.exec(hosted)?.[1];
  expect(stripeInvoiceId, hosted).toBeTruthy();

  // The invoice's page: lines, PO number, how to pay.
  await row.getByRole('link', { name: /^INV-/ }).click();
  await expect(
    accounts.page.getByRole('heading', { level: 1, name: /^Invoice INV-/ }),
  ).toBeVisible();
  await expect(accounts.page.getByText(`PO-${tag}`)).toBeVisible();
  await expect(
    accounts.page.getByRole('row').filter({ hasText: `Flange bolt ${tag}` }),
  ).toContainText('1,000');
  await expect(accounts.page.getByRole('link', { name: /^Pay \$1,500\.00/ })).toBeVisible();
  // The company's own account for transfers, quoting the invoice number.
  const bank = accounts.page.getByTestId('invoice-bank-details');
  await expect(bank).toContainText('Routing number');
  await expect(bank).toContainText(/quoting INV-\d{4}-\d{6}/);
  await accessibleAtBothWidths(accounts.page, 'invoice accounts');

  // The buyer sees neither page in their sidebar, and is told why.
  await buyer.page.goto('/dashboard/invoices');
  await expect(buyer.page.getByRole('status')).toContainText('does not show its invoices');

  // The store admin's list: every company's, with the aging report and the invoice's actions.
  await admin.page.goto('/dashboard/invoices');
  await expect(admin.page.getByRole('heading', { name: 'Aging report' })).toBeVisible();
  const adminRow = admin.page.getByTestId('invoice-row').filter({ hasText: companyName });
  await expect(adminRow.getByRole('button', { name: /^Record payment for INV-/ })).toBeVisible();
  await expect(adminRow.getByRole('button', { name: /^Void invoice INV-/ })).toBeVisible();
  await accessibleAtBothWidths(admin.page, 'invoices admin');
  await adminRow.getByRole('button', { name: /^Record payment for INV-/ }).click();
  const dialog = admin.page.getByRole('dialog');
  await expect(dialog.getByLabel('Amount ($)')).toHaveValue('1500.00');
  await dialog.getByLabel('Amount ($)').fill('2,000');
  await dialog.getByLabel('Reference').fill('Wire too large');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText(/more than what is still owed/)).toBeVisible();
  await expectAccessible(admin.page, 'record payment dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The company pays on Stripe's hosted page; Stripe's signed invoice.paid settles the order.
  await payHostedInvoice(STRIPE_URL, stripeInvoiceId!);
  await expect(async () => {
    await accounts.page.goto('/dashboard/invoices?status=paid');
    await expect(
      accounts.page.getByTestId('invoice-row').filter({ hasText: `PO PO-${tag}` }),
    ).toContainText('Paid');
  }).toPass({ timeout: 30_000 });
  const order = await accounts.page.request.get(`/api/orders/${orderId}`);
  expect(await order.json()).toMatchObject({ _id: orderId, paid: true });

  // The statement: nothing owed, the invoice and its payment listed, a CSV of them.
  await accounts.page.goto('/dashboard');
  await accounts.page.getByRole('link', { name: 'Statement', exact: true }).click();
  await expect(accounts.page.getByRole('heading', { level: 1, name: 'Statement' })).toBeVisible();
  await expect(accounts.page.getByTestId('statement-owed')).toHaveText('$0.00');
  await expect(accounts.page.getByTestId('aging-total')).toHaveText('$0.00');
  await expect(
    accounts.page.getByRole('region', { name: 'Payments' }).getByRole('row'),
  ).toHaveCount(2);
  const csv = await accounts.page.request.get('/api/account/statement?format=csv');
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(await csv.text()).toContain(`PO-${tag}`);
  await accessibleAtBothWidths(accounts.page, 'statement');
});
