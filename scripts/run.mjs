#!/usr/bin/env node
// `npm start` and `npm run dev`: runs the storefront with zero configuration, as the local
// demo: one server on this machine.
//   start: builds the production bundle when it is missing or not of the current sources
//          (scripts/lib/build.mjs), then serves it with scripts/serve.mjs (Next.js's request
//          handler behind a server that appends the client's address to X-Forwarded-For; see
//          there).
//   dev:   `next dev`.
// It marks its server as the local demo (LOCAL_DEMO=true, EMBEDDED_DB_IN_PRODUCTION=true, unless
// set otherwise): the production profile (lib/security/production-profile.mjs) then lets it run
// on the embedded database, and, on a loopback address only, with a generated secret, its own
// address as AUTH_URL and mail to the local outbox. A store that others use runs
// `npm run build` and `npm run serve` with MONGODB_URI, AUTH_SECRET, AUTH_URL and SMTP_URL.
// Without MONGODB_URI, the embedded MongoDB engine for DATA_DIR is started first (or reused if
// it is already running) and stopped again on exit if this command started it. Then the
// start-up step (scripts/migrate.ts) prepares the database, before any build or server.
import { spawn } from 'node:child_process';
import { ensureEmbeddedMongo, stopEmbeddedMongo } from '@storefront/embedded-mongodb';
import { listenOrigin, listenProblem } from '../lib/security/listen.mjs';
import { productionProfileProblem } from '../lib/security/production-profile.mjs';
import { buildIsCurrent, nextBin, runMigrate, runNext, serveScript } from './lib/build.mjs';
import { warnOnOldNode } from './lib/preflight.mjs';
import { dataDir, loadProjectEnv, projectRoot, usesEmbeddedMongo } from './lib/project-env.mjs';

const mode = process.argv[2] === 'dev' ? 'dev' : 'start';
loadProjectEnv(mode === 'dev');
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

const host = process.env.HOST || '127.0.0.1';
const port = process.env.PORT || '3000';
// The server (and `next dev`) read them back: without AUTH_URL, the store's origin is the one
// printed below, `http://HOST:PORT` (lib/security/listen.mjs).
process.env.HOST = host;
process.env.PORT = port;

// The local demo, said plainly to the server (see the top of this file).
process.env.LOCAL_DEMO ||= 'true';
process.env.EMBEDDED_DB_IN_PRODUCTION ||= 'true';

// On any address but loopback, AUTH_URL must say where people reach the store, and the production
// server of `npm start` needs what the production profile asks off loopback: checked before
// anything is started, migrated or built.
// (The server says which set-up it runs, the local demo here, in a line before it is ready.)
// The profile first: on HOST=0.0.0.0 it names AUTH_URL with everything else that is missing.
const served = { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' };
if (mode === 'start') warnOnOldNode();
const problem =
  (mode === 'start' ? productionProfileProblem(served) : null) ?? listenProblem(process.env);
if (problem) {
  console.error(`\nThe storefront cannot start: ${problem}\n`);
  process.exit(1);
}

let engine = null;

async function stopEngine() {
  if (engine?.startedHere) await stopEmbeddedMongo({ dataDir: dataDir() }).catch(() => {});
  engine = null;
}

async function main() {
  if (usesEmbeddedMongo()) {
    try {
      engine = await ensureEmbeddedMongo({ dataDir: dataDir() });
    } catch (error) {
      console.error(`\n${error instanceof Error ? error.message : error}\n`);
      process.exit(1);
    }
    console.log(`Embedded MongoDB: ${engine.uri} (data in ${dataDir()})`);
  }

  // Indexes, migrations and the demo catalogue, before anything reads the database.
  const migrated = await runMigrate();
  if (migrated !== 0) {
    await stopEngine();
    process.exit(migrated);
  }

  if (mode === 'start' && !buildIsCurrent()) {
    console.log('Building the storefront (next build)…');
    const code = await runNext(['build']);
    if (code !== 0) {
      await stopEngine();
      process.exit(code);
    }
  }

  const command =
    mode === 'dev'
      ? [nextBin, 'dev', '-H', host, '-p', port]
      : // Built or checked just above.
        [serveScript, '-H', host, '-p', port, '--skip-build-check'];
  // The server's stdout is a pipe to this process: its lines are readable ones when this
  // command's own output is a terminal (lib/core/log-options.mjs), as if it printed there itself.
  if (process.stdout.isTTY && !process.env.LOG_FORMAT) process.env.LOG_FORMAT = 'pretty';
  const child = spawn(process.execPath, command, {
    cwd: projectRoot,
    stdio: ['inherit', 'pipe', 'inherit'],
    env: process.env,
  });
  let announced = false;
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    if (!announced && /ready/i.test(chunk.toString())) {
      announced = true;
      console.log(
        `\n  The storefront is running at ${listenOrigin({ HOST: host, PORT: port })}  (Ctrl+C stops it)\n`,
      );
    }
  });

  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', async (code) => {
    await stopEngine();
    process.exit(code ?? 0);
  });
}

main();
