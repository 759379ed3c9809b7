import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { route } from '@/lib/api/handler';
import { acceptRequestId, REQUEST_ID_SET_HEADER, requestIdFor } from '@/lib/core/request-id.mjs';
import { captureLogs } from '../support/logs';
import { params, request } from '../support/users';

/**
 * Request ids in the log: every response carries `X-Request-Id` (scripts/serve.mjs, proxy.ts)
 * and every log line about a request names it, so one request's lines can be found among
 * many instances' (docs/operations.md, "Logs, traces and metrics").
 */

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('request ids (lib/core/request-id.mjs)', () => {
  it('keeps a sane incoming id and replaces anything else with a new UUID', () => {
    for (const sane of [
      'abc',
      'req-42',
      'a.b_c-D',
      'x'.repeat(128),
      '0f8fad5b-d9cb-469f-a165-70867728950e',
    ]) {
      expect(acceptRequestId(sane)).toBe(sane);
      expect(requestIdFor(sane)).toBe(sane);
    }
    for (const insane of [
      '',
      'x'.repeat(129),
      'two words',
      'a,b',
      'quote"',
      'line\nbreak',
      'ü',
      undefined,
      null,
    ]) {
      expect(acceptRequestId(insane)).toBeUndefined();
      expect(requestIdFor(insane)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
    }
    // A header sent twice (Node.js joins it with a comma) is not one id.
    expect(acceptRequestId(['first', 'second'])).toBe('first');
    expect(requestIdFor(undefined)).not.toBe(requestIdFor(undefined));
  });
});

describe('a route handler that fails unexpectedly', () => {
  const failing = route(async () => {
    throw new Error('the disk is on fire');
  });

  it('answers a plain 500 and logs the error at error level with the request id', async () => {
    const logs = captureLogs();
    try {
      const res = await failing(
        request('/api/product', { headers: { 'X-Request-Id': 'req-route-0042' } }),
        params({}),
      );
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        error: { code: 'internal_error', message: 'Something went wrong on our side.' },
      });
      const line = logs.records.find((record) => record.err?.message === 'the disk is on fire');
      expect(line).toMatchObject({
        level: 'error',
        requestId: 'req-route-0042',
        msg: '[api] unexpected error, answered 500',
        err: { type: 'Error', message: 'the disk is on fire' },
      });
      expect(line!.err!.stack).toContain('request-ids.test.ts');
      expect(Date.parse(line!.time)).not.toBeNaN();
      expect(line).toHaveProperty('pid', process.pid);
    } finally {
      logs.stop();
    }
  });

  it('leaves a request id that is not a sane token out of the log', async () => {
    const logs = captureLogs();
    try {
      const res = await failing(
        request('/api/product', { headers: { 'X-Request-Id': 'forged id "with" spaces' } }),
        params({}),
      );
      expect(res.status).toBe(500);
      const line = logs.records.find((record) => record.err?.message === 'the disk is on fire');
      expect(line).toBeDefined();
      expect(line).not.toHaveProperty('requestId');
      expect(JSON.stringify(logs.records)).not.toContain('forged');
    } finally {
      logs.stop();
    }
  });

  it('writes nothing at all with LOG_LEVEL=silent (the level tests run at)', async () => {
    const logs = captureLogs('silent');
    try {
      await failing(request('/api/product'), params({}));
      expect(logs.records).toEqual([]);
    } finally {
      logs.stop();
    }
  });
});

describe('onRequestError (instrumentation.ts)', () => {
  it('logs an error no handler answered with the request id, the route and its kind', async () => {
    vi.stubEnv('NEXT_RUNTIME', 'nodejs');
    const { onRequestError } = await import('@/instrumentation');
    const error = Object.assign(new Error('the page could not render'), { digest: '2417723958' });
    const logs = captureLogs();
    try {
      await onRequestError(
        error,
        {
          path: '/product/66a1f0c2e4b0a1b2c3d4e5f6?token=not-for-the-log',
          method: 'GET',
          headers: { 'x-request-id': 'req-render-7', cookie: 'authjs.session-token=secret' },
        },
        {
          routerKind: 'App Router',
          routePath: '/product/[productId]',
          routeType: 'render',
          renderSource: 'react-server-components',
          revalidateReason: undefined,
        },
      );
      expect(logs.records).toHaveLength(1);
      expect(logs.records[0]).toMatchObject({
        level: 'error',
        requestId: 'req-render-7',
        method: 'GET',
        path: '/product/66a1f0c2e4b0a1b2c3d4e5f6',
        routePath: '/product/[productId]',
        routeType: 'render',
        routerKind: 'App Router',
        renderSource: 'react-server-components',
        err: { message: 'the page could not render', digest: '2417723958' },
      });
      expect(logs.records[0]!.msg).toBe('[request] GET /product/[productId] failed (render)');
      // Neither the query nor the request's other headers reach the log.
      const written = JSON.stringify(logs.records);
      expect(written).not.toContain('not-for-the-log');
      expect(written).not.toContain('secret');
    } finally {
      logs.stop();
    }
  });

  it('logs nothing outside the Node.js runtime (the edge bundle has no logger)', async () => {
    vi.stubEnv('NEXT_RUNTIME', 'edge');
    const { onRequestError } = await import('@/instrumentation');
    const logs = captureLogs();
    try {
      await onRequestError(
        new Error('x'),
        { path: '/', method: 'GET', headers: {} },
        {
          routerKind: 'App Router',
          routePath: '/',
          routeType: 'render',
          revalidateReason: undefined,
        },
      );
      expect(logs.records).toEqual([]);
    } finally {
      logs.stop();
    }
  });
});

describe('proxy.ts (next dev and Vercel)', () => {
  it('gives every response an X-Request-Id, echoes a sane one, and hands it on to the handler', async () => {
    const { proxy } = await import('@/proxy');
    const event = { waitUntil: () => {} } as never;

    const fresh = await proxy(new NextRequest('http://127.0.0.1:3000/api/product'), event);
    const id = fresh.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // Next.js passes these request headers on to the route handler.
    expect(fresh.headers.get('x-middleware-request-x-request-id')).toBe(id);

    const echoed = await proxy(
      new NextRequest('http://127.0.0.1:3000/blogs', { headers: { 'X-Request-Id': 'lb-abc.123' } }),
      event,
    );
    expect(echoed.headers.get('x-request-id')).toBe('lb-abc.123');
    expect(echoed.headers.get('x-middleware-request-x-request-id')).toBe('lb-abc.123');

    const replaced = await proxy(
      new NextRequest('http://127.0.0.1:3000/blogs', { headers: { 'X-Request-Id': 'no good' } }),
      event,
    );
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the sign-in redirect of a guarded page, with the request id', async () => {
    const { proxy } = await import('@/proxy');
    const res = await proxy(
      new NextRequest('http://127.0.0.1:3000/dashboard/myorder', {
        headers: { 'X-Request-Id': 'req-guarded-1' },
      }),
      { waitUntil: () => {} } as never,
    );
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toContain('/login?callbackUrl=%2Fdashboard%2Fmyorder');
    expect(res.headers.get('x-request-id')).toBe('req-guarded-1');
  });

  it('skips requests the production server has given their id (its matcher)', async () => {
    const { config } = await import('@/proxy');
    expect(config.matcher).toContainEqual({
      source: '/((?!_next/static|_next/image).*)',
      missing: [{ type: 'header', key: REQUEST_ID_SET_HEADER }],
    });
  });
});
