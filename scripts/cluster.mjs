#!/usr/bin/env node
// `npm run cluster`: the store as several machines run it, on this one: the production build
// (`npm run build` first), one MongoDB (MONGODB_URI, or the embedded engine of DATA_DIR), a real
// Redis for the shared cache (`redis-server` on 127.0.0.1:REDIS_PORT, default 6390, unless
// REDIS_URL is given) and CLUSTER_SIZE instances (default 2) on PORT, PORT + 1, ... (default
// 3000), each running the background jobs (one run of each job at a time across them: their
// leases). Every instance shares the database, the Redis, AUTH_SECRET and the build, as a real
// deployment behind a load balancer would. Ctrl+C stops everything it started.
import { ensureEmbeddedMongo, stopEmbeddedMongo } from '@storefront/embedded-mongodb';
import { buildProblem, runMigrate } from './lib/build.mjs';
import { startCluster } from './lib/cluster.mjs';
import { dataDir, loadProjectEnv, usesEmbeddedMongo } from './lib/project-env.mjs';

loadProjectEnv();
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
const distDir = process.env.NEXT_DIST_DIR || '.next';
const basePort = Number(process.env.PORT || 3000);
const count = Number(process.env.CLUSTER_SIZE || 2);

async function main() {
  const problem = buildProblem(distDir);
  if (problem) throw new Error(`npm run cluster serves the production build: ${problem}`);
  let engine = null;
  if (usesEmbeddedMongo()) {
    // Every instance on this machine's embedded database, on loopback: the local demo's set-up,
    // said to the production profile (docs/operations.md has the real multi-machine recipe).
    process.env.EMBEDDED_DB_IN_PRODUCTION ||= 'true';
    process.env.LOCAL_DEMO ||= 'true';
    engine = await ensureEmbeddedMongo({ dataDir: dataDir() });
    console.log(`Embedded MongoDB: ${engine.uri} (data in ${dataDir()})`);
  }
  if ((await runMigrate()) !== 0) throw new Error('npm run db:migrate failed');
  const cluster = await startCluster({
    env: { ...process.env, NODE_ENV: 'production' },
    distDir,
    basePort,
    count,
    redisPort: Number(process.env.REDIS_PORT || 6390),
    redisUrl: process.env.REDIS_URL || null,
  });
  console.log(
    `\n  ${count} instances of the storefront share ${cluster.redisUrl}:\n${cluster.instances
      .map((instance) => `    ${instance.name}  ${instance.url}`)
      .join('\n')}\n  (Ctrl+C stops them)\n`,
  );
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      await cluster.stop();
      if (engine?.startedHere) await stopEmbeddedMongo({ dataDir: dataDir() }).catch(() => {});
      process.exit(0);
    });
  }
}

main().catch((error) => {
  console.error(`\nThe cluster cannot start: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
});
