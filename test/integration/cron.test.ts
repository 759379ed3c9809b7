import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// GET /api/cron/{job} (Vercel Cron) on the real engine: with CRON_SECRET, only its bearer secret
// runs a job (401 otherwise, compared in constant time), an unknown job is a 404, a job another
// process runs now answers `busy`, and every answer is never cached.

vi.hoisted(() => {
  process.env.CRON_SECRET = 'a-cron-secret-of-the-store-0123456789';
});

let route: typeof import('@/app/api/cron/[job]/route');
let users: typeof import('../support/users');
let db: typeof import('../support/db');

beforeAll(async () => {
  route = await import('@/app/api/cron/[job]/route');
  users = await import('../support/users');
  db = await import('../support/db');
});

afterAll(async () => {
  await db?.closeConnection();
});

async function cron(job: string, authorization?: string) {
  const response = await route.GET(
    users.request(`/api/cron/${job}`, {
      headers: authorization ? { Authorization: authorization } : {},
    }),
    users.params({ job }),
  );
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe('GET /api/cron/{job}', () => {
  it('runs the job for its secret, and answers private, no-store', async () => {
    const answer = await cron('outbox.retry', 'Bearer a-cron-secret-of-the-store-0123456789');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ job: 'outbox.retry', outcome: 'ran' });
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });

  it('refuses a missing or wrong secret (401) and an unknown job (404)', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong',
      'a-cron-secret-of-the-store-0123456789',
    ]) {
      const answer = await cron('orders.expiry', authorization);
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('unauthorized');
    }
    const unknown = await cron('orders.nothing', 'Bearer a-cron-secret-of-the-store-0123456789');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('No background job is named orders.nothing.');
  });

  it('answers busy while another process holds the job’s lease', async () => {
    const leases = (await db.getDb()).collection<{
      _id: string;
      holder: string | null;
      until: Date;
    }>('jobLeases');
    await leases.updateOne(
      { _id: 'images.orphans' },
      { $set: { holder: 'another-process', until: new Date(Date.now() + 60_000) } },
      { upsert: true },
    );
    const answer = await cron('images.orphans', 'Bearer a-cron-secret-of-the-store-0123456789');
    expect(answer.body).toEqual({ job: 'images.orphans', outcome: 'busy' });
  });
});
