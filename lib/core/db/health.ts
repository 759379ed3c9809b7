import 'server-only';
import type { Db } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { errorText, logger } from '@/lib/core/log';

/** How long a health check waits for the database: a ping answers in milliseconds when it is up. */
export const HEALTH_TIMEOUT_MS = 1_500;

export type DatabaseHealth = 'ok' | 'down';

/** The last state seen, so an outage is logged once when it starts and once when it ends. */
let lastSeen: DatabaseHealth | undefined;

function note(state: DatabaseHealth, reason?: unknown) {
  if (state === lastSeen) return;
  if (state === 'down') {
    logger.error(`[health] the database does not answer: ${errorText(reason)}`);
  } else if (lastSeen === 'down') {
    logger.info('[health] the database answers again');
  }
  lastSeen = state;
}

/**
 * Whether the database answers a `ping` within `timeoutMs`, connection included (the process's
 * one client, lib/core/db; a connection attempt already under way is shared, not repeated). Cheap
 * enough for a load balancer every second: one round trip, no collection read. `database`
 * names where the Db comes from; tests hand in a client of a server that is not there.
 */
export async function databaseHealth(
  database: () => Promise<Db> = getDb,
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<DatabaseHealth> {
  // One timer, cleared as soon as the ping answers, both abandons the ping and bounds the
  // connection, which the driver would wait for much longer. (`AbortSignal.timeout` would keep
  // each check's request alive until its own timer fired, which under a burst of checks is a
  // heap of finished requests waiting for collection.)
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`no answer within ${timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
  });
  try {
    await Promise.race([
      database().then((db) => db.command({ ping: 1 }, { signal: controller.signal })),
      deadline,
    ]);
    note('ok');
    return 'ok';
  } catch (error) {
    note('down', error);
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
