import 'server-only';
import { randomUUID } from 'node:crypto';
import { afterResponse } from '@/lib/core/background';
import { collections } from '@/lib/core/collections';
import { getDb } from '@/lib/core/db';

/**
 * Background jobs: work that follows a change but must not run inside the request that made it
 * (drawing an invoice at Stripe, overdue sweeps, reminders). A feature registers each job once
 * (`registerJob`); it then runs
 * - when woken (`wakeJob`), after the response of the request that woke it;
 * - on a schedule: `sweepJobs()` (called on ordinary requests) starts every job whose interval
 *   has passed in this process;
 * - on demand (`runJobNow`, for tests, scripts and a cron endpoint), awaited.
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

/** Takes the job's lease: true when this process now holds it. */
async function takeLease(name: string, leaseMs: number, now: Date): Promise<boolean> {
  const update = {
    $set: { holder: holderId, until: new Date(now.getTime() + leaseMs), lastStartedAt: now },
  };
  const jobLeases = await leases();
  try {
    const taken = await jobLeases.updateOne(
      { _id: name, $or: [{ holder: null }, { until: { $lte: now } }] },
      update,
    );
    if (taken.matchedCount === 1) return true;
    // No lease document yet: the first run creates it (a unique _id lets one of two win).
    await jobLeases.insertOne({ _id: name, ...update.$set });
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

async function runOnce(state: JobState): Promise<JobOutcome> {
  const { name, leaseMs = DEFAULT_LEASE_MS, run } = state.definition;
  const now = new Date();
  if (!(await takeLease(name, leaseMs, now))) return 'busy';
  let failure: unknown;
  try {
    await run(now);
  } catch (error) {
    failure = error ?? 'failed';
    console.error(`[jobs] ${name} failed:`, error instanceof Error ? error.message : error);
  } finally {
    await giveLease(name, failure).catch(() => undefined);
  }
  return failure === undefined ? 'ran' : 'failed';
}

/** Runs the job in this process unless it is running here already (then once more after). */
function start(state: JobState): Promise<JobOutcome> {
  if (state.running) {
    state.again = true;
    return state.running;
  }
  state.startedAt = Date.now();
  state.running = (async () => {
    let outcome: JobOutcome;
    do {
      state.again = false;
      outcome = await runOnce(state);
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
 * The schedule: starts, after the current response, every registered job whose interval has
 * passed in this process. Cheap when nothing is due (no database access).
 */
export function sweepJobs(): void {
  const now = Date.now();
  for (const state of registry.values()) {
    if (!state.running && now - state.startedAt >= state.definition.everyMs) {
      state.startedAt = now;
      afterResponse(`jobs:${state.definition.name}`, () => start(state));
    }
  }
}
