import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/axe';
import { makeUser, type TestUser } from '../test/support/factories';
import { signIn } from './support/auth';
import { closeTestDb } from './support/db';

test.afterAll(closeTestDb);

/**
 * Ending sessions in the browser: Sign Out ends the session on the server too (a copy of its
 * cookie in another browser is signed out with it), and My Profile's "Sign out everywhere"
 * ends every session of the account, this one included, and lands on the login page.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Another browser signed in as the same person (another device). */
async function anotherDevice(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** Whether this browser still reaches My Profile, or is sent to the login page. */
async function reachesMyProfile(page: Page): Promise<boolean> {
  await page.goto('/dashboard');
  return new URL(page.url()).pathname === '/dashboard';
}

test('Sign Out also signs out a copy of the session cookie in another browser', async ({
  page,
  browser,
}) => {
  const user = await makeUser();
  await signIn(page, user);
  expect(await reachesMyProfile(page)).toBe(true);

  // Someone copies the session cookie into a browser of their own.
  const copy = await browser.newContext();
  await copy.addCookies(await page.context().cookies());
  const thief = await copy.newPage();
  expect(await reachesMyProfile(thief)).toBe(true);

  await nav(page).getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(nav(page).getByRole('link', { name: 'Login' }).first()).toBeVisible();

  expect(await reachesMyProfile(thief)).toBe(false);
  await expect(thief).toHaveURL(/\/login\?callbackUrl=%2Fdashboard$/);
  const api = await thief.request.get(`/api/userdetail/${encodeURIComponent(user.email)}`);
  expect(api.status()).toBe(401);
  await copy.close();
});

test('"Sign out everywhere" on My Profile ends every session and lands on the login page', async ({
  page,
  browser,
}) => {
  const user = await makeUser();
  await signIn(page, user);
  const phone = await anotherDevice(browser, user);
  expect(await reachesMyProfile(phone)).toBe(true);

  await page.goto('/dashboard');
  const button = page.getByRole('button', { name: 'Sign out everywhere' });
  await expect(button).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, 'My Profile');

  // Cancelling changes nothing.
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'the "Sign out everywhere" dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await reachesMyProfile(phone)).toBe(true);

  // Confirmed, by keyboard: every session ends, this one included.
  await button.focus();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL('/login');
  await expect(nav(page).getByRole('link', { name: 'Login' }).first()).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
  expect(await reachesMyProfile(page)).toBe(false);
  expect(await reachesMyProfile(phone)).toBe(false);

  // Logging in again works.
  await signIn(page, user);
  expect(await reachesMyProfile(page)).toBe(true);
  await phone.context().close();
});
