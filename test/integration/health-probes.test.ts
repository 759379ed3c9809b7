import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { GET as liveRoute } from '@/app/api/health/live/route';
import { GET as readyRoute } from '@/app/api/health/ready/route';
import { closeConnection } from '@/lib/core/db';
import { isShuttingDown } from '@/lib/core/lifecycle';
import { params, request } from '../support/users';

afterAll(closeConnection);

afterEach(() => {
  globalThis.__storefrontLifecycle = undefined;
});

describe('GET /api/health/live', () => {
  it('200 { status: ok } while the process runs, never cached', async () => {
    const res = await liveRoute(request('/api/health/live'), params({}));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('stays 200 while the server shuts down (the process is alive; only readiness changes)', async () => {
    globalThis.__storefrontLifecycle = { shuttingDown: true };
    expect((await liveRoute(request('/api/health/live'), params({}))).status).toBe(200);
  });
});

describe('GET /api/health/ready', () => {
  it('200 { status: ok } when MongoDB answers and the server is not shutting down', async () => {
    const res = await readyRoute(request('/api/health/ready'), params({}));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('503 { status: unavailable, reason: shutting_down } from the moment the server is told to stop', async () => {
    expect(isShuttingDown()).toBe(false);
    // What scripts/serve.mjs sets at SIGTERM or SIGINT.
    globalThis.__storefrontLifecycle = { shuttingDown: true };
    expect(isShuttingDown()).toBe(true);
    const res = await readyRoute(request('/api/health/ready'), params({}));
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'unavailable', reason: 'shutting_down' });
  });

  it('the plain health check is unchanged by a shutdown', async () => {
    globalThis.__storefrontLifecycle = { shuttingDown: true };
    const { GET: healthRoute } = await import('@/app/api/health/route');
    const res = await healthRoute(request('/api/health'), params({}));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
