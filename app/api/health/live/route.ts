import { handle, reply } from '@/lib/api/handle';
import { healthLiveOp } from '@/lib/api/contract/system';

export const dynamic = 'force-dynamic';

/**
 * GET /api/health/live, for liveness probes (no sign-in, never cached): 200 `{ status: 'ok' }`
 * while the process answers at all. It reads nothing, not even the database: a database outage
 * is a reason to take an instance out of rotation (GET /api/health/ready), never to restart it.
 */
export const GET = handle(healthLiveOp, () =>
  reply({ status: 'ok' }, { status: 200, headers: { 'Cache-Control': 'no-store' } }),
);
