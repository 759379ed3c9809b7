import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * The API reference at /api/docs: Scalar renders /api/openapi.json in the browser from a
 * bundle served by the store itself, so the page works offline and under a strict
 * Content-Security-Policy. The browser resolves no host but 127.0.0.1 (playwright.config.ts),
 * and every request the page makes is recorded to show that none was even tried elsewhere.
 */

/** Every URL the page asks for (http and https only: data: and blob: stay in the page). */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (/^https?:/.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/** The reference shows operations of the document in its sidebar, tag by tag. */
async function expectReferenceShown(page: Page) {
  await expect(page).toHaveTitle(/API reference$/);
  const sidebar = page.getByRole('complementary', { name: /^Sidebar for / });
  // The first tag is open: the catalogue's operations, from the document's summaries. The
  // script is large (about 4 MB), so a busy machine may take a while to run it.
  await expect(sidebar.getByRole('link', { name: /^One page of the catalogue/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(sidebar.getByRole('link', { name: /^One product/ })).toBeVisible();
  await sidebar.getByRole('button', { name: 'Open Group - Orders' }).click();
  await expect(sidebar.getByRole('link', { name: /^Place an order/ })).toBeVisible();
  await sidebar.getByRole('link', { name: /^Place an order/ }).click();
  await expect(page.getByRole('heading', { name: 'Place an order' })).toBeVisible();
}

test('the API reference lists the routes, loading nothing from another host', async ({ page }) => {
  test.setTimeout(120_000);
  const urls = recordRequests(page);
  await page.goto('/api/docs');
  await expectReferenceShown(page);

  // Its request client sends to this origin too.
  await page.getByRole('link', { name: /^One page of the catalogue/ }).click();
  await page
    .getByRole('button', { name: /Test Request/ })
    .first()
    .click();
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/product',
  );
  await page.getByRole('button', { name: /^Send get request to / }).click();
  expect((await answered).status()).toBe(200);

  const hosts = new Set(urls.map((url) => new URL(url).host));
  expect([...hosts]).toEqual([new URL(page.url()).host]);
  expect(urls.map((url) => new URL(url).pathname)).toEqual(
    expect.arrayContaining([
      '/api/docs',
      '/api/docs/scalar.js',
      '/api/openapi.json',
      '/api/product',
    ]),
  );
});

test('the API reference works under the store’s Content-Security-Policy', async ({ page }) => {
  test.setTimeout(120_000);
  const urls = recordRequests(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  // The page carries the store's own policy (lib/security/headers.mjs: scripts and connections
  // to this origin and Stripe only, no eval), which the fixture checks on every response.
  const response = await page.request.get('/api/docs');
  expect(response.headers()['content-security-policy']).toMatch(/script-src 'self'/);
  expect(response.headers()['content-security-policy']).not.toContain('unsafe-eval');
  await page.goto('/api/docs');
  await expectReferenceShown(page);

  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
  expect(urls.every((url) => new URL(url).host === new URL(page.url()).host)).toBe(true);
});
