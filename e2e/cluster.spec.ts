import { Writable } from 'node:stream';
import { ObjectId } from 'mongodb';
import { expect, test } from './support/fixtures';
import { closeTestDb, testDb } from './support/db';
import { createActor } from '../test/support/users';
import { stripeFaultSwitch } from '../test/support/stripe';
import { startCluster } from '../scripts/lib/cluster.mjs';
import { PUBLISHABLE_KEY, SECRET_KEY, WEBHOOK_SECRET } from './stand-ins/stripe.mjs';
import { APP_PORT, SMTP_PORT, STRIPE_PORT } from './stand-ins/ports.mjs';

/**
 * The store on several machines, proved on this one (issue 27): two more production servers of
 * the end-to-end build (ports APP_PORT + 40 and + 41) on the run's MongoDB, sharing a real
 * Redis (`redis-server`) as Next.js's cache. An admin's change on instance A reaches instance
 * B's cached pages on the next request; each background job runs once between the instances
 * (one lease per job, its schedule shared through it); an instance killed in the middle of a job
 * leaves its lease to run out, then the other takes the job over; the other instance answers
 * while the killed one restarts.
 */

test.describe.configure({ mode: 'serial' });
test.afterAll(closeTestDb);

const CRON_SECRET = 'cluster-cron-secret-0123456789abcdef';
const STRIPE_URL = `http://127.0.0.1:${STRIPE_PORT}`;

let cluster: Awaited<ReturnType<typeof startCluster>>;
let serverLog = '';
/** Each job's run count before the cluster started. */
let runsBefore: Map<string, number>;

const jobLeases = async () =>
  (await testDb()).collection<{
    _id: string;
    holder: string | null;
    until: Date;
    runs?: number;
    lastFinishedAt?: Date;
  }>('jobLeases');

test.beforeAll(async () => {
  test.setTimeout(180_000);
  runsBefore = new Map(
    (await (await jobLeases()).find().toArray()).map((lease) => [lease._id, lease.runs ?? 0]),
  );
  cluster = await startCluster({
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      MONGODB_URI: '',
      ADMIN_EMAILS: '',
      AUTH_URL: '',
      TRUSTED_PROXY_HOPS: '1',
      // The run's embedded database on this one machine, on loopback: the local demo's set-up
      // (as scripts/e2e-server.mjs says it to the production profile).
      EMBEDDED_DB_IN_PRODUCTION: 'true',
      LOCAL_DEMO: 'true',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      STRIPE_SECRET_KEY: SECRET_KEY,
      NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: STRIPE_URL,
      STRIPE_TIMEOUT_MS: '5000',
      CRON_SECRET,
    },
    distDir: process.env.NEXT_DIST_DIR || '.next-e2e',
    basePort: APP_PORT + 40,
    redisPort: APP_PORT + 45,
    log: new Writable({
      write(chunk, _encoding, done) {
        serverLog += chunk.toString();
        done();
      },
    }),
  });
});

test.afterAll(async () => {
  await cluster?.stop();
});

const [a, b] = [() => cluster.instances[0]!, () => cluster.instances[1]!];

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return response.text();
}

test('an admin’s change on instance A shows on instance B’s cached pages at the next request', async () => {
  // A product of the home page without volume prices (the newest ones are on it).
  const product = await (
    await testDb()
  )
    .collection('products')
    .find({ 'priceTiers.0': { $exists: false }, orderMultiple: { $in: [1, null] } })
    .sort({ createdAt: -1, _id: -1 })
    .limit(1)
    .next();
  expect(product).not.toBeNull();
  const id = product!._id.toHexString();
  // B has its pages cached (in Redis) before the change.
  await text(`${b().url}/`);
  await text(`${b().url}/products`);
  expect(await text(`${b().url}/`)).toContain(product!.name);

  const admin = await createActor('admin');
  const minimum = Math.max(500, product!.minimumOrderQuantity);
  const base = product!.priceCents / 100;
  const tiers = [
    { minQuantity: minimum, price: base },
    { minQuantity: minimum * 10, price: 0.37 },
  ];
  const change = await fetch(`${a().url}/api/product/${id}`, {
    method: 'PATCH',
    headers: { ...admin.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ priceTiers: tiers }),
  });
  expect(change.status, await change.clone().text()).toBe(200);
  try {
    // The very next request on B: its home page and /products show the new volume price.
    expect(await text(`${b().url}/`)).toContain('$0.37');
    expect(await text(`${b().url}/products`)).toContain('$0.37');
  } finally {
    // Put it back (through B this time): A's next page shows it gone again.
    const back = await fetch(`${b().url}/api/product/${id}`, {
      method: 'PATCH',
      headers: { ...admin.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ priceTiers: [] }),
    });
    expect(back.status).toBe(200);
  }
  expect(await text(`${a().url}/`)).not.toContain('$0.37');
});

test('each background job runs once between the instances: one lease, one schedule', async () => {
  test.setTimeout(90_000);
  // Both runners tick at start and every 5 s since: wait for two more ticks.
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const leases = await (await jobLeases()).find().toArray();
  expect(leases.map((lease) => lease._id).sort()).toEqual(
    [
      'billing.invoices',
      'billing.overdue',
      'images.orphans',
      'orders.expiry',
      'outbox.retry',
    ].sort(),
  );
  // Within a minute (every job's interval or more), four runners in all (the run's two servers
  // and the cluster's two) ran each job at most once between them.
  const readAt = new Date();
  for (const lease of leases) {
    const ran = (lease.runs ?? 0) - (runsBefore.get(lease._id) ?? 0);
    expect(ran, `${lease._id} ran ${ran} times`).toBeLessThanOrEqual(1);
  }
  // A run may be under way as the leases are read: its holder gives the lease back when it ends
  // (a lease left held, or renewed past its run, would hold the job up everywhere).
  for (const lease of leases.filter((lease) => lease.holder !== null)) {
    await expect
      .poll(
        async () => {
          const now = await (await jobLeases()).findOne({ _id: lease._id });
          return now?.holder === null || (now?.lastFinishedAt ?? new Date(0)) >= readAt;
        },
        { message: `${lease._id} given back after its run`, timeout: 30_000 },
      )
      .toBe(true);
  }
});

test('an instance killed in the middle of a job leaves its lease to run out; the other takes over and keeps answering', async () => {
  test.setTimeout(120_000);
  const db = await testDb();
  const faults = stripeFaultSwitch(STRIPE_URL);
  // An unpaid order with its card payment started at Stripe, past its deadline.
  const buyer = await createActor('user');
  await db
    .collection('users')
    .updateOne({ _id: new ObjectId(buyer.user.id) }, { $set: { emailVerified: new Date() } });
  const product = await db
    .collection('products')
    .find({
      availableQuantity: { $gte: 5_000 },
      minimumOrderQuantity: { $lte: 1_000 },
      orderMultiple: { $in: [1, null] },
    })
    .sort({ createdAt: -1 })
    .limit(1)
    .next();
  const placed = await fetch(`${a().url}/api/order`, {
    method: 'POST',
    headers: { ...buyer.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      productId: product!._id.toHexString(),
      quantity: Math.max(500, product!.minimumOrderQuantity),
      address: '7 Forge Street, Leeds',
      phone: '01132345678',
    }),
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const orderId = ((await placed.json()) as { insertedId: string }).insertedId;
  const intent = await fetch(`${a().url}/api/create-payment-intent`, {
    method: 'POST',
    headers: { ...buyer.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({ orderId, price: 1 }),
  });
  expect(intent.status, await intent.clone().text()).toBe(200);
  const stockBefore = (await db.collection('products').findOne({ _id: product!._id }))!
    .availableQuantity as number;
  await db
    .collection('orders')
    .updateOne(
      { _id: new ObjectId(orderId) },
      { $set: { expiresAt: new Date(Date.now() - 60_000) } },
    );

  // Stripe stops answering about this order: A's expiry hangs in the middle, holding the lease.
  await faults.fail({ mode: 'hang', orderId });
  const leases = await jobLeases();
  await leases.updateOne({ _id: 'orders.expiry' }, { $set: { holder: null, until: new Date(0) } });
  const onA = fetch(`${a().url}/api/cron/orders.expiry`, {
    headers: { Authorization: `Bearer ${CRON_SECRET}` },
  }).catch(() => null);
  await expect
    .poll(async () => (await leases.findOne({ _id: 'orders.expiry' }))?.holder ?? '', {
      timeout: 15_000,
    })
    .toMatch(new RegExp(`^${a().pid}-`));
  await a().kill('SIGKILL');
  await onA;

  // B answers all along, and refuses the job while the dead instance's lease runs.
  expect((await fetch(`${b().url}/api/health/live`)).status).toBe(200);
  expect(await text(`${b().url}/`)).toContain('</html>');
  const cron = (instance: { url: string }) =>
    fetch(`${instance.url}/api/cron/orders.expiry`, {
      headers: { Authorization: `Bearer ${CRON_SECRET}` },
    }).then(async (response) => ({ status: response.status, body: await response.json() }));
  expect(await cron(b())).toEqual({
    status: 200,
    body: { job: 'orders.expiry', outcome: 'busy' },
  });
  expect((await db.collection('orders').findOne({ _id: new ObjectId(orderId) }))!.status).toBe(
    'unpaid',
  );

  // The lease (JOB_LEASE_SECONDS, no longer renewed by the dead instance) runs out: moved to its
  // end rather than waited for.
  await leases.updateOne({ _id: 'orders.expiry' }, { $set: { until: new Date(Date.now() - 1) } });
  await faults.clear();
  expect(await cron(b())).toEqual({ status: 200, body: { job: 'orders.expiry', outcome: 'ran' } });
  const order = await db.collection('orders').findOne({ _id: new ObjectId(orderId) });
  expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
  expect((await db.collection('products').findOne({ _id: product!._id }))!.availableQuantity).toBe(
    stockBefore + (order!.quantity as number),
  );

  // A restarts while B keeps answering every request.
  const restarting = a().start();
  let answered = 0;
  let failed = 0;
  let done = false;
  void restarting.finally(() => (done = true));
  while (!done) {
    const response = await fetch(`${b().url}/api/health/live`).catch(() => null);
    if (response?.status === 200) answered += 1;
    else failed += 1;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await restarting;
  expect(failed).toBe(0);
  expect(answered).toBeGreaterThan(0);
  expect((await fetch(`${a().url}/api/health/live`)).status).toBe(200);
  expect(await cron(a())).toMatchObject({ status: 200 });
  expect(serverLog).toContain('redis: shared page and data cache');
});
