import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { freshEmail, makeUser } from '../test/support/factories';
import { addShippingAddress, adminAddCompanyMember, createCompanyFor } from '@/lib/companies';
import { fromStore } from './support/api';
import { recipients, withSmtpServer } from '../test/support/smtp';
import { signIn } from './support/auth';
import { expectAccessible } from './support/axe';
import { closeTestDb } from './support/db';
import { attachScreenshot } from './support/screens';
import { SMTP_PORT } from './stand-ins/ports.mjs';

test.afterAll(closeTestDb);

/**
 * Company accounts as buyers meet them: an owner creates the company from My Profile's prompt
 * (the form prefilled from the profile's company name and tax id), invites a buyer by email with
 * an approval limit; the buyer opens the mailed link signed out, logs in, comes back to it and
 * joins; both see the members; the owner changes the buyer's role. Every state is checked by
 * axe (WCAG A/AA) at a desktop and a small phone's width.
 */

/** How long a mail may take: sent after the answer, by the server's drain. */
const MAIL_WAIT_MS = 30_000;

const WIDTHS = [1280, 390] as const;

const COMPANY = 'Whitfield Engineering Ltd';
const TAX_ID = 'GB 123456789';

/** The page as it is now at both widths: axe, no sideways scrolling, a screenshot each. */
async function checkAtBothWidths(page: Page, testInfo: TestInfo, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
    await expectAccessible(page, `${name} at ${width} px`);
    await attachScreenshot(page, testInfo, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function loginWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

const memberRow = (page: Page, email: string) =>
  page
    .getByRole('region', { name: 'Members', exact: true })
    .getByRole('row')
    .filter({ hasText: email });

test('an owner creates the company from the profile, invites a buyer by mail; the buyer joins; the owner changes the role', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const owner = await makeUser({ name: 'Olive Owner', verified: true });
  const buyer = await makeUser({ name: 'Bo Buyer' });
  await signIn(page, owner);

  // My Profile names a company: the profile's own fields stay, and a prompt offers the company.
  await page.goto('/dashboard');
  // The sidebar's company group, under the dashboard's own links.
  const sidebar = page.getByRole('navigation', { name: 'Company account' });
  await expect(sidebar.getByRole('link', { name: 'Company' })).toHaveAttribute(
    'href',
    '/dashboard/company',
  );
  await page.getByLabel('Education').fill('BEng Mechanical Engineering');
  await page.getByLabel('Location').fill('Sheffield, UK');
  await page.getByLabel('Link').fill('https://example.com/olive');
  await page.getByRole('textbox', { name: 'Company', exact: true }).fill(COMPANY);
  await page.getByLabel('Tax ID / VAT number').fill(TAX_ID);
  await page.getByRole('button', { name: 'Submit' }).click();
  const prompt = page.getByText(
    `Your profile names a company, ${COMPANY}. Create your company account to invite colleagues and share orders.`,
  );
  await expect(prompt).toBeVisible();
  await checkAtBothWidths(page, testInfo, 'profile-prompt');
  await page.getByRole('link', { name: 'Create your company' }).click();

  // The create form, prefilled from the profile.
  await expect(page).toHaveURL('/dashboard/company');
  await expect(page.getByRole('heading', { level: 1, name: 'Company' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Company' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByLabel('Company name')).toHaveValue(COMPANY);
  await expect(page.getByLabel(/Tax ID/)).toHaveValue(TAX_ID);
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(page.getByText('Billing address is Required')).toBeVisible();
  await checkAtBothWidths(page, testInfo, 'company-create');
  await page.getByLabel('Billing address').fill('12 Mill Road\nSheffield S1 2AB');
  await page.getByRole('button', { name: 'Create company' }).click();

  // The company, with its owner.
  await expect(page.getByRole('heading', { level: 2, name: COMPANY })).toBeVisible();
  await expect(page.getByTestId('my-role')).toHaveText('Owner');
  await expect(memberRow(page, owner.email)).toContainText('Owner');
  await expect(memberRow(page, owner.email)).toContainText('No limit');
  // The only owner cannot leave.
  await expect(page.getByRole('button', { name: 'Leave company' })).toHaveCount(0);

  // The invitation, mailed with its link.
  const link = await withSmtpServer(SMTP_PORT, async (inbox) => {
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(buyer.email);
    await page.getByRole('combobox', { name: 'Role' }).selectOption('buyer');
    await page.getByLabel(/Approval limit/).fill('2500');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Invitation sent to ${buyer.email}.` }),
    ).toBeVisible();
    const invitations = page.getByRole('region', { name: 'Open invitations', exact: true });
    const invited = invitations.getByRole('row').filter({ hasText: buyer.email });
    await expect(invited).toContainText('Buyer');
    await expect(invited).toContainText('$2,500.00');
    await expect(
      invited.getByRole('button', { name: `Revoke the invitation to ${buyer.email}` }),
    ).toBeVisible();

    const mail = await inbox.waitFor(
      (message) =>
        recipients(message).includes(buyer.email.toLowerCase()) &&
        // The subject is the store's words; the company is named in the body.
        (message.subject ?? '').startsWith('Invitation to join a company account on ') &&
        (message.text ?? '').includes(COMPANY),
      MAIL_WAIT_MS,
    );
    const found = /https?:\/\/\S+?\/dashboard\/company\/join\?token=[^\s"<>)\]]+/.exec(
      mail.text ?? '',
    );
    expect(found, mail.text).not.toBeNull();
    return new URL(found![0]);
  });
  await checkAtBothWidths(page, testInfo, 'company-owner-invited');

  // The buyer opens the link signed out: login, then back to the link with its token.
  const buyerContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.231' },
  });
  const buyerPage = await buyerContext.newPage();
  const joinPath = `${link.pathname}${link.search}`;
  await buyerPage.goto(joinPath);
  await expect(buyerPage).toHaveURL(/\/login\?/);
  expect(new URL(buyerPage.url()).searchParams.get('callbackUrl')).toBe(joinPath);
  await loginWithForm(buyerPage, buyer.email, buyer.password);
  await expect(buyerPage).toHaveURL(joinPath);
  await expect(
    buyerPage.getByRole('heading', { level: 1, name: `Join ${COMPANY} as a buyer` }),
  ).toBeVisible();
  await checkAtBothWidths(buyerPage, testInfo, 'company-join');
  await buyerPage.getByRole('button', { name: 'Accept invitation' }).click();

  // Joined: the company page, the buyer's role and limit, no owner's tools.
  await expect(buyerPage).toHaveURL('/dashboard/company');
  await expect(buyerPage.getByRole('heading', { level: 2, name: COMPANY })).toBeVisible();
  await expect(buyerPage.getByTestId('my-role')).toHaveText('Buyer');
  await expect(memberRow(buyerPage, owner.email)).toContainText('Owner');
  await expect(memberRow(buyerPage, buyer.email)).toContainText('$2,500.00');
  await expect(buyerPage.getByRole('heading', { name: 'Invite a member' })).toHaveCount(0);
  await expect(buyerPage.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(buyerPage.getByRole('button', { name: 'Leave company' })).toBeVisible();
  await checkAtBothWidths(buyerPage, testInfo, 'company-buyer');

  // My Profile names the company and the role.
  await buyerPage.goto('/dashboard');
  await expect(buyerPage.getByText(`Company: ${COMPANY} (Buyer).`)).toBeVisible();

  // The owner sees the buyer, and makes them an approver.
  await page.reload();
  const row = memberRow(page, buyer.email);
  await expect(row).toContainText('Buyer');
  await expect(row).toContainText('$2,500.00');
  await expect(page.getByRole('region', { name: 'Open invitations', exact: true })).toContainText(
    'No invitation is waiting for an answer.',
  );
  await row.getByRole('button', { name: `Edit ${buyer.name}’s role and limits` }).click();
  const dialog = page.getByRole('dialog', { name: `${buyer.name}’s role and limits` });
  await expect(dialog.getByLabel('Role')).toHaveValue('buyer');
  await expect(dialog.getByLabel(/Approval limit/)).toHaveValue('2500.00');
  await dialog.getByLabel(/Approval limit/).fill('12.345');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('Approval limit must be an amount in dollars, like 2500 or 2500.50'),
  ).toBeVisible();
  await expectAccessible(page, 'the member dialog with a field message');
  await attachScreenshot(page, testInfo, 'company-member-dialog-1280', { fullPage: false });
  await dialog.getByLabel('Role').selectOption('approver');
  await dialog.getByLabel(/Approval limit/).fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Approver');
  await expect(row).toContainText('No limit');

  // Shipping addresses: two added, the second made the default.
  await page.getByRole('button', { name: 'Add an address' }).click();
  let addressDialog = page.getByRole('dialog', { name: 'Add a shipping address' });
  await addressDialog.getByLabel('Label').fill('Main warehouse');
  await addressDialog.getByLabel('Address').fill('12 Mill Road\nSheffield S1 2AB');
  await addressDialog.getByLabel('Phone').fill('0114 496 0000');
  await addressDialog.getByRole('button', { name: 'Add address' }).click();
  await expect(addressDialog.getByText('Phone must contain digits only')).toBeVisible();
  await addressDialog.getByLabel('Phone').fill('01144960000');
  await addressDialog.getByRole('button', { name: 'Add address' }).click();
  await expect(addressDialog).toBeHidden();
  await page.getByRole('button', { name: 'Add an address' }).click();
  addressDialog = page.getByRole('dialog', { name: 'Add a shipping address' });
  await addressDialog.getByLabel('Label').fill('Goods-in dock');
  await addressDialog.getByLabel('Address').fill('Unit 4, Brightside Lane\nSheffield S9 2RX');
  await addressDialog.getByLabel('Phone').fill('01144960101');
  await addressDialog.getByRole('button', { name: 'Add address' }).click();
  await expect(addressDialog).toBeHidden();
  const addresses = page.getByRole('region', { name: 'Shipping addresses' });
  const dock = addresses.getByRole('listitem').filter({ hasText: 'Goods-in dock' });
  await expect(dock).toContainText('Brightside Lane');
  await dock.getByRole('button', { name: 'Make default: Goods-in dock' }).click();
  await expect(dock).toContainText('Default');
  await expect(
    addresses.getByRole('listitem').filter({ hasText: 'Main warehouse' }),
  ).not.toContainText('Default');

  await checkAtBothWidths(page, testInfo, 'company-owner');
  await page.goto('/dashboard');
  await expect(page.getByText(`Company: ${COMPANY} (Owner).`)).toBeVisible();
  await expect(prompt).toHaveCount(0);

  await buyerPage.goto('/dashboard/company');
  await expect(buyerPage.getByTestId('my-role')).toHaveText('Approver');
  await buyerContext.close();
});

test('a link whose invitation is unknown says so, and what to do', async ({ page }, testInfo) => {
  await signIn(page, await makeUser());
  await page.goto('/dashboard/company/join?token=not-a-real-token');
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This invitation is invalid' });
  await expect(alert).toContainText('Ask the person who invited you to send a new invitation.');
  await checkAtBothWidths(page, testInfo, 'company-join-refused');

  // Without a company, the company page offers to create one (nothing prefilled here).
  await page.goto('/dashboard/company');
  await expect(page.getByRole('heading', { name: 'Create your company' })).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveValue('');
});

test('an owner revokes an invitation, edits and deletes an address and removes a member; a member leaves', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await makeUser({ name: 'Rae Owner', verified: true });
  const stayer = await makeUser({ name: 'Sam Stays' });
  const leaver = await makeUser({ name: 'Lee Leaves' });
  const company = await createCompanyFor(owner, {
    name: 'Northgate Fixings Ltd',
    taxId: null,
    billingAddress: '2 Gate Street\nLeeds LS2 2AA',
  });
  for (const [person, role] of [
    [stayer, 'buyer'],
    [leaver, 'accounts'],
  ] as const) {
    await adminAddCompanyMember(company._id, {
      email: person.email,
      role,
      approvalLimitCents: null,
    });
  }
  const invitee = freshEmail('invitee');
  await addShippingAddress(owner, {
    label: 'Old depot',
    address: '1 Old Road, Leeds',
    phone: '01130000009',
  });
  await signIn(page, owner);
  const invited = await page.request.post('/api/companies/me/invitations', {
    data: { email: invitee, role: 'buyer' },
    headers: fromStore,
  });
  expect(invited.status()).toBe(201);
  await page.goto('/dashboard/company');

  // Revoke: the open invitation goes, after a confirmation.
  await page.getByRole('button', { name: `Revoke the invitation to ${invitee}` }).click();
  await page
    .getByRole('dialog', { name: 'Revoke this invitation?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByRole('region', { name: 'Open invitations', exact: true })).toContainText(
    'No invitation is waiting for an answer.',
  );

  // An address renamed, then deleted.
  const addresses = page.getByRole('region', { name: 'Shipping addresses' });
  await addresses.getByRole('button', { name: 'Edit Old depot' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Old depot' });
  await edit.getByLabel('Label').fill('North depot');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(addresses).toContainText('North depot');
  await addresses.getByRole('button', { name: 'Delete North depot' }).click();
  await page
    .getByRole('dialog', { name: 'Delete North depot?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(addresses).not.toContainText('North depot');

  // A member removed, after a confirmation.
  await memberRow(page, stayer.email)
    .getByRole('button', { name: `Remove ${stayer.name}` })
    .click();
  await page
    .getByRole('dialog', { name: `Remove ${stayer.name}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(memberRow(page, stayer.email)).toHaveCount(0);

  // A member leaves by themselves; the company's only owner is offered no way to.
  const leaverContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.232' },
  });
  const leaverPage = await leaverContext.newPage();
  await signIn(leaverPage, leaver);
  await leaverPage.goto('/dashboard/company');
  await leaverPage.getByRole('button', { name: 'Leave company' }).click();
  await leaverPage
    .getByRole('dialog', { name: 'Leave the company?' })
    .getByRole('button', { name: 'Leave company' })
    .click();
  await expect(leaverPage.getByRole('heading', { name: 'Create your company' })).toBeVisible();
  await leaverContext.close();
  await page.reload();
  await expect(memberRow(page, leaver.email)).toHaveCount(0);
  await expect(memberRow(page, owner.email)).toContainText('Owner');
  await expect(page.getByRole('button', { name: 'Leave company' })).toHaveCount(0);
});
