import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureEmbeddedMongo, stopEmbeddedMongo } from '@storefront/embedded-mongodb';

declare module 'vitest' {
  export interface ProvidedContext {
    mongoUri: string;
    dataDir: string;
  }
}

/**
 * One MongoDB server for the whole test run: MONGODB_URI when it is set, otherwise a fresh
 * embedded engine in a temporary data directory, stopped and removed at the end.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'storefront-vitest-'));
  project.provide('dataDir', dataDir);
  if (process.env.MONGODB_URI) {
    project.provide('mongoUri', process.env.MONGODB_URI);
    return async () => rm(dataDir, { recursive: true, force: true });
  }
  const { uri } = await ensureEmbeddedMongo({ dataDir });
  project.provide('mongoUri', uri);
  return async () => {
    await stopEmbeddedMongo({ dataDir });
    await rm(dataDir, { recursive: true, force: true });
  };
}
