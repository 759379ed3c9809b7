import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The secrets of the machine endpoints (issue 36, item 8), on the real engine: CRON_SECRET is
// refused at start-up under 32 characters, with a message naming it (as METRICS_TOKEN under 16);
// wrong secrets on GET /api/cron/{job} and GET /api/metrics are counted per client address, both
// endpoints together: the 11th in 15 minutes is 429 in the error shape with Retry-After, the
// right secret included, while other addresses and right secrets within the limit go on.

const CRON_SECRET = 'cron-secret-machine-endpoints-0123456789';
const METRICS_TOKEN = 'metrics-token-machine-endpoints-0123';

vi.hoisted(() => {
  process.env.CRON_SECRET = 'cron-secret-machine-endpoints-0123456789';
  process.env.METRICS_TOKEN = 'metrics-token-machine-endpoints-0123';
});

let cronRoute: typeof import('@/app/api/cron/[job]/route');
let metricsRoute: typeof import('@/app/api/metrics/route');
let users: typeof import('../support/users');
let ops: typeof import('../support/operations');
let db: typeof import('../support/db');

beforeAll(async () => {
  cronRoute = await import('@/app/api/cron/[job]/route');
  metricsRoute = await import('@/app/api/metrics/route');
  users = await import('../support/users');
  ops = await import('../support/operations');
  db = await import('../support/db');
});

afterAll(async () => {
  await db?.closeConnection();
});

let addressCounter = 0;
/** A client address no other test used. */
const freshAddress = () => `203.0.113.${++addressCounter}`;

async function cron(address: string, secret: string) {
  const response = await cronRoute.GET(
    users.request('/api/cron/outbox.retry', {
      headers: { Authorization: `Bearer ${secret}`, 'X-Forwarded-For': address },
    }),
    users.params({ job: 'outbox.retry' }),
  );
  return ops.readAnswer(response);
}

async function metrics(address: string, token: string) {
  const response = await metricsRoute.GET(
    users.request('/api/metrics', {
      headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': address },
    }),
    users.params({}),
  );
  return ops.readAnswer(response);
}

/** The 429 of a rate limit: the error shape, `details.retryAfter` and the same Retry-After. */
function expectRateLimited(answer: Awaited<ReturnType<typeof cron>>) {
  expect(answer.status, answer.text).toBe(429);
  expect(ops.errorShapeProblem(answer)).toBeNull();
  const { error } = answer.json as { error: { code: string; details: { retryAfter: number } } };
  expect(error.code).toBe('rate_limited');
  expect(error.details.retryAfter).toBeGreaterThan(0);
  expect(error.details.retryAfter).toBeLessThanOrEqual(15 * 60);
  expect(answer.headers.get('retry-after')).toBe(String(error.details.retryAfter));
  expect(answer.headers.get('cache-control')).toBe('private, no-store');
}

describe('wrong machine secrets, per client address', () => {
  it.each([
    ['GET /api/cron/{job}', cron, CRON_SECRET],
    ['GET /api/metrics', metrics, METRICS_TOKEN],
  ] as const)('%s: 10 wrong secrets are 401, then every attempt is 429', async (_, ask, secret) => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const answer = await ask(address, `wrong-secret-${attempt}`.padEnd(40, 'x'));
      expect(answer.status, `attempt ${attempt}`).toBe(401);
    }
    expectRateLimited(await ask(address, 'one-more-wrong-secret'.padEnd(40, 'x')));
    // The right secret learns nothing from this address now.
    expectRateLimited(await ask(address, secret));
    // Another address is judged on its own.
    const other = await ask(freshAddress(), secret);
    expect(other.status, other.text).toBe(200);
  });

  it('counts both endpoints together: 5 wrong on each, then 429 on either', async () => {
    const address = freshAddress();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await cron(address, `wrong-${attempt}`)).status).toBe(401);
      expect((await metrics(address, `wrong-${attempt}`)).status).toBe(401);
    }
    expectRateLimited(await metrics(address, 'wrong-again'));
    expectRateLimited(await cron(address, 'wrong-again'));
  });

  it('does not count the right secret: a scraper goes on as long as it likes', async () => {
    const address = freshAddress();
    for (let scrape = 1; scrape <= 12; scrape += 1) {
      const answer = await metrics(address, METRICS_TOKEN);
      expect(answer.status, `scrape ${scrape}`).toBe(200);
    }
    // Its wrong attempts still count from zero.
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await metrics(address, `wrong-${attempt}`)).status).toBe(401);
    }
    expectRateLimited(await metrics(address, 'wrong-11'));
  });
});

describe('CRON_SECRET at start-up (instrumentation.ts -> stopUnlessMayServe)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  /** Runs the start check with CRON_SECRET set to `secret`: what it printed, and how it ended. */
  async function startWith(secret: string) {
    vi.stubEnv('CRON_SECRET', secret);
    vi.resetModules();
    vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    const errors: string[] = [];
    // A refusal is plain text on stderr, written directly (the console may already be the log).
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      errors.push(String(chunk));
      return true;
    });
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const { stopUnlessMayServe } = await import('@/lib/security/start');
    const stopped = await stopUnlessMayServe().then(
      () => null,
      (error: Error) => error.message,
    );
    return { stopped, error: errors.join('\n') };
  }

  it('stops a store whose CRON_SECRET is shorter than 32 characters, naming it', async () => {
    for (const secret of ['short', 'a'.repeat(31), ` ${'b'.repeat(31)} `]) {
      const result = await startWith(secret);
      expect(result.stopped, secret).toBe('exit 1');
      expect(result.error).toContain('The storefront cannot start');
      expect(result.error).toMatch(/CRON_SECRET: must be at least 32 characters/);
    }
  });

  it('starts with a CRON_SECRET of 32 characters or more, or none', async () => {
    for (const secret of ['c'.repeat(32), CRON_SECRET, '']) {
      const result = await startWith(secret);
      expect(result.stopped, secret).toBeNull();
      expect(result.error).toBe('');
    }
  });
});
