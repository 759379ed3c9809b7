import { expect, test } from './support/fixtures';
import { signedInUser } from './support/auth';
import { closeTestDb } from './support/db';
import { APP_CLOUDINARY_PORT } from './stand-ins/ports.mjs';

test.afterAll(closeTestDb);

// The production server (scripts/serve.mjs, as `npm start` runs it) bounds the bodies of
// Auth.js's POST routes at 8 kB (e2e/auth-body-memory.spec.ts sends them 100 MB), and sign-in
// and sign-out still work through that bound on both instances.

test('sign-in and sign-out still work through the bound, on both instances', async ({ page }) => {
  await signedInUser(page);
  const session = await page.request.get('/api/auth/session');
  expect(((await session.json()) as { user?: { email?: string } }).user?.email).toBeTruthy();
  const csrf = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const out = await page.request.post('/api/auth/signout', {
    form: { csrfToken: csrf.csrfToken, callbackUrl: '/' },
    headers: { 'X-Auth-Return-Redirect': '1' },
  });
  expect(out.status()).toBe(200);
  expect(await (await page.request.get('/api/auth/session')).json()).toBeNull();
  // The second instance has its own origin (its own PORT) and serves Auth.js there.
  const other = await page.request.get(
    `http://127.0.0.1:${APP_CLOUDINARY_PORT}/api/auth/providers`,
  );
  const providers = (await other.json()) as Record<string, { signinUrl: string }>;
  expect(new URL(providers.credentials!.signinUrl).origin).toBe(
    `http://127.0.0.1:${APP_CLOUDINARY_PORT}`,
  );
});
