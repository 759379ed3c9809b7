import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { makeProduct, makeUser, verifyEmail } from '../test/support/factories';
import { recipients, withSmtpServer } from '../test/support/smtp';
import { fromStore } from './support/api';
import { expectAccessible } from './support/axe';
import { accessibleAtBothWidths as checkAtBothWidths } from './support/screens';
import { signIn } from './support/auth';
import { closeTestDb, testDb } from './support/db';
import { installStripeJs } from './support/stripe-js';
import { SMTP_PORT } from './stand-ins/ports.mjs';

test.afterAll(closeTestDb);

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = process.env.COMPANY_SHOTS_DIR || '/tmp/shots';

const accessibleAtBothWidths = (page: Page, what: string) => checkAtBothWidths(page, what, SHOTS);

/** A person signed in, in a browser context of their own (with the Stripe.js stand-in). */
async function personSession(browser: Browser, name: string) {
  const context = await browser.newContext();
  await installStripeJs(context);
  const page = await context.newPage();
  const user = await makeUser({ name });
  await verifyEmail(user);
  await signIn(page, user);
  return { page, user };
}

/** The invitation link mailed to `email` (read from the SMTP stand-in). */
async function invitationLink(
  inbox: Parameters<Parameters<typeof withSmtpServer>[1]>[0],
  email: string,
) {
  const mail = await inbox.waitFor(
    (message) => recipients(message).includes(email.toLowerCase()),
    30_000,
  );
  const found = /https?:\/\/\S+?(\/dashboard\/company\/join\?token=[^\s"<>)\]]+)/.exec(
    mail.text ?? '',
  );
  expect(found, mail.text).not.toBeNull();
  return found![1]!;
}

/** The person opens their invitation link and accepts it. */
async function join(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL('/dashboard/company');
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Credit or debit card number').fill(number);
  await page.getByLabel('Credit or debit card expiration date').fill('12 / 34');
  await page.getByLabel('Credit or debit card CVC').fill('123');
}

test('a buyer’s order above their limit waits; the owner approves it; the buyer pays; accounts sees it and its invoice but places nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await personSession(browser, 'Olive Owner');
  const buyer = await personSession(browser, 'Bea Buyer');
  const accounts = await personSession(browser, 'Art Accounts');

  // The owner's company, with a shipping address.
  const companyName = `Foundry ${randomBytes(3).toString('hex')} Ltd`;
  const created = await owner.page.request.post('/api/companies', {
    data: {
      name: companyName,
      taxId: 'GB987654321',
      billingAddress: '3 Anvil Yard\nLeeds LS1 4AA',
    },
    headers: fromStore,
  });
  expect(created.status()).toBe(201);
  const address = await owner.page.request.post('/api/companies/me/addresses', {
    data: { label: 'Leeds works', address: '9 Kiln Lane\nLeeds LS2 7BB', phone: '01130000001' },
    headers: fromStore,
  });
  expect(address.status()).toBe(201);
  // The owner invites the buyer (who may order up to $1,000.00 alone) and an accounts member;
  // each joins from the link mailed to them.
  const links = await withSmtpServer(SMTP_PORT, async (inbox) => {
    for (const [who, role, approvalLimitCents] of [
      [buyer, 'buyer', 100_000],
      [accounts, 'accounts', null],
    ] as const) {
      const invited = await owner.page.request.post('/api/companies/me/invitations', {
        data: { email: who.user.email, role, approvalLimitCents },
        headers: fromStore,
      });
      expect(invited.status()).toBe(201);
    }
    return [
      await invitationLink(inbox, buyer.user.email),
      await invitationLink(inbox, accounts.user.email),
    ];
  });
  await join(buyer.page, links[0]!);
  await join(accounts.page, links[1]!);

  // The buyer's order list: 1,000 x $2.50 = $2,500.00, above their limit.
  const part = await makeProduct({
    name: `Cam Follower ${randomBytes(3).toString('hex')}`,
    price: 2.5,
    minimumOrderQuantity: 500,
    availableQuantity: 20_000,
    picture: '/images/products/spur-gear.webp',
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
  const added = await buyer.page.request.post('/api/cart/lines', {
    data: { productId: part._id, quantity: 1000 },
    headers: fromStore,
  });
  expect(added.status()).toBe(200);
  await buyer.page.goto('/dashboard/cart');
  await expect(buyer.page.getByTestId('checkout-approval')).toContainText(
    'above your approval limit of $1,000.00',
  );
  // The company's address fills the delivery fields.
  await expect(buyer.page.getByLabel(/Ship to one of/)).toHaveValue(/[0-9a-f]{24}/);
  await expect(buyer.page.getByLabel('Address', { exact: true })).toHaveValue(
    '9 Kiln Lane, Leeds LS2 7BB',
  );
  await expect(buyer.page.getByLabel('Phone number')).toHaveValue('01130000001');
  await buyer.page.getByLabel(/PO number/).fill('PO-APPROVE-1');
  await accessibleAtBothWidths(buyer.page, 'checkout of a company buyer');
  await buyer.page.getByRole('button', { name: /^Check out/ }).click();
  // An order waiting for an approval has nothing to pay yet: the checkout opens its own page.
  await expect(buyer.page).toHaveURL(/\/dashboard\/order\/[0-9a-f]{24}$/);
  const orderId = buyer.page.url().split('/').pop()!;
  await expect(buyer.page.getByTestId('order-approval')).toBeVisible();
  // Its payment page says the same instead of offering payment.
  await buyer.page.goto(`/dashboard/payment/${orderId}`);
  await expect(buyer.page.getByTestId('payment-awaiting-approval')).toContainText(
    'waits for your company’s approval',
  );
  await expect(buyer.page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  await accessibleAtBothWidths(buyer.page, 'payment page awaiting approval');
  const stock = async () =>
    (await (await testDb()).collection('products').findOne({ _id: new ObjectId(part._id) }))!
      .availableQuantity;
  expect(await stock()).toBe(19_000);

  // The owner approves it from Approvals.
  await owner.page.goto('/dashboard/approvals');
  await expect(owner.page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  const row = owner.page.locator(`tr[data-order-id="${orderId}"]`);
  await expect(row).toContainText('Bea Buyer');
  await expect(row).toContainText('$2,500.00');
  await expect(row).toContainText('PO PO-APPROVE-1');
  await expect(row).toContainText('$1,000.00');
  await accessibleAtBothWidths(owner.page, 'approvals');
  // The reject dialog is labelled and reachable too.
  await row.getByRole('button', { name: /^Reject / }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Reject this order' });
  await expect(dialog.getByLabel('Reason')).toBeVisible();
  await expectAccessible(owner.page, 'the reject dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await row.getByRole('button', { name: /^Approve / }).click();
  await expect(owner.page.getByText(/Approved: order/)).toBeVisible();
  await expect(owner.page.getByText('No order is waiting for an approval.')).toBeVisible();

  // The buyer pays it.
  await buyer.page.reload();
  await expect(buyer.page.getByTestId('payment-pay-by')).toBeVisible();
  const pay = buyer.page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled();
  await fillCard(buyer.page, '4242 4242 4242 4242');
  await pay.click();
  await expect(buyer.page.getByText('Congrats!Your payment is completed.')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await (await testDb()).collection('orders').findOne({ _id: new ObjectId(orderId) }))?.paid,
    )
    .toBe(true);

  // Accounts sees the company's order, who placed it, and its invoice with the company's details.
  await accounts.page.goto('/dashboard/company/orders');
  const listed = accounts.page.locator(`tr[data-order-id="${orderId}"]`);
  await expect(listed).toContainText('Bea Buyer');
  await expect(listed).toContainText('Paid');
  await accessibleAtBothWidths(accounts.page, 'company orders');
  await accounts.page.goto(`/dashboard/order/${orderId}`);
  const downloading = accounts.page.waitForEvent('download');
  await accounts.page.getByRole('link', { name: 'Download invoice' }).click();
  const pdf = await fs.promises.readFile(await (await downloading).path());
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: true,
  });
  expect(text).toContain(companyName);
  expect(text).toContain('GB987654321');
  expect(text).toContain('3 Anvil Yard');

  // ...but places nothing.
  await accounts.page.request.post('/api/cart/lines', {
    data: { productId: part._id, quantity: 500 },
    headers: fromStore,
  });
  await accounts.page.goto('/dashboard/cart');
  await expect(accounts.page.getByTestId('order-list-cannot-order')).toContainText(
    'Only buyers and owners can place orders',
  );
  await expect(accounts.page.getByRole('button', { name: /^Check out/ })).toHaveCount(0);
  const refused = await accounts.page.request.post('/api/checkout', {
    data: { address: '1 Ledger Row, Leeds', phone: '01130000002' },
    headers: fromStore,
  });
  expect(refused.status()).toBe(403);
  expect(await stock()).toBe(19_000);
});
