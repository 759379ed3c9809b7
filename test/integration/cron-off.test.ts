import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  delete process.env.CRON_SECRET;
});

import { GET as cronRoute } from '@/app/api/cron/[job]/route';
import { params, request } from '../support/users';

describe('GET /api/cron/{job} without CRON_SECRET', () => {
  it('is off: no job runs, whatever the request carries (404, never cached when asked with a credential)', async () => {
    for (const headers of [{}, { Authorization: 'Bearer anything-at-all-0123456789' }] as Record<
      string,
      string
    >[]) {
      const res = await cronRoute(
        request('/api/cron/orders.expiry', { headers }),
        params({ job: 'orders.expiry' }),
      );
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        error: { code: 'not_found', message: 'No background job is named orders.expiry.' },
      });
      expect(res.headers.get('cache-control')).toBe(
        headers.Authorization ? 'private, no-store' : null,
      );
    }
  });
});
