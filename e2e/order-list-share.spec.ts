import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { makeProduct, makeUser, type TestUser } from '../test/support/factories';
import { adminAddCompanyMember, createCompanyFor, type CompanyRole } from '@/lib/companies';
import { recipients, withSmtpServer } from '../test/support/smtp';
import { fromStore } from './support/api';
import { signIn } from './support/auth';
import { closeTestDb } from './support/db';
import { accessibleAtBothWidths } from './support/screens';
import { SMTP_PORT } from './stand-ins/ports.mjs';

test.afterAll(closeTestDb);

/**
 * Roles that place no orders, on the order list (issue 38, item 6): an accounts member adds
 * parts; the top of the list says who can check it out and offers to send it to a colleague who
 * does; they send it to a buyer, who is mailed and finds the lines in their own list, ready to
 * check out, while the sender's list stays as it was. Each state is read at 1280 and 390 px and
 * checked by axe (WCAG A/AA), its screenshots saved to be looked at.
 */

/** Where the screenshots go, to be looked at (not compared). */
const SHOTS = process.env.ORDER_LIST_SHOTS_DIR || '/tmp/shots/h4-order-list';

/** How long a mail may take: sent after the answer, by the server's drain. */
const MAIL_WAIT_MS = 30_000;

const WIDTHS = [1280, 390] as const;

/** A person signed in, in a browser context of their own, from a client address of their own. */
async function sessionOf(browser: Browser, user: TestUser, address: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': address } });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** A company of a verified owner, with a member of each role given, each their own account. */
async function company(members: Array<[name: string, role: CompanyRole]>) {
  const owner = await makeUser({ name: 'Olive Owner', verified: true });
  const created = await createCompanyFor(owner, {
    name: `Whitfield Engineering ${randomBytes(2).toString('hex')} Ltd`,
    taxId: null,
    billingAddress: '12 Mill Road\nSheffield S1 2AB',
  });
  const people: TestUser[] = [];
  for (const [name, role] of members) {
    const person = await makeUser({ name, verified: true });
    await adminAddCompanyMember(created._id, {
      email: person.email,
      role,
      approvalLimitCents: null,
    });
    people.push(person);
  }
  return { name: created.name, owner, people };
}

/** The order list's table of lines. */
const linesTable = (page: Page) => page.getByRole('table', { name: /^Order list:/ });

test('an accounts member sends their order list to a buyer, who finds it in their own list', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { name: companyName, people } = await company([
    ['Art Accounts', 'accounts'],
    ['Ana Buyer', 'buyer'],
  ]);
  const [accounts, buyer] = people as [TestUser, TestUser];
  const stamp = randomBytes(3).toString('hex');
  const [bolts, nuts] = await Promise.all([
    makeProduct({
      name: `Hex Flange Bolt M10 x 40 ${stamp}`,
      price: 0.42,
      availableQuantity: 50_000,
    }),
    makeProduct({ name: `Nyloc Nut M10 ${stamp}`, price: 0.11, availableQuantity: 50_000 }),
  ]);

  // Before adding anything, the list already says who can check it out.
  const page = await sessionOf(browser, accounts, '198.51.100.61');
  await page.goto('/dashboard/cart');
  const note = page.getByRole('region', {
    name: 'Only buyers and owners can place orders; send this list to a colleague',
  });
  await expect(note).toContainText(
    'Once your list has parts, you can send it to a colleague from here.',
  );
  await accessibleAtBothWidths(page, 'empty order list of an accounts member', SHOTS);

  // The accounts member adds parts: one from its page, one as the order form's request does.
  await page.goto(`/product/${bolts._id}`);
  await page.getByRole('form', { name: 'Order' }).getByLabel('Quantity').selectOption('1000');
  await page.getByRole('button', { name: 'Add to order list' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Added to your order list' }),
  ).toBeVisible();
  const added = await page.request.post('/api/cart/lines', {
    data: { productId: nuts._id, quantity: 2_000 },
    headers: fromStore,
  });
  expect(added.status()).toBe(200);

  // The top of the list says who can check it out, and offers to send it to one of them.
  await page.goto('/dashboard/cart');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect(note).toBeVisible();
    await expect(note).toContainText(
      `Your role at ${companyName} (Accounts) lets you keep parts in this list but not check it out. Send it to a colleague who places orders: every line is added to their order list, and they get a mail.`,
    );
    // Above the lines, where a person reads first.
    const [noteBox, tableBox] = await Promise.all([
      note.boundingBox(),
      linesTable(page).boundingBox(),
    ]);
    expect(noteBox!.y + noteBox!.height).toBeLessThanOrEqual(tableBox!.y);
  }
  const colleague = note.getByRole('combobox', { name: 'Colleague' });
  await expect(colleague.getByRole('option')).toHaveText([
    'Olive Owner (Owner)',
    'Ana Buyer (Buyer)',
  ]);
  // No checkout below it: the note says who can check the list out.
  await expect(page.getByRole('heading', { name: 'Check out' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Check out/ })).toHaveCount(0);
  await accessibleAtBothWidths(page, 'order list of an accounts member', SHOTS);

  // Sent to the buyer, who is mailed.
  await withSmtpServer(SMTP_PORT, async (inbox) => {
    await colleague.selectOption({ label: 'Ana Buyer (Buyer)' });
    await note.getByRole('button', { name: 'Send this list' }).click();
    await expect(note.getByTestId('share-sent')).toHaveText(
      '2 lines sent to Ana Buyer’s order list. Your own list stays as it is.',
    );
    const mail = await inbox.waitFor(
      (message) => recipients(message).includes(buyer.email.toLowerCase()),
      MAIL_WAIT_MS,
    );
    expect(mail.subject).toMatch(/^A colleague added parts to your order list on /);
    expect(mail.text).toContain('Art Accounts sent you 2 lines of their order list on ');
    expect(mail.text).toContain(bolts.name);
  });
  await accessibleAtBothWidths(page, 'order list of an accounts member, sent', SHOTS);
  // The sender's list is as it was.
  await page.reload();
  await expect(linesTable(page).getByRole('row').filter({ hasText: stamp })).toHaveCount(2);

  // The buyer finds both lines in their own list, ready to check out, and may send it on.
  const buyerPage = await sessionOf(browser, buyer, '198.51.100.62');
  await buyerPage.goto('/dashboard/cart');
  await expect(buyerPage.getByRole('region', { name: /can place orders/ })).toHaveCount(0);
  const rows = linesTable(buyerPage).getByRole('row').filter({ hasText: stamp });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: bolts.name }).getByRole('spinbutton')).toHaveValue('1000');
  await expect(rows.filter({ hasText: nuts.name }).getByRole('spinbutton')).toHaveValue('2000');
  await expect(buyerPage.getByRole('button', { name: 'Check out 2 lines' })).toBeEnabled();
  const send = buyerPage.getByRole('region', { name: 'Send this list to a colleague' });
  await expect(send).toContainText(
    `Every line is added to the order list of a colleague at ${companyName} who places orders, and they get a mail. Your own list stays as it is.`,
  );
  await expect(send.getByRole('combobox', { name: 'Colleague' }).getByRole('option')).toHaveText([
    'Olive Owner (Owner)',
  ]);
  await accessibleAtBothWidths(buyerPage, 'order list of the buyer it was sent to', SHOTS);
});
