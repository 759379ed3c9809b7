import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { expect, test } from './support/fixtures';
import { makeProduct } from '../test/support/factories';
import { STORE_ORIGIN } from './support/api';
import { signedInUser } from './support/auth';
import { closeTestDb, testDb } from './support/db';
import { APP_CLOUDINARY_PORT } from './stand-ins/ports.mjs';

test.afterAll(closeTestDb);

/** The store's second instance: another origin on the same host, so the same site. */
const OTHER_ORIGIN = `http://127.0.0.1:${APP_CLOUDINARY_PORT}`;

test('a page of another origin cannot place an order with the buyer’s cookie; the store’s own page can', async ({
  browser,
}) => {
  // The attacking page is served without its Content-Security-Policy (an attacker's own site
  // has none), so its request reaches the store, which must refuse it by its Origin.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  const product = await makeProduct({
    name: `Cross-site Washer ${randomBytes(3).toString('hex')}`,
    availableQuantity: 5_000,
    createdAt: new Date(Date.UTC(2000, 0, 1)),
  });
  const buyer = await signedInUser(page, 'user');
  const orders = (await testDb()).collection('orders');
  const placed = () => orders.countDocuments({ userId: new ObjectId(buyer.id) });
  const order = JSON.stringify({
    productId: product._id,
    quantity: 500,
    address: '1 Mill Lane, Leeds',
    phone: '441130000000',
  });

  // A form-like POST from another origin's page: no preflight (text/plain), cookies attached
  // (same site: SameSite=Lax does not stop it). Only the Origin check stands in its way.
  await page.goto(`${OTHER_ORIGIN}/contactus`);
  const outcome = await page.evaluate(
    async ({ target, body }) => {
      try {
        const response = await fetch(target, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          headers: { 'Content-Type': 'text/plain' },
          body,
        });
        return response.type;
      } catch (error) {
        return String(error);
      }
    },
    { target: `${STORE_ORIGIN}/api/order`, body: order },
  );
  expect(outcome).toBe('opaque');
  expect(await placed()).toBe(0);

  // The same call from the store's own page goes through.
  await page.goto(`${STORE_ORIGIN}/contactus`);
  const status = await page.evaluate(
    async ({ body }) =>
      (
        await fetch('/api/order', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        })
      ).status,
    { body: order },
  );
  expect(status).toBe(201);
  expect(await placed()).toBe(1);
  await context.close();
});

test('the server appends the peer to X-Forwarded-For: forged entries do not escape a per-IP limit', async ({
  request,
}) => {
  // The e2e server runs with TRUSTED_PROXY_HOPS=1: the client is the entry just left of the
  // peer the server appends. Sign-up allows 10 requests per client address an hour.
  const client = `192.0.2.${1 + (Date.now() % 250)}`;
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const response = await request.post('/api/signup', {
      data: {
        name: 'Edge Tester',
        email: `edge_${i}_${randomBytes(3).toString('hex')}@example.com`,
        password: 'a-Long-passw0rd',
      },
      headers: { 'x-forwarded-for': `10.99.${i}.1, ${client}` },
    });
    statuses.push(response.status());
  }
  expect(statuses).toEqual([...Array<number>(10).fill(201), 429]);
});

test('the production server bounds JSON bodies and answers the health check', async ({
  request,
}) => {
  const tooLarge = await request.post('/api/contact', {
    headers: { 'Content-Type': 'application/json' },
    data: `{"message":"${'x'.repeat(64 * 1024)}"}`,
  });
  expect(tooLarge.status()).toBe(413);
  expect(((await tooLarge.json()) as { error: { code: string } }).error.code).toBe(
    'payload_too_large',
  );

  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(health.headers()['cache-control']).toBe('no-store');
  expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
});
