#!/usr/bin/env node
// The server Playwright tests run against: a production build (in its own dist directory, so
// it never clobbers a developer's .next) served by `next start` on 127.0.0.1, over a fresh
// embedded MongoDB in E2E_DATA_DIR. Everything it starts is stopped, and the data directory
// removed, when Playwright stops it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { ensureEmbeddedMongo, stopEmbeddedMongo } from './embedded-mongo/launcher.mjs';
import { buildIsCurrent, nextBin, runNext } from './lib/build.mjs';
import { projectRoot } from './lib/project-env.mjs';

const dataDir = process.env.E2E_DATA_DIR;
const port = process.env.E2E_PORT || '3100';
const distDir = process.env.NEXT_DIST_DIR || '.next-e2e';
if (!dataDir) {
  console.error('E2E_DATA_DIR is not set (playwright.config.ts sets it).');
  process.exit(1);
}

const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_DIST_DIR: distDir,
  DATA_DIR: dataDir,
  MONGODB_URI: '',
};

let child = null;
let stopping = false;

async function cleanUp(code) {
  if (stopping) return;
  stopping = true;
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await stopEmbeddedMongo({ dataDir }).catch(() => {});
  if (!process.env.E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => cleanUp(0));

async function main() {
  const engine = await ensureEmbeddedMongo({ dataDir });
  console.log(`[e2e] embedded MongoDB at ${engine.uri}`);
  if (!buildIsCurrent(distDir)) {
    const code = await runNext(['build'], env);
    if (code !== 0) return cleanUp(code);
  }
  child = spawn(process.execPath, [nextBin, 'start', '-H', '127.0.0.1', '-p', port], {
    cwd: projectRoot,
    stdio: 'inherit',
    env,
  });
  child.on('exit', (code) => cleanUp(code ?? 1));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  cleanUp(1);
});
