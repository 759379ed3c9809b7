import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// JOB_RUNNER=off on the real engine: a server so configured runs no background job by any path
// and never takes a job lease. Its start (instrumentation.ts) starts no runner, the job runner
// refuses to start, order and image requests start nothing, a change that wakes a job wakes
// nothing here, an on-demand run answers `off` and Vercel Cron's endpoint answers 503
// `cron.jobs_off`. The proof is the `jobLeases` collection: untouched throughout.

vi.hoisted(() => {
  process.env.JOB_RUNNER = 'off';
  process.env.CRON_SECRET = 'a-cron-secret-of-the-store-0123456789';
});

let db: typeof import('../support/db');
let jobs: typeof import('@/lib/core/jobs');
let storeJobs: typeof import('@/lib/startup/jobs');
let background: typeof import('@/lib/core/background');
let api: typeof import('../support/orders');
let users: typeof import('../support/users');
let factories: typeof import('../support/factories');

beforeAll(async () => {
  db = await import('../support/db');
  jobs = await import('@/lib/core/jobs');
  storeJobs = await import('@/lib/startup/jobs');
  background = await import('@/lib/core/background');
  api = await import('../support/orders');
  users = await import('../support/users');
  factories = await import('../support/factories');
});

afterAll(async () => {
  await background?.settleBackgroundWork();
  await db?.closeConnection();
});

async function leaseCount() {
  return db.collections(await db.getDb()).jobLeases.countDocuments();
}

describe('a server with JOB_RUNNER=off', () => {
  it('runs no job and takes no lease, by any path', async () => {
    const names = await storeJobs.loadStoreJobs();
    expect(names.length).toBe(5);
    expect(await leaseCount()).toBe(0);

    // The server's start: instrumentation.ts, as Next.js calls it in a Node.js server.
    const runtime = process.env.NEXT_RUNTIME;
    process.env.NEXT_RUNTIME = 'nodejs';
    try {
      await (await import('@/instrumentation')).register();
    } finally {
      process.env.NEXT_RUNTIME = runtime;
    }
    expect(jobs.jobRunnerRunning()).toBe(false);
    // Started by hand, the runner does not start either.
    await storeJobs.startStoreJobRunner();
    expect(jobs.jobRunnerRunning()).toBe(false);

    // Order requests (placing, listing, one order), reads of reviews: none starts a due job.
    const buyer = await users.createActor('user');
    await factories.verifyEmail(buyer.user);
    const product = await factories.makeProduct();
    const placed = await api.placeOrder(buyer, {
      productId: product._id,
      quantity: 1_000,
      address: '7 Rolling Mill Way',
      phone: '5550199',
    });
    expect(placed.status).toBe(201);
    expect((await api.ordersByEmail(buyer, buyer.user.email)).status).toBe(200);
    expect((await api.getOrder(buyer, placed.body.insertedId)).status).toBe(200);
    const reviews = await import('@/app/api/review/route');
    expect((await reviews.GET(users.request('/api/review'), users.params({}))).status).toBe(200);

    // Every job woken as a change wakes it (an order shipped on account, a payment), run on
    // demand, and asked for by Vercel Cron.
    for (const name of names) {
      jobs.wakeJob(name);
      expect(await jobs.runJobNow(name)).toBe('off');
      expect(await storeJobs.runStoreJob(name)).toBe('off');
    }
    const cron = await import('@/app/api/cron/[job]/route');
    const answer = await cron.GET(
      users.request('/api/cron/orders.expiry', {
        headers: { Authorization: 'Bearer a-cron-secret-of-the-store-0123456789' },
      }),
      users.params({ job: 'orders.expiry' }),
    );
    expect(answer.status).toBe(503);
    expect((await answer.json()).error.message).toBe(
      'This server runs no background jobs (JOB_RUNNER=off).',
    );

    await background.settleBackgroundWork();
    // Long enough for anything set off after a response to have taken a lease.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await leaseCount()).toBe(0);
  }, 60_000);
});
