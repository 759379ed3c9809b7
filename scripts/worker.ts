// `npm run worker`: the store's background jobs (lib/startup/jobs.ts) on their schedules in a
// process of their own, for a deployment whose web servers run with JOB_RUNNER=off. Each job
// runs at most once at a time across every process and machine (its lease in MongoDB), so a
// worker beside servers that run jobs too is harmless; JOB_RUNNER=off does not stop it. Stops on
// SIGINT/SIGTERM after the runs in progress (at most SHUTDOWN_TIMEOUT_MS, default 10 s; a run cut
// short leaves its lease to run out within JOB_LEASE_SECONDS and is taken over).
import { refuseUnlessProfileAllows, warnOnOldNode } from './lib/preflight.mjs';
import { loadProjectEnv } from './lib/project-env.mjs';

async function main() {
  loadProjectEnv();
  // Before anything connects: with NODE_ENV=production, the production profile of the servers
  // (no embedded database of its own for a worker that was not given MONGODB_URI).
  warnOnOldNode();
  refuseUnlessProfileAllows('The worker');
  // After the .env files: lib/core/env reads the environment once, on import.
  const { closeConnection } = await import('@/lib/core/db');
  const { jobRunsSettled, runAsJobWorker, stopJobRunner } = await import('@/lib/core/jobs');
  const { startStoreJobRunner } = await import('@/lib/startup/jobs');
  const { logger } = await import('@/lib/core/log');
  // The worker exists to run the jobs: JOB_RUNNER (the servers' switch, often in an .env file
  // the servers share with it) does not apply to it.
  runAsJobWorker();

  // Before the first run: a signal at any moment finishes the runs in progress, then exits.
  const deadline = Number(process.env.SHUTDOWN_TIMEOUT_MS || 10_000);
  let stopping = false;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, `[worker] ${signal}: finishing the runs in progress`);
      const timer = setTimeout(() => {
        logger.error(
          { signal, timeoutMs: deadline },
          `[worker] runs still in progress after ${deadline} ms: stopping anyway`,
        );
        process.exit(code);
      }, deadline);
      timer.unref();
      stopJobRunner()
        .then(() => closeConnection())
        .finally(() => process.exit(code));
    });
  }

  const runner = await startStoreJobRunner();
  // The jobs due at start have run (each loads what it needs the first time): from here on the
  // worker waits for the next due time.
  await runner.started;
  await jobRunsSettled();
  if (!stopping) {
    logger.info(
      { jobs: runner.jobs },
      `[worker] running ${runner.jobs.join(', ')} on their schedules`,
    );
  }
  // The runner's timer does not hold the process: this does, until a signal.
  setInterval(() => {}, 1 << 30);
}

main().catch((error: unknown) => {
  console.error(`[worker] cannot start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
