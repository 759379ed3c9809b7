import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { freshEmail, makeUser } from '../test/support/factories';
import { signIn } from './support/auth';
import { closeTestDb, testDb } from './support/db';
import { recipients, withSmtpServer } from '../test/support/smtp';
import { OIDC_PORT, SMTP_PORT } from './stand-ins/ports.mjs';

test.afterAll(closeTestDb);

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const accessToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('accessToken'));

async function loginWithForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('sign-up lands on /home signed in, with Sign Out and an access token', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Nia Newcomer');
  const email = freshEmail('newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret-123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL('/home');
  await expect(nav(page).getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Dashboard' }).first()).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expect(nav(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect.poll(() => accessToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const user = await (await testDb()).collection('users').findOne({ email });
  expect(user?.name).toBe('Nia Newcomer');
});

test('sign-up shows each validation message and a duplicate email in red', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Name is Required')).toBeVisible();
  await expect(page.getByText('Email is Required')).toBeVisible();
  await expect(page.getByText('Password is Required')).toBeVisible();

  // A real business address (first.last@example.com) is valid; an address without a domain is not.
  await page.getByLabel('Email').fill('vera@example');
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Provide a valid Email')).toBeVisible();
  await expect(page.getByText('Must be 6 characters to longer')).toBeVisible();

  const existing = await makeUser();
  await page.getByLabel('Name').fill('Copy Cat');
  await page.getByLabel('Email').fill(existing.email);
  await page.getByLabel('Password').fill('secret-123');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'already exists' });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveClass(/text-red-600/);
  await expect(page.getByRole('link', { name: 'Login' }).last()).toHaveAttribute('href', '/login');
});

test('login shows validation messages, and a wrong password in red text', async ({ page }) => {
  const user = await makeUser();
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Create New Account' })).toHaveAttribute(
    'href',
    '/signup',
  );
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is Required')).toBeVisible();
  await expect(page.getByText('Password is Required')).toBeVisible();
  await loginWithForm(page, user.email, 'wrong-password');
  const alert = page.getByRole('alert').filter({ hasText: 'Wrong email or password.' });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveClass(/text-red-600/);
  await expect(page).toHaveURL(/\/login/);
});

test('a protected page sends a visitor to /login and back after login', async ({ page }) => {
  const user = await makeUser();
  await page.goto('/dashboard/order');
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Forder/);
  await loginWithForm(page, user.email, user.password);
  await expect(page).toHaveURL('/dashboard/order');
  await expect.poll(() => accessToken(page)).toBeTruthy();

  // Signed in, /login and /signup send the person on.
  await page.goto('/login');
  await expect(page).toHaveURL('/');
  await page.goto('/signup');
  await expect(page).toHaveURL('/');
});

test('a product page needs login and returns to the product', async ({ page }) => {
  const user = await makeUser();
  const product = await (
    await testDb()
  )
    .collection('products')
    .findOne({ name: /^Spur Gear, Module 2/ });
  const path = `/product/${product!._id.toHexString()}`;
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?callbackUrl=/);
  await loginWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product!.name);
});

for (const path of [
  '/dashboard/users',
  '/dashboard/addaproduct',
  '/dashboard/manageproduct',
  '/dashboard/manageorder',
]) {
  test(`a non-admin is sent away from ${path}`, async ({ page }) => {
    await signIn(page, await makeUser());
    await page.goto(path);
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByText('That page is for admins.')).toBeVisible();
  });
}

test('the sidebar follows the role', async ({ page }) => {
  await signIn(page, await makeUser());
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  // The spec's three entries, then the business pages (Quick Order, Order List, Quotes).
  await expect(sidebar.getByRole('link')).toHaveText([
    'My Profile',
    'My Reviews',
    'My Orders',
    'Quick Order',
    'Order List',
    'Quotes',
  ]);
  await expect(sidebar.getByRole('link', { name: 'My Reviews' })).toHaveAttribute(
    'href',
    '/dashboard/review',
  );
});

test('forgot password with an empty email asks for it', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Reset password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Please enter your email address');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('the full password reset flow, with the mail read from an SMTP server', async ({ page }) => {
  const user = await makeUser();
  await withSmtpServer(SMTP_PORT, async (inbox) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Reset password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sent email' });
    await expect(dialog).toContainText('Please check your email');
    await dialog.getByRole('button', { name: 'OK' }).click();

    const mail = await inbox.waitFor((message) => recipients(message).includes(user.email));
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
  });
  await page.getByLabel('New password').fill('12');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Must be 6 characters to longer')).toBeVisible();
  await page.getByLabel('New password').fill('fresh-password-1');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL('/login?reset=1');
  await expect(page.getByText('Your password was changed.')).toBeVisible();
  await loginWithForm(page, user.email, 'fresh-password-1');
  await expect(page).toHaveURL('/');
  await expect(nav(page).getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
});

test('Google sign-in through the OpenID Connect stand-in', async ({ page, request }) => {
  const email = freshEmail('google');
  await request.post(`http://127.0.0.1:${OIDC_PORT}/__identity`, {
    data: { email, name: 'Grace Google' },
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL('/');
  await expect(nav(page).getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
  await expect.poll(() => accessToken(page)).toBeTruthy();
  await page.goto('/dashboard');
  await expect(page.getByLabel('Name')).toHaveValue('Grace Google');
  await expect(page.getByLabel('Email')).toHaveValue(email);
});

test('a Google account does not take over a verified password account with the same email', async ({
  page,
  request,
}) => {
  const existing = await makeUser({ verified: true });
  await request.post(`http://127.0.0.1:${OIDC_PORT}/__identity`, {
    data: { email: existing.email, name: 'Impostor' },
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/login\?.*error=OAuthAccountNotLinked/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'already exists with a password' }),
  ).toBeVisible();
  expect(await (await testDb()).collection('users').countDocuments({ email: existing.email })).toBe(
    1,
  );
  const user = await (await testDb()).collection('users').findOne({ email: existing.email });
  expect(await (await testDb()).collection('accounts').countDocuments({ userId: user!._id })).toBe(
    0,
  );
});

test('Google sign-in takes over an unverified password account with the same email', async ({
  page,
  browser,
  request,
}) => {
  const squatter = await makeUser({ name: 'Early Registrant' });
  // Whoever registered the address first is signed in elsewhere.
  const elsewhere = await browser.newContext();
  const oldSession = await elsewhere.newPage();
  await signIn(oldSession, squatter);
  await oldSession.goto('/dashboard');
  await expect(oldSession.getByText('Email not verified')).toBeVisible();

  await request.post(`http://127.0.0.1:${OIDC_PORT}/__identity`, {
    data: { email: squatter.email, name: 'Rightful Owner' },
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL('/');
  await expect(nav(page).getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByLabel('Email')).toHaveValue(squatter.email);
  await expect(page.getByText('Email verified', { exact: true })).toBeVisible();

  const db = await testDb();
  const users = await db.collection('users').find({ email: squatter.email }).toArray();
  expect(users).toHaveLength(1);
  expect(users[0]!.passwordHash).toBeUndefined();
  expect(await db.collection('accounts').countDocuments({ userId: users[0]!._id })).toBe(1);

  // Every session of the old account has ended, and its password no longer works.
  await oldSession.goto('/dashboard');
  await expect(oldSession).toHaveURL(/\/login\?callbackUrl=/);
  await loginWithForm(oldSession, squatter.email, squatter.password);
  await expect(
    oldSession.getByRole('alert').filter({ hasText: 'Wrong email or password.' }),
  ).toBeVisible();
  await elsewhere.close();
});

test('sign-up mails a verification link; opening it verifies the email on My Profile', async ({
  page,
}) => {
  const email = freshEmail('verify');
  await withSmtpServer(SMTP_PORT, async (inbox) => {
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Vera Verified');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('secret-123');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/home');

    await page.goto('/dashboard');
    await expect(page.getByText('Email not verified')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send again' })).toBeVisible();

    const mail = await inbox.waitFor((message) => recipients(message).includes(email));
    const link = /https?:\/\/\S+\/api\/verify-email\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeTruthy();
    expect(new URL(link!).origin).toBe(new URL(page.url()).origin);
    await page.goto(link!);
  });
  await expect(page).toHaveURL('/dashboard?verified=1');
  await expect(
    page.getByRole('status').filter({ hasText: 'your email is verified' }),
  ).toBeVisible();
  await expect(page.getByText('Email verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send again' })).toHaveCount(0);
});

test('My Profile saves and shows the values again on the next visit', async ({ page }) => {
  const user = await makeUser({ name: 'Pat Profile' });
  await signIn(page, user);
  await page.goto('/dashboard');
  await expect(page.getByLabel('Name')).toHaveValue('Pat Profile');
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Education is Required')).toBeVisible();
  await page.getByLabel('Education').fill('MSc Materials Science');
  await page.getByLabel('Location').fill('Sheffield, UK');
  await page.getByLabel('Link').fill('https://example.com/pat');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Profile update successfull' }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Education')).toHaveValue('MSc Materials Science');
  await expect(page.getByLabel('Location')).toHaveValue('Sheffield, UK');
  await expect(page.getByLabel('Link')).toHaveValue('https://example.com/pat');
});

test('Make admin changes the other user’s sidebar on their next page load', async ({
  page,
  browser,
}) => {
  const admin = await makeUser({ role: 'admin' });
  const buyer = await makeUser();
  const buyerContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.251' },
  });
  const buyerPage = await buyerContext.newPage();
  await signIn(buyerPage, buyer);
  await buyerPage.goto('/dashboard');
  const buyerSidebar = buyerPage.getByRole('navigation', { name: 'Dashboard' });
  await expect(buyerSidebar.getByRole('link', { name: 'My Orders' })).toBeVisible();

  await signIn(page, admin);
  await page.goto('/dashboard/users');
  await expect(page.getByRole('heading', { name: 'Make Admin' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: buyer.email });
  await row.getByRole('button', { name: `Make admin: ${buyer.email}` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Admin made in successfully' }),
  ).toBeVisible();
  await expect(row.getByRole('button', { name: /Make admin/ })).toHaveCount(0);
  // An admin's own row has no Make admin button either.
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: admin.email })
      .getByRole('button', { name: /Make admin/ }),
  ).toHaveCount(0);

  await buyerPage.reload();
  await expect(buyerSidebar.getByRole('link')).toHaveText([
    'My Profile',
    'Make Admin',
    'Add Product',
    'Manage Products',
    'Manage Orders',
    'Companies',
    'Price lists',
    'Invoices',
    'Quotes',
  ]);
  await buyerPage.goto('/dashboard/users');
  await expect(buyerPage).toHaveURL('/dashboard/users');
  await buyerContext.close();
});

test('Remove User removes after confirmation, never yourself', async ({ page }) => {
  const admin = await makeUser({ role: 'admin' });
  const doomed = await makeUser();
  await signIn(page, admin);
  await page.goto('/dashboard/users');
  await expect(page.getByRole('button', { name: `Remove User: ${admin.email}` })).toBeDisabled();

  await page.getByRole('button', { name: `Remove User: ${doomed.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove ${doomed.email}?` });
  await expect(dialog).toContainText('you will not be able to recover');
  await expect(dialog).toContainText('they leave their company');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row').filter({ hasText: doomed.email })).toHaveCount(1);

  await page.getByRole('button', { name: `Remove User: ${doomed.email}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${doomed.email}?` })
    .getByRole('button', { name: 'Remove User' })
    .click();
  await expect(page.getByRole('row').filter({ hasText: doomed.email })).toHaveCount(0);
  expect(await (await testDb()).collection('users').findOne({ email: doomed.email })).toBeNull();
});

test('Remove admin takes the role away after confirmation; the demoted admin loses the admin pages at once', async ({
  page,
  browser,
}) => {
  const admin = await makeUser({ role: 'admin' });
  const other = await makeUser({ role: 'admin' });
  const otherContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.252' },
  });
  const otherPage = await otherContext.newPage();
  await signIn(otherPage, other);
  await otherPage.goto('/dashboard/users');
  await expect(otherPage.getByRole('heading', { name: 'Make Admin' })).toBeVisible();

  await signIn(page, admin);
  await page.goto('/dashboard/users');
  const row = page.getByRole('row').filter({ hasText: other.email });
  await expect(row.getByRole('button', { name: /Make admin/ })).toHaveCount(0);
  await row.getByRole('button', { name: `Remove admin: ${other.email}` }).click();
  const dialog = page.getByRole('dialog', { name: `Remove admin: ${other.email}?` });
  await expect(dialog).toContainText('will no longer be an admin');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await (await testDb()).collection('users').findOne({ email: other.email })).toMatchObject({
    role: 'admin',
  });

  await row.getByRole('button', { name: `Remove admin: ${other.email}` }).click();
  await page
    .getByRole('dialog', { name: `Remove admin: ${other.email}?` })
    .getByRole('button', { name: 'Remove admin' })
    .click();
  await expect(
    page.getByRole('status').filter({ hasText: `${other.email} is no longer an admin.` }),
  ).toBeVisible();
  await expect(row.getByRole('button', { name: `Make admin: ${other.email}` })).toBeVisible();
  await expect(row.getByRole('button', { name: /Remove admin/ })).toHaveCount(0);
  expect(await (await testDb()).collection('users').findOne({ email: other.email })).toMatchObject({
    role: 'user',
  });

  // The demoted admin is still signed in, as a buyer: the admin page sends them away.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(
    /\/login\?callbackUrl=%2Fdashboard%2Fusers&error=AdminRequired/,
  );
  await otherPage.goto('/dashboard');
  await expect(
    otherPage
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'My Orders' }),
  ).toBeVisible();
  await otherContext.close();
});

test('Sign Out ends the session and clears the access token', async ({ page }) => {
  const user = await makeUser();
  await page.goto('/login');
  await loginWithForm(page, user.email, user.password);
  await expect(page).toHaveURL('/');
  await expect.poll(() => accessToken(page)).toBeTruthy();
  await nav(page).getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(nav(page).getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(await accessToken(page)).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('Login from the navigation bar comes back to the page the person was on', async ({ page }) => {
  const user = await makeUser();
  await page.goto('/blogs');
  await nav(page).getByRole('link', { name: 'Login' }).first().click();
  await expect(page).toHaveURL('/login?callbackUrl=%2Fblogs');
  await loginWithForm(page, user.email, user.password);
  await expect(page).toHaveURL('/blogs');
});

test('on a small screen the dashboard sidebar opens with its toggle', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, await makeUser());
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Open dashboard menu' }).click();
  await expect(sidebar.getByRole('link', { name: 'My Orders' })).toBeVisible();
  await sidebar.getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL('/dashboard/order');
  await expect(sidebar).toBeHidden();
});
