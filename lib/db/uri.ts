import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Env } from '@/lib/env';

type Launcher = typeof import('@/scripts/embedded-mongo/launcher.mjs');

/**
 * The embedded engine's launcher, loaded from the project's files at run time rather than
 * bundled: it spawns scripts/embedded-mongo/server.mjs, and a deployment with MONGODB_URI
 * never needs it.
 */
function loadLauncher(): Promise<Launcher> {
  const file = path.join(process.cwd(), 'scripts/embedded-mongo/launcher.mjs');
  return import(/* turbopackIgnore: true */ /* webpackIgnore: true */ pathToFileURL(file).href);
}

/** How long an engine started on demand outlives its last client connection. */
const ON_DEMAND_IDLE_EXIT_MS = 5 * 60_000;

/** The database could not be reached or started; the message says what to do. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * `MONGODB_URI` when it is set; otherwise the address of the embedded engine serving
 * `DATA_DIR`, started on demand (one process shared by every worker, script and test).
 */
export async function resolveMongoUri(env: Pick<Env, 'MONGODB_URI' | 'DATA_DIR'>): Promise<string> {
  if (env.MONGODB_URI) return env.MONGODB_URI;
  try {
    const { ensureEmbeddedMongo } = await loadLauncher();
    const { uri } = await ensureEmbeddedMongo({
      dataDir: env.DATA_DIR,
      idleExitMs: ON_DEMAND_IDLE_EXIT_MS,
    });
    return uri;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailableError(
      `The embedded MongoDB engine could not be started (${reason}). ` +
        'Set MONGODB_URI to the address of a MongoDB server to use that instead.',
      { cause: error },
    );
  }
}
