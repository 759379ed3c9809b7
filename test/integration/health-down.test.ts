import { afterAll, describe, expect, it, vi } from 'vitest';

// This file's store points at a MongoDB server that is not there (nothing listens on port 1).
vi.hoisted(() => {
  process.env.MONGODB_URI = 'mongodb://127.0.0.1:1/?connectTimeoutMS=500';
});

import { GET as healthRoute } from '@/app/api/health/route';
import { closeConnection } from '@/lib/core/db';
import { HEALTH_TIMEOUT_MS } from '@/lib/core/db/health';
import { logger } from '@/lib/core/log';
import { params, request } from '../support/users';

afterAll(closeConnection);

describe('GET /api/health with the database down', () => {
  it('503 { status: degraded, database: down } within the time limit, never cached', async () => {
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => {});
    try {
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const res = await healthRoute(request('/api/health'), params({}));
        expect(performance.now() - started).toBeLessThan(HEALTH_TIMEOUT_MS + 1_000);
        expect(res.status).toBe(503);
        expect(res.headers.get('cache-control')).toBe('no-store');
        const body = await res.json();
        expect(body).toEqual({
          status: 'degraded',
          database: 'down',
          message: `The database did not answer a ping within ${HEALTH_TIMEOUT_MS} ms.`,
        });
        // The address and the driver's error stay in the log.
        expect(JSON.stringify(body)).not.toContain('127.0.0.1');
      }
      // Logged once when the outage is first seen, not on every check.
      expect(errors).toHaveBeenCalledTimes(1);
    } finally {
      errors.mockRestore();
    }
  });
});
