import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { freshEmail, makeUser } from '../test/support/factories';
import { recipients, withSmtpServer, type Inbox } from '../test/support/smtp';
import { fromStore } from './support/api';
import { signIn } from './support/auth';
import { closeTestDb } from './support/db';
import { accessibleAtBothWidths } from './support/screens';
import { OIDC_PORT, SMTP_PORT } from './stand-ins/ports.mjs';

test.afterAll(closeTestDb);

/**
 * An invitation survives signing up and signing in: a person who opens an invitation's mailed
 * link signed out reads what it is ("Join <company> as <role>") on the login page, and comes back
 * to it, still headed so, after logging in, after signing up instead, after Google, and from the
 * verification mail's link; there they accept it. Each screen is read at 1280 and 390 px and
 * checked by axe (WCAG A/AA); the screenshots go to SHOTS to be looked at.
 */

const SHOTS = process.env.INVITATION_SHOTS_DIR || '/tmp/shots/h3-invitations';

/** How long a mail may take: sent after the answer, by the server's drain. */
const MAIL_WAIT_MS = 30_000;

let clients = 0;

/** A browser of its own, signed out, as a client address of its own. */
async function signedOutPage(browser: Browser): Promise<Page> {
  clients += 1;
  const context = await browser.newContext({
    extraHTTPHeaders: {
      'x-forwarded-for': `203.0.113.${((randomBytes(1)[0]! + clients) % 250) + 1}`,
    },
  });
  return context.newPage();
}

/** A verified owner, signed in, of a new company with a name of its own. */
async function ownerOfCompany(browser: Browser) {
  const page = await signedOutPage(browser);
  const owner = await makeUser({ name: 'Olive Owner', verified: true });
  await signIn(page, owner);
  const companyName = `Kestrel ${randomBytes(3).toString('hex')} Fixings Ltd`;
  const created = await page.request.post('/api/companies', {
    data: { name: companyName, taxId: null, billingAddress: '3 Anvil Yard\nLeeds LS1 4AA' },
    headers: fromStore,
  });
  expect(created.status()).toBe(201);
  return { page, companyName };
}

/** The owner invites `email` as `role`: the path of the link mailed to them. */
async function mailedInvitation(
  owner: Page,
  inbox: Inbox,
  email: string,
  role: 'approver' | 'buyer' | 'accounts',
): Promise<string> {
  const invited = await owner.request.post('/api/companies/me/invitations', {
    data: { email, role, approvalLimitCents: null },
    headers: fromStore,
  });
  expect(invited.status()).toBe(201);
  const mail = await inbox.waitFor(
    (message) =>
      recipients(message).includes(email) &&
      (message.subject ?? '').startsWith('Invitation to join a company account on '),
    MAIL_WAIT_MS,
  );
  const found = /https?:\/\/\S+?(\/dashboard\/company\/join\?token=[^\s"<>)\]]+)/.exec(
    mail.text ?? '',
  );
  expect(found, mail.text).not.toBeNull();
  return found![1]!;
}

/** What each role reads under the invitation's heading. */
const ROLE_DOES = {
  buyer:
    'As a buyer you place orders and ask for quotes for the company, and see the company’s orders.',
  approver:
    'As an approver you approve or reject colleagues’ orders that are over their limit, and see all the company’s orders and invoices.',
  accounts:
    'As an accounts member you see all the company’s orders and their invoices and pay them; you do not place orders.',
} as const;

const ROLE_NAMES = { buyer: 'a buyer', approver: 'an approver', accounts: 'an accounts member' };

/**
 * The invitation's link opened signed out: the login page, with the link as its way back, shows
 * the invitation's company and role and what to do.
 */
async function openSignedOut(
  page: Page,
  link: string,
  companyName: string,
  role: keyof typeof ROLE_DOES,
  shot?: string,
) {
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  const box = page.getByRole('region', { name: `Join ${companyName} as ${ROLE_NAMES[role]}` });
  await expect(box).toContainText(ROLE_DOES[role]);
  await expect(box).toContainText(
    'Log in with the email address the invitation was sent to. New here? Create your account with that address instead. Either way, you come back to this invitation to accept it.',
  );
  await expect(page.getByRole('link', { name: 'Create New Account' })).toHaveAttribute(
    'href',
    `/signup?callbackUrl=${encodeURIComponent(link)}`,
  );
  if (shot) await accessibleAtBothWidths(page, shot, SHOTS);
}

/** From the login page opened by the link, on to Sign Up, which shows the invitation too. */
async function onToSignUp(
  page: Page,
  link: string,
  companyName: string,
  role: keyof typeof ROLE_DOES,
  shot?: string,
) {
  await page.getByRole('link', { name: 'Create New Account' }).click();
  await expect(page).toHaveURL(`/signup?callbackUrl=${encodeURIComponent(link)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  const box = page.getByRole('region', { name: `Join ${companyName} as ${ROLE_NAMES[role]}` });
  await expect(box).toContainText(ROLE_DOES[role]);
  await expect(box).toContainText(
    'Sign up with the email address the invitation was sent to, or log in if you already have an account with it. Either way, you come back to this invitation to accept it.',
  );
  // Its link to Login keeps the way back too.
  await expect(page.getByRole('link', { name: 'Login', exact: true }).last()).toHaveAttribute(
    'href',
    `/login?callbackUrl=${encodeURIComponent(link)}`,
  );
  if (shot) await accessibleAtBothWidths(page, shot, SHOTS);
}

async function fillSignUp(page: Page, name: string, email: string, password: string) {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Back on the invitation, signed in: "Join <company> as <role>", then Accept. */
async function acceptBackOnInvitation(
  page: Page,
  link: string,
  companyName: string,
  role: keyof typeof ROLE_DOES,
  shot?: string,
) {
  await expect(page).toHaveURL(new RegExp(`${link.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Join ${companyName} as ${ROLE_NAMES[role]}` }),
  ).toBeVisible();
  await expect(page.getByText(ROLE_DOES[role])).toBeVisible();
  await expect(
    page.getByText(
      'When you accept, you become a member of the company at once and go on to its page.',
    ),
  ).toBeVisible();
  if (shot) await accessibleAtBothWidths(page, shot, SHOTS);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL('/dashboard/company');
  await expect(page.getByRole('heading', { level: 2, name: companyName })).toBeVisible();
  const label = { buyer: 'Buyer', approver: 'Approver', accounts: 'Accounts' }[role];
  await expect(page.getByTestId('my-role')).toHaveText(label);
}

test('signed out, the invitation shows on Login and Sign Up; signing up comes back to it, and it is accepted', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { page: owner, companyName } = await ownerOfCompany(browser);
  const email = freshEmail('invitee');
  const link = await withSmtpServer(SMTP_PORT, (inbox) =>
    mailedInvitation(owner, inbox, email, 'buyer'),
  );

  const page = await signedOutPage(browser);
  await openSignedOut(page, link, companyName, 'buyer', 'join signed out on login');
  await onToSignUp(page, link, companyName, 'buyer', 'join signed out on sign up');
  await fillSignUp(page, 'Ivy Invitee', email, 'secret-123');
  await acceptBackOnInvitation(page, link, companyName, 'buyer', 'join signed in');
});

test('signing in from the invitation comes back to it; a dead link says so before anyone signs in', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { page: owner, companyName } = await ownerOfCompany(browser);
  const invitee = await makeUser({ name: 'Ivan Invitee' });
  const link = await withSmtpServer(SMTP_PORT, (inbox) =>
    mailedInvitation(owner, inbox, invitee.email, 'buyer'),
  );

  const page = await signedOutPage(browser);
  await openSignedOut(page, link, companyName, 'buyer');
  await logIn(page, invitee.email, invitee.password);
  await acceptBackOnInvitation(page, link, companyName, 'buyer');

  // The same link, used now, opened signed out elsewhere: the refusal and what to do, no company.
  const other = await signedOutPage(browser);
  await other.goto(link);
  await expect(other).toHaveURL(/\/login\?/);
  await expect(
    other.getByText(
      'This invitation is invalid, expired or already used. Ask the company’s owner for a new one.',
    ),
  ).toBeVisible();
  await expect(other.getByText(companyName)).toHaveCount(0);
  await expect(other.getByRole('region', { name: /^Join / })).toHaveCount(0);
  await accessibleAtBothWidths(other, 'dead link signed out on login', SHOTS);
});

test('signing up with Google from the invitation comes back to it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { page: owner, companyName } = await ownerOfCompany(browser);
  const email = freshEmail('google');
  const link = await withSmtpServer(SMTP_PORT, (inbox) =>
    mailedInvitation(owner, inbox, email, 'accounts'),
  );

  const page = await signedOutPage(browser);
  await openSignedOut(page, link, companyName, 'accounts');
  await onToSignUp(page, link, companyName, 'accounts');
  await request.post(`http://127.0.0.1:${OIDC_PORT}/__identity`, {
    data: { email, name: 'Gale Google' },
  });
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await acceptBackOnInvitation(page, link, companyName, 'accounts', 'join signed in after google');
});

test('the verification mail of a sign-up from the invitation leads back to it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { page: owner, companyName } = await ownerOfCompany(browser);
  const email = freshEmail('verifies');
  const password = 'secret-456';
  const { link, verification } = await withSmtpServer(SMTP_PORT, async (inbox) => {
    const link = await mailedInvitation(owner, inbox, email, 'approver');
    // Signs up from the invitation, and leaves it there for now.
    const first = await signedOutPage(browser);
    await openSignedOut(first, link, companyName, 'approver');
    await onToSignUp(first, link, companyName, 'approver');
    await fillSignUp(first, 'Vera Verifies', email, password);
    await expect(
      first.getByRole('heading', {
        level: 1,
        name: `Join ${companyName} as an approver`,
      }),
    ).toBeVisible();
    await first.context().close();
    const mail = await inbox.waitFor(
      (message) =>
        recipients(message).includes(email) &&
        (message.subject ?? '').startsWith('Verify your email'),
      MAIL_WAIT_MS,
    );
    const found = /https?:\/\/\S+\/api\/verify-email\?\S+/.exec(mail.text ?? '');
    expect(found, mail.text).not.toBeNull();
    return { link, verification: new URL(found![0]) };
  });
  expect(verification.searchParams.get('callbackUrl')).toBe(link);

  // Later, signed out on another browser: the mail's link verifies the address and leads back to
  // the invitation, through Login.
  const page = await signedOutPage(browser);
  await page.goto(`${verification.pathname}${verification.search}`);
  await expect(page).toHaveURL(/\/login\?/);
  expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe(`${link}&verified=1`);
  await expect(
    page.getByRole('region', { name: `Join ${companyName} as an approver` }),
  ).toBeVisible();
  await logIn(page, email, password);
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you: your email is verified.' }),
  ).toBeVisible();
  await acceptBackOnInvitation(
    page,
    link,
    companyName,
    'approver',
    'join signed in after verifying',
  );
});
