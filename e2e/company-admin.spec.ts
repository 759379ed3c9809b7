import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { ObjectId } from 'mongodb';
import { makeOrder, makeProduct, makeUser } from '../test/support/factories';
import { createCompanyFor } from '@/lib/companies';
import { signedInUser } from './support/auth';
import { expectAccessible } from './support/axe';
import { closeTestDb, testDb } from './support/db';

/**
 * The store admin's company pages: an admin finds a company by searching its name, opens it,
 * adds an existing account as a member and removes them again; the company's last owner
 * stays. Both pages pass axe at a desktop and a phone width.
 */

test.afterAll(closeTestDb);

/** Where the screenshots of the company pages go, to be looked at (not compared). */
const SHOTS = process.env.COMPANY_ADMIN_SHOTS_DIR || '/tmp/shots';

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

test('an admin finds a company, opens it, adds a member and removes them', async ({ page }) => {
  const tag = randomBytes(3).toString('hex');
  const name = `Kestrel ${tag} Fabrication Ltd`;
  const owner = await makeUser({ name: 'Dana Whitfield', verified: true });
  const company = await createCompanyFor(owner, {
    name,
    taxId: 'GB123456789',
    billingAddress: '12 Mill Road\nSheffield S1 2AB',
  });
  const joining = await makeUser({ name: 'Nia Okafor' });
  // One open order of the company, placed by its owner.
  const product = await makeProduct({
    name: `Flange bolt ${tag}`,
    availableQuantity: 50_000,
    minimumOrderQuantity: 500,
    price: 1.5,
    // Off the home page's newest products, which other specs read.
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
  const order = await makeOrder(owner, product);
  await (
    await testDb()
  )
    .collection('orders')
    .updateOne(
      { _id: new ObjectId(order._id) },
      { $set: { companyId: new ObjectId(company._id) } },
    );
  await signedInUser(page, 'admin');

  // The sidebar leads to the list; the search finds the company by part of its name, any case.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Companies', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  await page.getByLabel('Company name').fill(`KESTREL ${tag}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/companies\\?q=KESTREL\\+${tag}$`));
  await expect(page.getByTestId('result-count')).toHaveText(`1 company matching “KESTREL ${tag}”`);
  const row = page.getByRole('row').filter({ hasText: name });
  // Members, open orders.
  await expect(row.getByRole('cell').nth(0)).toHaveText('1');
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectAccessible(page, `/dashboard/companies at ${size.width} px`);
    await shot(page, `company-admin-list-${size.width}`);
  }
  await page.setViewportSize(WIDTHS[0]);

  // The company's page: details, its one member (the owner), its order.
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(`/dashboard/companies/${company._id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await expect(page.getByTestId('member-row')).toContainText(owner.email);
  await expect(page.getByTestId('member-row')).toContainText('Owner');
  const orderRow = page.getByRole('row').filter({ hasText: 'Dana Whitfield' }).last();
  await expect(orderRow.getByRole('link', { name: `Order ${order._id.slice(-8)}` })).toBeVisible();
  await expect(orderRow).toContainText('Unpaid');

  // Adding an account that does not exist is refused under the email field.
  await page.getByLabel('Email of the account').fill(`nobody-${tag}@example.com`);
  await page.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByText('No user has this email.')).toBeVisible();
  await expect(page.getByLabel('Email of the account')).toHaveAttribute('aria-invalid', 'true');

  // An existing account joins as an approver.
  await page.getByLabel('Email of the account').fill(joining.email);
  await page.getByLabel('Role').selectOption('approver');
  await page.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByTestId('member-row')).toHaveCount(2);
  const added = page.getByTestId('member-row').filter({ hasText: joining.email });
  await expect(added).toContainText('Nia Okafor');
  await expect(added).toContainText('Approver');
  await expect(page.getByTestId('member-count')).toHaveText('2');

  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectAccessible(page, `/dashboard/companies/[companyId] at ${size.width} px`);
    await shot(page, `company-admin-detail-${size.width}`);
  }
  await page.setViewportSize(WIDTHS[0]);

  // The last owner stays: the server's refusal is shown, nothing changes.
  await page.getByRole('button', { name: `Remove ${owner.email}` }).click();
  const ownerDialog = page.getByRole('dialog');
  await expect(ownerDialog).toContainText(`Remove ${owner.email} from ${name}?`);
  await ownerDialog.getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByText('A company needs at least one owner.')).toBeVisible();
  await expect(page.getByTestId('member-row')).toHaveCount(2);

  // The new member is removed, after the confirmation, from the keyboard.
  const remove = page.getByRole('button', { name: `Remove ${joining.email}` });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Remove ${joining.email} from ${name}?`);
  await shot(page, 'company-admin-remove-dialog');
  await dialog.getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByTestId('member-row')).toHaveCount(1);
  await expect(page.getByTestId('member-row')).not.toContainText(joining.email);
});

test('a buyer is sent to sign in as an admin; an unknown company is not found', async ({
  page,
}) => {
  await signedInUser(page, 'user');
  await page.goto('/dashboard/companies');
  await expect(page).toHaveURL(/\/login\?.*error=AdminRequired/);

  // Off the login page first: its own script must not navigate while the admin's page loads.
  await page.goto('about:blank');
  await signedInUser(page, 'admin');
  const missing = await page.goto('/dashboard/companies/0123456789abcdef01234567');
  expect(missing?.status()).toBe(404);
});

test('an admin gives a company net 30 terms with a credit limit; a wrong limit is refused in words', async ({
  page,
}) => {
  const owner = await makeUser({ name: 'Tess Terms', verified: true });
  const company = await createCompanyFor(owner, {
    name: `Ledger ${randomBytes(3).toString('hex')} Works Ltd`,
    taxId: null,
    billingAddress: '1 Ledger Row\nLeeds LS1 1AA',
  });
  await signedInUser(page, 'admin');
  await page.goto(`/dashboard/companies/${company._id}`);
  const terms = page.getByRole('form', { name: 'Payment terms' });
  await expect(terms.getByTestId('terms-exposure')).toHaveText(
    'Owed and on order on account: $0.00',
  );
  await terms.getByLabel('Net terms (on account)').check();
  await terms.getByLabel('Net days').selectOption('30');
  await terms.getByLabel('Credit limit ($)').fill('ten thousand');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(terms.getByText('Credit limit must be an amount in dollars')).toBeVisible();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expectAccessible(page, `the terms form with its error at ${size.width} px`);
  }
  await page.setViewportSize(WIDTHS[0]);
  await terms.getByLabel('Credit limit ($)').fill('10,000');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(page.getByText('Payment terms saved.')).toBeVisible();
  await expect(terms.getByTestId('terms-exposure')).toHaveText(
    'Owed and on order on account: $0.00 · credit left: $10,000.00',
  );
  await shot(page, 'company-admin-terms-1280');
  const stored = await (
    await testDb()
  )
    .collection('paymentTerms')
    .findOne({ companyId: new ObjectId(company._id) });
  expect(stored).toMatchObject({ mode: 'net', netDays: 30, creditLimitCents: 1_000_000 });
});
