import { afterAll, describe, expect, it, vi } from 'vitest';

// This file's store points at a MongoDB server that is not there (nothing listens on port 1).
vi.hoisted(() => {
  process.env.MONGODB_URI = 'mongodb://127.0.0.1:1/?connectTimeoutMS=500';
});

import { GET as liveRoute } from '@/app/api/health/live/route';
import { GET as readyRoute, READY_TIMEOUT_MS } from '@/app/api/health/ready/route';
import { closeConnection } from '@/lib/core/db';
import { captureLogs } from '../support/logs';
import { params, request } from '../support/users';

afterAll(closeConnection);

describe('the health probes with the database down', () => {
  it('live: still 200, without touching the database', async () => {
    const res = await liveRoute(request('/api/health/live'), params({}));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('ready: 503 { status: unavailable, reason: database_down } within about a second, the cause logged once', async () => {
    const logs = captureLogs();
    try {
      for (let i = 0; i < 2; i++) {
        const started = performance.now();
        const res = await readyRoute(request('/api/health/ready'), params({}));
        expect(performance.now() - started).toBeLessThan(READY_TIMEOUT_MS + 1_000);
        expect(res.status).toBe(503);
        expect(res.headers.get('cache-control')).toBe('no-store');
        const body = await res.json();
        expect(body).toEqual({ status: 'unavailable', reason: 'database_down' });
        expect(JSON.stringify(body)).not.toContain('127.0.0.1');
      }
      const outage = logs.records.filter((record) => record.msg.startsWith('[health]'));
      expect(outage).toHaveLength(1);
      expect(outage[0]).toMatchObject({ level: 'error' });
    } finally {
      logs.stop();
    }
  });
});
