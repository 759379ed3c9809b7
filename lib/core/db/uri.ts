import type { Env } from '@/lib/core/env';

/**
 * The embedded engine's package, imported by name when first needed (a deployment with
 * MONGODB_URI never loads it). The bundler is told to leave the import alone, so Node loads the
 * package from node_modules at run time and its launcher finds the server script it spawns
 * beside its own file. (`serverExternalPackages` cannot do this for a workspace package:
 * Turbopack follows the node_modules link to packages/ and bundles what it finds there.)
 */
function loadEmbeddedMongo(): Promise<typeof import('@storefront/embedded-mongodb')> {
  return import(
    /* turbopackIgnore: true */ /* webpackIgnore: true */ '@storefront/embedded-mongodb'
  );
}

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
    const { ensureEmbeddedMongo, ON_DEMAND_IDLE_EXIT_MS } = await loadEmbeddedMongo();
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
