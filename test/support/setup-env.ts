import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { afterAll, beforeAll, beforeEach, inject, vi } from 'vitest';
import { logger } from '@/lib/core/log';
import { logLevel } from '@/lib/core/log-options.mjs';
import { ensureIndexes, runMigrations } from '@/lib/startup/migrations';

// Runs before each test file's imports: every file gets its own database on the shared
// server, so files can run in parallel without seeing each other's data.
/** This worker's server of the run (global-setup.ts: the workers share the engines in turn). */
function sharedMongoUri(): string {
  const uris = inject('mongoUris');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return uris[(Math.max(1, worker) - 1) % uris.length]!;
}

/** The connection string with `monitorCommands=true` among its options. */
function withCommandEvents(uri: string): string {
  const query = uri.indexOf('?');
  if (query >= 0) return `${uri.slice(0, query + 1)}monitorCommands=true&${uri.slice(query + 1)}`;
  const afterHosts = uri.indexOf('/', uri.indexOf('//') + 2);
  return afterHosts >= 0 ? `${uri}?monitorCommands=true` : `${uri}/?monitorCommands=true`;
}
// With the driver's command events on: test/support/operations.ts counts the commands that may
// write, so that a database snapshot is read again only after one.
process.env.MONGODB_URI = withCommandEvents(sharedMongoUri());
process.env.DATA_DIR = inject('dataDir');
process.env.MONGODB_DB = `test_${randomBytes(6).toString('hex')}`;
process.env.SEED_DEMO_DATA ??= 'false';
// The store's log lines (lib/core/log.ts) would bury the test report: tests that check what is
// logged read the lines themselves (test/support/logs.ts). LOG_LEVEL=info shows them. (The
// logger was made by the imports above, before this line: its level is set here too.)
process.env.LOG_LEVEL ||= 'silent';
logger.level = logLevel(process.env.LOG_LEVEL);
// Where the store listens, as `npm start` does by default: without AUTH_URL its origin is
// http://127.0.0.1:3000 (test/support/users.ts STORE_ORIGIN), whatever the shell says.
process.env.HOST = '127.0.0.1';
process.env.PORT = '3000';

// Route handlers expire Next.js cache tags after a change; outside a Next.js server there is
// no cache to expire, so tests record the calls instead (and assert on them where it matters).
vi.mock('next/cache', () => ({
  revalidateTag: vi.fn(),
  revalidatePath: vi.fn(),
  unstable_cache: <T>(fn: T) => fn,
}));

// The start-up step for this file's database, as `npm run db:migrate` does it for a store:
// indexes and migrations (no demo catalogue: tests seed what they need). Through a client of
// its own, so that nothing here reads lib/core/env before a test file has set its environment, and
// on the shared server even when a test file points MONGODB_URI elsewhere (at no server at all).
beforeAll(async () => {
  const client = new MongoClient(sharedMongoUri());
  try {
    const db = client.db(process.env.MONGODB_DB);
    await ensureIndexes(db);
    await runMigrations(db);
  } finally {
    await client.close();
  }
});

// This file's database is dropped once its tests are done (this hook runs after the file's own),
// so the one server every file shares holds only the databases of the files running now: a run
// of the whole suite otherwise piles up every file's data in it.
afterAll(async () => {
  const client = new MongoClient(sharedMongoUri());
  try {
    await client.db(process.env.MONGODB_DB).dropDatabase();
  } finally {
    await client.close();
  }
});

// Rate limits count in fixed windows that start on the clock (lib/core/rate-limit.ts), and every
// window the store uses is a multiple of 5 minutes (10, 15 or 60). A test that makes a limit's
// worth of requests and expects the next one refused would see a fresh window if a boundary
// fell between them: a test that would start in the last seconds before a 5-minute mark waits
// until just after it, so no test depends on where the wall clock stands.
const WINDOW_GRAIN_MS = 5 * 60_000;
const BOUNDARY_MARGIN_MS = 15_000;
beforeEach(async () => {
  const left = WINDOW_GRAIN_MS - (Date.now() % WINDOW_GRAIN_MS);
  if (left < BOUNDARY_MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, left + 50));
}, BOUNDARY_MARGIN_MS + 5_000);
