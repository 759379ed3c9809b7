import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const TOKEN = 'metrics-token-0123456789abcdef';
vi.hoisted(() => {
  process.env.METRICS_TOKEN = 'metrics-token-0123456789abcdef';
});

import { GET as metricsRoute } from '@/app/api/metrics/route';
import { closeConnection, getDb } from '@/lib/core/db';
import { bearerMatches, observeJobRun } from '@/lib/core/metrics';
import { enforce } from '@/lib/core/rate-limit';
import { params, request } from '../support/users';

afterAll(closeConnection);

beforeAll(async () => {
  // Every feature's outbox, as instrumentation.ts registers them when a server starts.
  await import('@/lib/startup/outbox');
});

const scrape = (authorization?: string) =>
  metricsRoute(
    request('/api/metrics', authorization ? { headers: { Authorization: authorization } } : {}),
    params({}),
  );

/** The value of one series in Prometheus's text format, or undefined when it is absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const entry = (overrides: Record<string, unknown>) => ({
  id: new ObjectId().toHexString(),
  kind: 'order.placed',
  origin: 'http://127.0.0.1:3000',
  createdAt: new Date(),
  attempts: 0,
  ...overrides,
});

describe('GET /api/metrics with METRICS_TOKEN', () => {
  it('401 without a token or with a wrong one, in the error shape, never cached', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789abcdef',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
    ]) {
      const res = await scrape(authorization);
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.json()).toEqual({
        error: { code: 'unauthorized', message: 'The metrics token is missing or wrong.' },
      });
    }
  });

  it('200 in Prometheus text format with the outbox, job, rate-limit and process metrics', async () => {
    const db = await getDb();
    // Two pending mails (one due, one waiting for a retry) and one given up, in orders; one
    // pending in quotes; a document whose outbox is empty counts nothing.
    await db.collection('orders').insertMany([
      {
        outbox: [
          entry({ nextAttemptAt: new Date() }),
          entry({ nextAttemptAt: new Date(Date.now() + 60_000), attempts: 1, lastError: 'down' }),
        ],
      },
      { outbox: [entry({ attempts: 12, failedAt: new Date(), lastError: 'gave up' })] },
      { outbox: [] },
    ]);
    await db.collection('quotes').insertOne({
      reference: `Q-${new ObjectId().toHexString()}`,
      outbox: [entry({ nextAttemptAt: new Date() })],
    });

    observeJobRun('metrics.test', 0.2, 'ran');
    observeJobRun('metrics.test', 3, 'failed');
    const limit = { name: 'metrics:test', max: 1, windowSeconds: 600 };
    await enforce([{ limit, key: 'one' }]);
    await expect(enforce([{ limit, key: 'one' }])).rejects.toThrow();
    await expect(enforce([{ limit, key: 'one' }])).rejects.toThrow();

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const text = await res.text();

    expect(text).toContain('# TYPE storefront_outbox_pending_mails gauge');
    expect(valueOf(text, 'storefront_outbox_pending_mails{collection="orders"}')).toBe(2);
    expect(valueOf(text, 'storefront_outbox_pending_mails{collection="quotes"}')).toBe(1);
    expect(valueOf(text, 'storefront_outbox_failed_mails{collection="orders"}')).toBe(1);
    expect(valueOf(text, 'storefront_outbox_failed_mails{collection="quotes"}')).toBe(0);
    expect(valueOf(text, 'storefront_outbox_pending_mails{collection="accountInvoices"}')).toBe(0);

    expect(text).toContain('# TYPE storefront_job_duration_seconds histogram');
    expect(
      valueOf(text, 'storefront_job_duration_seconds_count{job="metrics.test",outcome="ran"}'),
    ).toBe(1);
    expect(
      valueOf(
        text,
        'storefront_job_duration_seconds_bucket{le="5",job="metrics.test",outcome="failed"}',
      ),
    ).toBe(1);
    expect(
      valueOf(
        text,
        'storefront_job_duration_seconds_bucket{le="2.5",job="metrics.test",outcome="failed"}',
      ),
    ).toBe(0);

    expect(text).toContain('# TYPE storefront_rate_limited_total counter');
    expect(valueOf(text, 'storefront_rate_limited_total{limit="metrics:test"}')).toBe(2);

    // The process's own metrics.
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toMatch(/^process_resident_memory_bytes /m);
  });

  it('counts a queued mail as pending, then as failed once it is given up', async () => {
    const db = await getDb();
    const before = await scrape(`Bearer ${TOKEN}`).then((res) => res.text());
    const pendingBefore = valueOf(before, 'storefront_outbox_pending_mails{collection="quotes"}')!;
    const failedBefore = valueOf(before, 'storefront_outbox_failed_mails{collection="quotes"}')!;
    const queued = entry({ nextAttemptAt: new Date() });
    const { insertedId } = await db
      .collection('quotes')
      .insertOne({ reference: `Q-${new ObjectId().toHexString()}`, outbox: [queued] });
    // The scrape reuses a count for a second at most (both gauges read one count).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = await scrape(`Bearer ${TOKEN}`).then((res) => res.text());
    expect(valueOf(after, 'storefront_outbox_pending_mails{collection="quotes"}')).toBe(
      pendingBefore + 1,
    );
    await db
      .collection('quotes')
      .updateOne(
        { _id: insertedId, 'outbox.id': queued.id },
        { $set: { 'outbox.$.failedAt': new Date() }, $unset: { 'outbox.$.nextAttemptAt': '' } },
      );
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const failed = await scrape(`Bearer ${TOKEN}`).then((res) => res.text());
    expect(valueOf(failed, 'storefront_outbox_pending_mails{collection="quotes"}')).toBe(
      pendingBefore,
    );
    expect(valueOf(failed, 'storefront_outbox_failed_mails{collection="quotes"}')).toBe(
      failedBefore + 1,
    );
  });
});

describe('bearerMatches', () => {
  it('takes the scheme in any case and the exact token only', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer  ${TOKEN} `, TOKEN)).toBe(true);
    expect(bearerMatches(null, TOKEN)).toBe(false);
    expect(bearerMatches('', TOKEN)).toBe(false);
    expect(bearerMatches('Bearer', TOKEN)).toBe(false);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.toUpperCase()}`, TOKEN)).toBe(false);
  });
});
