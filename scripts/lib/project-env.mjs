// Shared by the project's command-line scripts: loads .env files the way Next.js does and
// answers where the embedded default keeps its state.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// @next/env is CommonJS; required, not imported, because its default export is undefined when
// the scripts run with `--conditions=react-server` (seed, make-admin).
const { loadEnvConfig } = createRequire(import.meta.url)('@next/env');

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Loads .env, .env.local, .env.[mode] like Next.js, without overriding the real environment. */
export function loadProjectEnv(dev = false) {
  loadEnvConfig(projectRoot, dev, { info: () => {}, error: console.error });
}

export function dataDir() {
  return path.resolve(projectRoot, process.env.DATA_DIR || '.data');
}

/** Whether the embedded engine is in use (no MONGODB_URI). */
export function usesEmbeddedMongo() {
  return !process.env.MONGODB_URI;
}
