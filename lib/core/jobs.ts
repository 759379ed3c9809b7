import 'server-only';
import { errorText, logger } from './log';
import { randomUUID } from 'node:crypto';
import { afterResponse } from '@/lib/core/background';
import { collections } from '@/lib/core/collections';
import { getDb } from '@/lib/core/db';

/**
 * Background jobs: work that follows a change but must not run inside the request that made it
 * (drawing an invoice at Stripe, the unpaid-order expiry, the outbox's retries, orphan uploads,
 * overdue sweeps, reminders). A feature registers each job once (`registerJob`, when its module
 * loads; lib/startup/jobs.ts loads them all); it then runs
 * - on a schedule, by the job runner (`startJobRunner`): `npm run serve` starts one in every
 *   server process (unless JOB_RUNNER=off), `npm run worker` runs one on its own, and on Vercel
 *   `GET /api/cron/{job}` (Vercel Cron, with CRON_SECRET) runs each job on its schedule;
 * - when woken (`wakeJob`), after the response of the request that woke it;
 * - in a process without a runner, `sweepJobs()` (called on ordinary requests) starts every job
 *   whose interval has passed, after the response; no request ever waits for a job;
 * - on demand (`runJobNow`, for tests, scripts and the cron endpoint), awaited.
 *
 * Exactly one instance runs a job at a time: a run first takes the job's lease, one document in
 * `jobLeases` keyed by the job's name, with ONE conditional update (free, or its lease ran out).
 * A holder that dies leaves a lease that runs out after `leaseMs`; a run that finishes gives it
 * back. A job must therefore be safe to run again after a crash (each step idempotent), which is
 * how every store write of ours is made anyway.
 */

export interface JobDefinition {
  /** A stable name, `<feature>.<what>` (also the lease's key). */
  name: string;
  /** How often the schedule runs it, at most, per process. */
  everyMs: number;
  /** How long one run may hold the lease; a dead holder's runs out after it. Default 2 minutes. */
  leaseMs?: number;
  run: (now: Date) => Promise<unknown>;
}

interface JobState {
  definition: JobDefinition;
  /** When this process last started it (the schedule's clock). */
  startedAt: number;
  running: Promise<JobOutcome> | null;
  /** Woken while running: run once more when done. */
  again: boolean;
}

export type JobOutcome = 'ran' | 'busy' | 'unknown' | 'failed';

const DEFAULT_LEASE_MS = 120_000;

const registry = ((
  globalThis as typeof globalThis & { __storefrontJobs?: Map<string, JobState> }
).__storefrontJobs ??= new Map());

/** This process's name on the leases it takes. */
const holderId = `${process.pid}-${randomUUID()}`;

/** Registers a job (again: the newest definition wins, for hot reloads). */
export function registerJob(definition: JobDefinition): void {
  const known = registry.get(definition.name);
  if (known) known.definition = definition;
  else registry.set(definition.name, { definition, startedAt: 0, running: null, again: false });
}

/** The names of the jobs registered in this process. */
export function registeredJobs(): string[] {
  return [...registry.keys()];
}

async function leases() {
  return collections(await getDb()).jobLeases;
}

/**
 * Takes the job's lease: true when this process now holds it. A scheduled run (`everyMs`) takes
 * it only when no run started in ANY process within `everyMs` either, so N runners run a job
 * once per interval between them, not N times; a woken or on-demand run takes any free lease.
 */
async function takeLease(
  name: string,
  leaseMs: number,
  now: Date,
  everyMs: number | null,
): Promise<boolean> {
  const update = {
    $set: {
      holder: holderId,
      lastHolder: holderId,
      until: new Date(now.getTime() + leaseMs),
      lastStartedAt: now,
    },
    $inc: { runs: 1 },
  };
  const free = { $or: [{ holder: null }, { until: { $lte: now } }] };
  const due =
    everyMs === null
      ? {}
      : {
          $and: [
            free,
            {
              $or: [
                { lastStartedAt: { $exists: false } },
                { lastStartedAt: { $lte: new Date(now.getTime() - everyMs) } },
              ],
            },
          ],
        };
  const jobLeases = await leases();
  try {
    const taken = await jobLeases.updateOne(
      everyMs === null ? { _id: name, ...free } : { _id: name, ...due },
      update,
    );
    if (taken.matchedCount === 1) return true;
    // No lease document yet: the first run creates it (a unique _id lets one of two win).
    await jobLeases.insertOne({ _id: name, ...update.$set, runs: 1 });
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 11000) return false;
    throw error;
  }
}

async function giveLease(name: string, error: unknown): Promise<void> {
  await (
    await leases()
  ).updateOne(
    { _id: name, holder: holderId },
    {
      $set: {
        holder: null,
        until: new Date(0),
        lastFinishedAt: new Date(),
        lastError: error === undefined ? null : String((error as Error)?.message ?? error),
      },
    },
  );
}

/** Who hears of every run of a job in this process (the metrics' job durations). */
type JobListener = (name: string, seconds: number, outcome: JobOutcome) => void;
const listeners = ((
  globalThis as typeof globalThis & { __storefrontJobListeners?: Set<JobListener> }
).__storefrontJobListeners ??= new Set());

/** Hears of every run of a job in this process: its name, how long it took and its outcome. */
export function onJobRun(listener: JobListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function runOnce(state: JobState, scheduled: boolean): Promise<JobOutcome> {
  const { name, leaseMs = DEFAULT_LEASE_MS, run, everyMs } = state.definition;
  const now = new Date();
  if (!(await takeLease(name, leaseMs, now, scheduled ? everyMs : null))) return 'busy';
  const started = performance.now();
  let failure: unknown;
  try {
    await run(now);
  } catch (error) {
    failure = error ?? 'failed';
    logger.error(`[jobs] ${name} failed: ${errorText(error)}`);
  } finally {
    await giveLease(name, failure).catch(() => undefined);
  }
  const outcome = failure === undefined ? 'ran' : 'failed';
  const seconds = (performance.now() - started) / 1000;
  for (const listener of listeners) {
    try {
      listener(name, seconds, outcome);
    } catch {
      // A listener's failure is never the job's.
    }
  }
  return outcome;
}

/**
 * Runs the job in this process unless it is running here already (then once more after). A
 * `scheduled` run (the runner's, `sweepJobs`') runs only when the job is due across every
 * process (see takeLease); the run again after a wake-up is not a scheduled one.
 */
function start(state: JobState, scheduled = false): Promise<JobOutcome> {
  if (state.running) {
    state.again = true;
    return state.running;
  }
  state.startedAt = Date.now();
  state.running = (async () => {
    let outcome: JobOutcome;
    let firstScheduled = scheduled;
    do {
      state.again = false;
      outcome = await runOnce(state, firstScheduled);
      firstScheduled = false;
    } while (state.again);
    return outcome;
  })().finally(() => {
    state.running = null;
  });
  return state.running;
}

/**
 * Runs a job now and waits for it: 'ran', 'failed' (logged), 'busy' (another instance holds
 * its lease) or 'unknown' (no such job registered in this process).
 */
export async function runJobNow(name: string): Promise<JobOutcome> {
  const state = registry.get(name);
  return state ? start(state) : 'unknown';
}

/** Runs a job soon, after the current response (never inside it). */
export function wakeJob(name: string): void {
  const state = registry.get(name);
  if (state) afterResponse(`jobs:${name}`, () => start(state));
}

/**
 * The schedule for a process without a job runner: starts, after the current response, every
 * registered job whose interval has passed in this process. Cheap when nothing is due (no
 * database access); nothing at all when a runner runs in this process.
 */
export function sweepJobs(): void {
  if (runnerState().runner) return;
  for (const state of dueJobs()) {
    state.startedAt = Date.now();
    afterResponse(`jobs:${state.definition.name}`, () => start(state, true));
  }
}

/** The jobs not running in this process whose interval has passed here. */
function dueJobs(): JobState[] {
  const now = Date.now();
  return [...registry.values()].filter(
    (state) => !state.running && now - state.startedAt >= state.definition.everyMs,
  );
}

// ---- The job runner --------------------------------------------------------------------------

/** How often the runner looks for jobs whose interval has passed. */
export const RUNNER_TICK_MS = 5_000;

interface Runner {
  timer: ReturnType<typeof setInterval>;
}

function runnerState() {
  return ((
    globalThis as typeof globalThis & { __storefrontJobRunner?: { runner: Runner | null } }
  ).__storefrontJobRunner ??= { runner: null });
}

/** Starts every job whose interval has passed in this process (the runner's tick). */
function tick(): void {
  for (const state of dueJobs()) void start(state, true);
}

/**
 * Runs every registered job on its schedule in this process, from now on, until stopped: each
 * tick (every `tickMs`) starts the jobs whose interval has passed; a job's lease keeps it to one
 * run at a time across every process and machine (a second runner finds it `busy`). Once per
 * process (a second call answers the first runner's stop). The timer never keeps a process alive
 * by itself. `stop()` stops the ticks and waits for the runs in progress (their leases are given
 * back as they finish).
 */
export function startJobRunner({ tickMs = RUNNER_TICK_MS } = {}): { stop: () => Promise<void> } {
  const state = runnerState();
  if (!state.runner) {
    const timer = setInterval(tick, tickMs);
    timer.unref?.();
    state.runner = { timer };
    // For the server's graceful shutdown (scripts/serve.mjs), outside the app's bundle.
    (globalThis as { __storefrontStopJobs?: () => Promise<void> }).__storefrontStopJobs =
      stopJobRunner;
    tick();
  }
  return { stop: stopJobRunner };
}

/** Stops this process's runner and waits for the runs in progress. */
export async function stopJobRunner(): Promise<void> {
  const state = runnerState();
  if (state.runner) clearInterval(state.runner.timer);
  state.runner = null;
  await Promise.allSettled(
    [...registry.values()].map((job) => job.running).filter((running) => running !== null),
  );
}

/** Whether a job runner runs in this process. */
export function jobRunnerRunning(): boolean {
  return runnerState().runner !== null;
}
