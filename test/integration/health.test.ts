import net from 'node:net';
import { MongoClient, type Db } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { GET as healthRoute } from '@/app/api/health/route';
import { closeConnection } from '@/lib/core/db';
import { databaseHealth, HEALTH_TIMEOUT_MS } from '@/lib/core/db/health';
import { params, request } from '../support/users';

afterAll(closeConnection);

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('GET /api/health', () => {
  it('200 { status: ok, database: ok }, never cached, no sign-in needed', async () => {
    const res = await healthRoute(request('/api/health'), params({}));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('is cheap: a hundred checks in a row take well under a second each', async () => {
    const started = performance.now();
    for (let i = 0; i < 100; i++) {
      expect((await healthRoute(request('/api/health'), params({}))).status).toBe(200);
    }
    expect((performance.now() - started) / 100).toBeLessThan(100);
  });
});

describe('databaseHealth', () => {
  it('down, within its time limit, for a database that is not there', async () => {
    const client = new MongoClient(`mongodb://127.0.0.1:${await closedPort()}`, {
      serverSelectionTimeoutMS: 30_000,
    });
    try {
      const started = performance.now();
      expect(await databaseHealth(async () => client.db('nothing'), 300)).toBe('down');
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      await client.close();
    }
  });

  it('down when connecting itself fails or never ends', async () => {
    expect(await databaseHealth(() => Promise.reject(new Error('refused')), 300)).toBe('down');
    const started = performance.now();
    expect(await databaseHealth(() => new Promise(() => {}), 300)).toBe('down');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(HEALTH_TIMEOUT_MS).toBeLessThanOrEqual(2_000);
  });

  /** A database whose ping answers after `answerAfterMs` (never when null), handing over its signal. */
  function fakeDatabase(answerAfterMs: number | null) {
    const seen: { signal?: AbortSignal } = {};
    const db = {
      command: (_command: object, options: { signal?: AbortSignal }) => {
        seen.signal = options.signal;
        return new Promise((resolve) => {
          if (answerAfterMs !== null) setTimeout(() => resolve({ ok: 1 }), answerAfterMs);
        });
      },
    } as unknown as Db;
    return { database: async () => db, seen };
  }

  it('abandons a ping that does not answer in time (its signal aborts)', async () => {
    const { database, seen } = fakeDatabase(null);
    expect(await databaseHealth(database, 50)).toBe('down');
    expect(seen.signal?.aborted).toBe(true);
  });

  it('leaves nothing running once the ping has answered', async () => {
    const { database, seen } = fakeDatabase(0);
    expect(await databaseHealth(database, 50)).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 150));
    // No timer left to abort the finished check (which would also keep it in memory until then).
    expect(seen.signal?.aborted).toBe(false);
  });
});
