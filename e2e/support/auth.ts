import type { Browser, Page } from '@playwright/test';
import { makeUser, verifyEmail, type TestUser } from '../../test/support/factories';
import { installStripeJs } from './stripe-js';

/**
 * Signs the page's browser context in through Auth.js's credentials endpoint (what the login
 * form does), without going through the form. Tests of the form itself use the UI. `origin`
 * names another app instance (the one with Cloudinary); by default the page's own.
 */
export async function signIn(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
  origin = '',
): Promise<void> {
  const csrf = await page.request.get(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await page.request.post(`${origin}/api/auth/callback/credentials`, {
    form: { email: user.email, password: user.password, csrfToken, callbackUrl: '/' },
    headers: { 'X-Auth-Return-Redirect': '1' },
  });
  const body = (await response.json()) as { url?: string };
  if (!response.ok() || !body.url || body.url.includes('error=')) {
    throw new Error(
      `sign-in failed for ${user.email}: ${response.status()} ${JSON.stringify(body)}`,
    );
  }
}

/** A new user of the given role, signed in on the page. */
export async function signedInUser(page: Page, role: 'admin' | 'user' = 'user'): Promise<TestUser> {
  const user = await makeUser({ role });
  await signIn(page, user);
  return user;
}

/**
 * A buyer signed in in a browser context of their own (beside the test's page, which may be an
 * admin's), and their page; with `stripe`, the context has the Stripe.js stand-in.
 */
export async function buyerSession(
  browser: Browser,
  { stripe = false } = {},
): Promise<{ page: Page; buyer: TestUser }> {
  const context = await browser.newContext();
  if (stripe) await installStripeJs(context);
  const page = await context.newPage();
  const buyer = await signedInUser(page);
  return { page, buyer };
}

/**
 * A person with a verified email and a name, signed in in a browser context of their own (so
 * that several people act side by side in one test).
 */
export async function verifiedSession(
  browser: Browser,
  name: string,
  role: 'admin' | 'user' = 'user',
): Promise<{ page: Page; user: TestUser }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await makeUser({ name, role });
  await verifyEmail(user);
  await signIn(page, user);
  return { page, user };
}
