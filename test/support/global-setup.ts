import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureEmbeddedMongo, stopEmbeddedMongo } from '@storefront/embedded-mongodb';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The servers of the run, one per test worker in turn (see setup-env.ts `sharedMongoUri`). */
    mongoUris: string[];
    dataDir: string;
  }
}

/** How many embedded engines a run starts: the test workers share them in turn. */
const ENGINES = 4;

/**
 * The MongoDB servers of the test run: MONGODB_URI when it is set, otherwise ENGINES fresh
 * embedded engines in temporary data directories, stopped and removed at the end. One engine for
 * a whole run grows past what it holds (about 2 GB, after which it stops without a word) now that
 * the suite has as many files as it has; each worker's files go to one of them
 * (`VITEST_POOL_ID`), so each engine holds a quarter of the run.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-vitest-'));
  project.provide('dataDir', dataDir);
  if (process.env.MONGODB_URI) {
    project.provide('mongoUris', [process.env.MONGODB_URI]);
    return async () => rm(dataDir, { recursive: true, force: true });
  }
  const engineDirs = Array.from({ length: ENGINES }, (_, index) =>
    path.join(dataDir, `engine-${index + 1}`),
  );
  const engines = await Promise.all(
    engineDirs.map((engineDir) => ensureEmbeddedMongo({ dataDir: engineDir })),
  );
  project.provide(
    'mongoUris',
    engines.map((engine) => engine.uri),
  );
  return async () => {
    await Promise.all(engineDirs.map((engineDir) => stopEmbeddedMongo({ dataDir: engineDir })));
    await rm(dataDir, { recursive: true, force: true });
  };
}
