import { handle, reply } from '@/lib/api/handle';
import { healthOp } from '@/lib/api/contract/system';
import { databaseHealth, HEALTH_TIMEOUT_MS } from '@/lib/core/db/health';

export const dynamic = 'force-dynamic';

const headers = { 'Cache-Control': 'no-store' };

/**
 * GET /api/health, for load balancers and uptime checks (no sign-in, never cached): 200
 * `{ status: 'ok', database: 'ok' }` when the database answers a ping, else 503
 * `{ status: 'degraded', database: 'down', message }`. Says nothing about the database's
 * address or its error, which are logged for the operator instead.
 */
export const GET = handle(healthOp, async () => {
  if ((await databaseHealth()) === 'ok') {
    return reply({ status: 'ok', database: 'ok' }, { status: 200, headers });
  }
  return reply(
    {
      status: 'degraded',
      database: 'down',
      message: `The database did not answer a ping within ${HEALTH_TIMEOUT_MS} ms.`,
    },
    { status: 503, headers },
  );
});
