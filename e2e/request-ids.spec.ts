import { expect, test } from './support/fixtures';

/**
 * Every response of the production server carries `X-Request-Id` (scripts/serve.mjs): the one
 * the request came with when it is a sane token, else a new UUID. Pages, their scripts and
 * stylesheets, route handlers, public files, redirects and 404s alike.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('a page and everything it loads from the store carry a request id of their own', async ({
  page,
  baseURL,
}) => {
  const seen = new Map<string, string | undefined>();
  page.on('response', (response) => {
    if (response.url().startsWith(baseURL!)) {
      seen.set(new URL(response.url()).pathname, response.headers()['x-request-id']);
    }
  });
  const home = await page.goto('/');
  expect(home!.status()).toBe(200);
  await page.waitForLoadState('networkidle');

  const homeId = home!.headers()['x-request-id'];
  expect(homeId).toMatch(UUID);
  const assets = [...seen.keys()].filter((path) => path.startsWith('/_next/static/'));
  expect(assets.length).toBeGreaterThan(0);
  for (const [path, id] of seen) expect(id, path).toMatch(UUID);
  // One id per request.
  expect(new Set(seen.values()).size).toBe(seen.size);
});

test('route handlers, public files, redirects and unknown paths carry one, and a sane incoming id is echoed', async ({
  request,
}) => {
  for (const path of [
    '/api/product',
    '/api/health/live',
    '/api/health/ready',
    '/images/hero.webp',
    '/quick-order-sample.csv',
    '/dashboard/myorder',
    '/no-such-page',
    '/api/no-such-route',
  ]) {
    const fresh = await request.get(path, { maxRedirects: 0 });
    expect(fresh.headers()['x-request-id'], path).toMatch(UUID);

    const echoed = await request.get(path, {
      maxRedirects: 0,
      headers: { 'X-Request-Id': 'e2e-trace.0042_abc' },
    });
    expect(echoed.headers()['x-request-id'], path).toBe('e2e-trace.0042_abc');
    expect(echoed.status(), path).toBe(fresh.status());
  }

  // Anything but a token of letters, digits, dots, underscores and hyphens is replaced.
  for (const forged of ['two words', 'x'.repeat(129), '"quoted"']) {
    const res = await request.get('/api/health/live', { headers: { 'X-Request-Id': forged } });
    expect(res.headers()['x-request-id']).toMatch(UUID);
  }
});

test('the health probes answer over HTTP, never cached', async ({ request }) => {
  const live = await request.get('/api/health/live');
  expect(live.status()).toBe(200);
  expect(live.headers()['cache-control']).toBe('no-store');
  expect(await live.json()).toEqual({ status: 'ok' });

  const ready = await request.get('/api/health/ready');
  expect(ready.status()).toBe(200);
  expect(ready.headers()['cache-control']).toBe('no-store');
  expect(await ready.json()).toEqual({ status: 'ok' });

  // Off without METRICS_TOKEN: the 404 of an unknown /api path.
  const metrics = await request.get('/api/metrics');
  expect(metrics.status()).toBe(404);
});
