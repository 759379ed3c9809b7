#!/usr/bin/env node
// The environment Playwright tests run against, started as Playwright's web server:
//  - a fresh embedded MongoDB in E2E_DATA_DIR;
//  - the local stand-ins of Stripe, Google (OpenID Connect) and Cloudinary (e2e/stand-ins);
//  - a production build in its own dist directory (so it never clobbers a developer's .next),
//    made against this run's database (the home page is pre-rendered from it);
//  - the production server twice on 127.0.0.1, started as `npm start` starts it
//    (scripts/serve.mjs): E2E_PORT (images in GridFS) and E2E_PORT + 1 (images on the
//    Cloudinary stand-in), both on the same database. With TRUSTED_PROXY_HOPS=1, as behind one
//    proxy: each test's x-forwarded-for address (e2e/support/fixtures.ts) stands for the proxy's
//    entry, and the server appends the real peer to its right.
// Mail goes to smtp://127.0.0.1:E2E_PORT+25, where tests start an SMTP server when they
// need one. Everything is stopped, and the data directory removed, when Playwright stops it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { ensureEmbeddedMongo, stopEmbeddedMongo } from '@storefront/embedded-mongodb';
import { runMigrate, runNext, serveScript } from './lib/build.mjs';
import { projectRoot } from './lib/project-env.mjs';
import { waitForUrl } from './lib/wait.mjs';
import { startStandIns } from '../e2e/stand-ins/index.mjs';
import { APP_CLOUDINARY_PORT, APP_PORT } from '../e2e/stand-ins/ports.mjs';

const dataDir = process.env.E2E_DATA_DIR;
const distDir = process.env.NEXT_DIST_DIR || '.next-e2e';
if (!dataDir) {
  console.error('E2E_DATA_DIR is not set (playwright.config.ts sets it).');
  process.exit(1);
}

const children = [];
let standIns = null;
let stopping = false;

async function cleanUp(code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children
      .filter((child) => child.exitCode === null)
      .map((child) => {
        child.kill('SIGTERM');
        return new Promise((resolve) => child.once('exit', resolve));
      }),
  );
  await standIns?.stop();
  await stopEmbeddedMongo({ dataDir }).catch(() => {});
  if (!process.env.E2E_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => cleanUp(0));

function startApp(port, env) {
  // Built just before, by this script.
  const args = [serveScript, '-H', '127.0.0.1', '-p', String(port), '--skip-build-check'];
  const child = spawn(process.execPath, args, { cwd: projectRoot, stdio: 'inherit', env });
  child.on('exit', (code) => cleanUp(code ?? 1));
  children.push(child);
}

async function main() {
  const engine = await ensureEmbeddedMongo({ dataDir });
  console.log(`[e2e] embedded MongoDB at ${engine.uri}`);
  standIns = await startStandIns();
  const env = {
    ...process.env,
    ...standIns.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    NEXT_DIST_DIR: distDir,
    DATA_DIR: dataDir,
    MONGODB_URI: '',
    ADMIN_EMAILS: '',
    AUTH_URL: '',
    TRUSTED_PROXY_HOPS: '1',
    // The servers' request lines would bury Playwright's report: warnings and errors only,
    // unless the run asks for more (LOG_LEVEL=info).
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    // Production servers on one machine's embedded database, on loopback, each on its own
    // origin (http://127.0.0.1:PORT, no AUTH_URL) with the secret generated into DATA_DIR: the
    // local demo's set-up, said to the production profile (lib/security/production-profile.mjs).
    EMBEDDED_DB_IN_PRODUCTION: 'true',
    LOCAL_DEMO: 'true',
  };
  // Always a new build: the build pre-renders the home page from the database it runs
  // against, and this run's database is a fresh one.
  const migrated = await runMigrate(env);
  if (migrated !== 0) return cleanUp(migrated);
  // The security headers (lib/security/headers.mjs) are fixed at build time and allow the
  // origins of the build's environment: build with the Cloudinary stand-in's configuration
  // too, so that the instance using it may show its pictures. CLOUDINARY_URL is read at run
  // time everywhere else, so the first instance still keeps images in GridFS.
  const code = await runNext(['build'], { ...env, ...standIns.cloudinaryEnv });
  if (code !== 0) return cleanUp(code);
  // The Cloudinary instance first, so both answer by the time Playwright sees the main one.
  startApp(APP_CLOUDINARY_PORT, { ...env, ...standIns.cloudinaryEnv });
  await waitForUrl(`http://127.0.0.1:${APP_CLOUDINARY_PORT}/api/product`);
  startApp(APP_PORT, env);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  cleanUp(1);
});
