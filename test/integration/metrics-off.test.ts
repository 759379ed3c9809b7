import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  delete process.env.METRICS_TOKEN;
});

import { GET as metricsRoute } from '@/app/api/metrics/route';
import { params, request } from '../support/users';

describe('GET /api/metrics without METRICS_TOKEN', () => {
  it('is off: the 404 of any unknown /api path, whatever the request carries', async () => {
    for (const headers of [{}, { Authorization: 'Bearer anything-at-all-0123456789' }] as Record<
      string,
      string
    >[]) {
      const res = await metricsRoute(request('/api/metrics', { headers }), params({}));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        error: { code: 'not_found', message: 'No API route matches GET /api/metrics.' },
      });
    }
  });
});
