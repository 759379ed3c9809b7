import { handle, reply } from '@/lib/api/handle';
import { healthReadyOp } from '@/lib/api/contract/system';
import { getDb } from '@/lib/core/db';
import { databaseHealth, HEALTH_TIMEOUT_MS } from '@/lib/core/db/health';
import { isShuttingDown } from '@/lib/core/lifecycle';

export const dynamic = 'force-dynamic';

/** How long readiness waits for the database's ping: as long as GET /api/health does. */
export const READY_TIMEOUT_MS = HEALTH_TIMEOUT_MS;

const headers = { 'Cache-Control': 'no-store' };

/**
 * GET /api/health/ready, for readiness probes and load balancers (no sign-in, never cached): 200
 * `{ status: 'ok' }` when MongoDB answers a ping within READY_TIMEOUT_MS and the server is not
 * shutting down, else 503 `{ status: 'unavailable', reason }` (`shutting_down` from the moment
 * the server receives SIGTERM or SIGINT, lib/core/lifecycle.ts; `database_down`). The database's
 * address and error are logged for the operator (lib/core/db/health.ts), never answered.
 */
export const GET = handle(healthReadyOp, async () => {
  if (isShuttingDown()) {
    return reply({ status: 'unavailable', reason: 'shutting_down' }, { status: 503, headers });
  }
  if ((await databaseHealth(getDb, READY_TIMEOUT_MS)) !== 'ok') {
    return reply({ status: 'unavailable', reason: 'database_down' }, { status: 503, headers });
  }
  // A stop that began while the ping was under way counts at once.
  if (isShuttingDown()) {
    return reply({ status: 'unavailable', reason: 'shutting_down' }, { status: 503, headers });
  }
  return reply({ status: 'ok' }, { status: 200, headers });
});
