import 'server-only';
import { errorText, logger } from './log';
import { randomUUID } from 'node:crypto';
import { afterResponse } from '@/lib/core/background';
import { collections } from '@/lib/core/collections';
import { getDb } from '@/lib/core/db';
import { env } from '@/lib/core/env';

/**
 * Background jobs: work that follows a change but must not run inside the request that made it
 * (drawing an invoice at Stripe, the unpaid-order expiry, the outbox's retries, orphan uploads,
 * overdue sweeps, reminders). A feature registers each job once (`registerJob`, when its module
 * loads; lib/startup/jobs.ts loads them all); it then runs
 * - on its schedule, by a job runner (`startJobRunner`): `npm run serve` starts one in every
 *   server process unless JOB_RUNNER=off, `npm run worker` runs one on its own, and on Vercel
 *   `GET /api/cron/{job}` (Vercel Cron, with CRON_SECRET) runs each job on its schedule;
 * - when woken (`wakeJob`), after the response of the request that woke it;
 * - on demand (`runJobNow`, for tests, scripts and the cron endpoint), awaited.
 * No request ever starts a scheduled job or waits for one.
 *
 * JOB_RUNNER=off is checked at the one place every run passes through (`takeLease`): a process
 * with it runs no job by any path and never writes a lease (the worker alone runs whatever its
 * environment says: `runAsJobWorker`).
 *
 * Exactly one instance runs a job at a time: a run first takes the job's lease, one document in
 * `jobLeases` keyed by the job's name, with ONE conditional update (free, or its lease ran out).
 * The lease is short (JOB_LEASE_SECONDS, 30 s by default) and renewed while the job works (a
 * heartbeat every third of it), so a long run keeps it and a dead holder's job moves on within
 * one lease. The schedule is the lease's: a job is due when `lastStartedAt` (set by whichever
 * process ran it last) is one interval old, and every runner sets its timer for that moment, so
 * a job starts on time whichever runner starts it. A job must be safe to run again after a crash
 * (each step idempotent, each item claimed), which is how every store write of ours is made.
 * A run has a longest time (`maxRunMs`, 10 minutes by default): past it the run is told to stop,
 * and one that does not is left behind, its lease given back, so a hung run never holds a job.
 */

export interface JobContext {
  /**
   * Aborted when this run no longer holds its lease (a heartbeat found another holder, or the
   * lease ran out before a heartbeat could renew it) or its runner was killed: a job that works
   * through many items checks it between them and stops.
   */
  signal: AbortSignal;
}

export interface JobDefinition {
  /** A stable name, `<feature>.<what>` (also the lease's key). */
  name: string;
  /** The schedule: a run starts this long after the previous run started, in any process. */
  everyMs: number;
  /**
   * The longest a run may take (default `DEFAULT_MAX_RUN_MS`): then its signal is aborted, and a
   * run still going a third of a lease later is left behind, its lease given back, so that a
   * hung run (a call that never answers) cannot keep its lease alive by heartbeats forever.
   */
  maxRunMs?: number;
  run: (now: Date, context: JobContext) => Promise<unknown>;
}

/** The longest a job's run may take unless its definition says otherwise: 10 minutes. */
export const DEFAULT_MAX_RUN_MS = 10 * 60_000;

/**
 * 'ran', 'failed' (logged; also when the run lost its lease), 'busy' (another instance holds its
 * lease, or it is not due), 'unknown' (no such job registered here) or 'off' (JOB_RUNNER=off).
 */
export type JobOutcome = 'ran' | 'busy' | 'unknown' | 'failed' | 'off';

/** The time a runner goes by: the real one, or a movable one in tests. */
export interface JobClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: JobClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    // A runner's timers never keep a process alive by themselves.
    timer.unref?.();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The longest a runner's timer waits before it reads the leases again (new jobs, changes). */
export const RUNNER_MAX_WAIT_MS = 60_000;

interface Registry {
  definitions: Map<string, JobDefinition>;
  /** `npm run worker`: JOB_RUNNER (the servers' switch) does not apply to this process. */
  worker: boolean;
  runner: JobRunner | null;
  /** The runner that runs woken and on-demand jobs in this process (started or not). */
  local: JobRunner | null;
}

const registry: Registry = ((
  globalThis as typeof globalThis & { __storefrontJobRegistry?: Registry }
).__storefrontJobRegistry ??= { definitions: new Map(), worker: false, runner: null, local: null });

/** Registers a job (again: the newest definition wins, for hot reloads). */
export function registerJob(definition: JobDefinition): void {
  registry.definitions.set(definition.name, definition);
}

/** The names of the jobs registered in this process. */
export function registeredJobs(): string[] {
  return [...registry.definitions.keys()];
}

/** Marks this process as `npm run worker`: it runs jobs whatever JOB_RUNNER says. */
export function runAsJobWorker(): void {
  registry.worker = true;
}

/** Whether this process may run jobs (and take their leases) at all. */
export function jobsRunHere(): boolean {
  return registry.worker || env.JOB_RUNNER !== 'off';
}

async function leases() {
  return collections(await getDb()).jobLeases;
}

interface LeaseView {
  holder: string | null;
  until: Date;
  lastStartedAt?: Date;
}

/**
 * When a runner should next look at a job, from its lease: when it is due (`lastStartedAt` plus
 * the interval; at once without a lease), or, while another holder keeps the lease past that,
 * when the lease runs out (a live holder renews it; a dead one's job moves on then).
 */
export function nextCheckAt(lease: LeaseView | null, everyMs: number, now: number): number {
  const due = lease?.lastStartedAt ? lease.lastStartedAt.getTime() + everyMs : now;
  const until = lease?.until.getTime() ?? 0;
  if (!lease?.holder || until <= now) return due;
  return due > now ? Math.min(due, until) : until;
}

interface RunState {
  running: Promise<JobOutcome>;
  /** Woken while running: run once more when done. */
  again: boolean;
  controller: AbortController | null;
}

export interface JobRunnerOptions {
  clock?: JobClock;
  /** How long a run holds its lease between heartbeats (default JOB_LEASE_SECONDS). */
  leaseMs?: number;
  /** The jobs it runs (default: every registered job, read at each look). */
  jobs?: () => JobDefinition[];
}

/**
 * A job runner: runs jobs under their leases, on their schedule once started. One per process
 * in the store (`startJobRunner`); tests make several on one movable clock.
 */
export class JobRunner {
  /** Its name on the leases it takes: `<pid>-<uuid>`. */
  readonly holder = `${process.pid}-${randomUUID()}`;
  readonly clock: JobClock;
  readonly leaseMs: number;
  private readonly jobs: () => JobDefinition[];
  private readonly runs = new Map<string, RunState>();
  private timer: unknown = null;
  private scheduling = false;
  private killed = false;
  /** Its own database work in flight (looks, leases, heartbeats), for `idle()`. */
  private readonly pending = new Set<Promise<unknown>>();

  constructor(options: JobRunnerOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.leaseMs = options.leaseMs ?? env.JOB_LEASE_SECONDS * 1000;
    this.jobs = options.jobs ?? (() => [...registry.definitions.values()]);
  }

  /**
   * Runs its jobs on their schedule from now on: a look at once (resolved when it has started
   * the jobs due now), then a timer per due time.
   */
  start(): Promise<void> {
    if (this.scheduling || this.killed) return Promise.resolve();
    this.scheduling = true;
    return this.lookNow();
  }

  /** Stops the schedule and waits for the runs in progress (they give their leases back). */
  async stop(): Promise<void> {
    this.scheduling = false;
    this.clearTimer();
    await this.settled();
    await this.idle();
  }

  /**
   * As if its process died: no more looks, heartbeats or writes; its leases are left to run
   * out. Its runs' signals are aborted.
   */
  kill(): void {
    this.killed = true;
    this.scheduling = false;
    this.clearTimer();
    for (const run of this.runs.values()) run.controller?.abort(new Error('runner killed'));
  }

  /** Resolves once none of its runs is in progress (runs started meanwhile included). */
  async settled(): Promise<void> {
    while (this.runs.size > 0) {
      await Promise.allSettled([...this.runs.values()].map((run) => run.running));
    }
  }

  /** Resolves once none of its own database work is in flight (tests on a movable clock). */
  async idle(): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.pending.size === 0) return;
      await Promise.allSettled([...this.pending]);
    }
  }

  /** Runs a job now, unless it runs here already (then once more after), taking any free lease. */
  runNow(name: string): Promise<JobOutcome> {
    const definition = this.jobs().find((job) => job.name === name);
    return definition ? this.begin(definition, false) : Promise.resolve('unknown');
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work)).catch(() => undefined);
    return work;
  }

  private clearTimer(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Sets its one timer for `at` (replacing the one set before). */
  private lookSoon(at: number): void {
    if (!this.scheduling) return;
    this.clearTimer();
    const wait = Math.max(0, at - this.clock.now());
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.lookNow();
    }, wait);
  }

  /** Looks now; when the leases cannot be read, looks again a lease later (never throws). */
  private lookNow(): Promise<void> {
    return this.track(this.look()).catch((error: unknown) => {
      logger.error(`[jobs] cannot read the leases: ${errorText(error)}`);
      this.lookSoon(this.clock.now() + Math.min(this.leaseMs, RUNNER_MAX_WAIT_MS));
    });
  }

  /** Reads its jobs' leases, starts the due ones and sets the timer for the next due time. */
  private async look(): Promise<void> {
    if (!this.scheduling) return;
    const jobs = this.jobs();
    const found = await (
      await leases()
    )
      .find({ _id: { $in: jobs.map((job) => job.name) } })
      .toArray();
    if (!this.scheduling) return;
    const byName = new Map(found.map((lease) => [lease._id, lease]));
    const now = this.clock.now();
    let next = now + RUNNER_MAX_WAIT_MS;
    for (const job of jobs) {
      // A run here looks again as soon as it ends.
      if (this.runs.has(job.name)) continue;
      const at = nextCheckAt(byName.get(job.name) ?? null, job.everyMs, now);
      if (at <= now) void this.begin(job, true);
      else next = Math.min(next, at);
    }
    this.lookSoon(next);
  }

  /**
   * Runs the job in this runner unless it runs here already: then a woken or on-demand run makes
   * it run once more after, and a scheduled one is that run (two looks that overlap start a job
   * once). A scheduled run takes the lease only when the job is due across every process; the
   * run again after a wake-up is not a scheduled one.
   */
  private begin(definition: JobDefinition, scheduled: boolean): Promise<JobOutcome> {
    const known = this.runs.get(definition.name);
    if (known) {
      if (!scheduled) known.again = true;
      return known.running;
    }
    // `running` is set just below: its loop reads `again` from this state.
    const state: RunState = { running: Promise.resolve('busy'), again: false, controller: null };
    state.running = (async () => {
      let outcome: JobOutcome;
      let firstScheduled = scheduled;
      do {
        state.again = false;
        outcome = await this.runOnce(definition, state, firstScheduled);
        firstScheduled = false;
      } while (state.again && !this.killed);
      return outcome;
    })().finally(() => {
      this.runs.delete(definition.name);
      // The schedule goes on from this run's start (or from the run that beat this one to it).
      if (!this.killed) this.lookSoon(this.clock.now());
    });
    this.runs.set(definition.name, state);
    return state.running;
  }

  private async runOnce(
    definition: JobDefinition,
    state: RunState,
    scheduled: boolean,
  ): Promise<JobOutcome> {
    const { name, everyMs, run } = definition;
    if (!jobsRunHere()) return 'off';
    const now = new Date(this.clock.now());
    if (!(await this.track(this.takeLease(name, now, scheduled ? everyMs : null)))) return 'busy';
    const controller = new AbortController();
    state.controller = controller;
    const heartbeat = this.heartbeat(name, now, controller);
    const overdue = this.runLimit(name, definition.maxRunMs ?? DEFAULT_MAX_RUN_MS, controller);
    const started = performance.now();
    let failure: unknown;
    try {
      await Promise.race([run(now, { signal: controller.signal }), overdue.leftBehind]);
    } catch (error) {
      failure = error ?? 'failed';
    } finally {
      heartbeat.stop();
      overdue.stop();
    }
    // A killed runner is a dead process: it logs, reports and writes nothing more.
    if (this.killed) return 'failed';
    if (failure === undefined && controller.signal.aborted) failure = controller.signal.reason;
    if (failure !== undefined) logger.error(`[jobs] ${name} failed: ${errorText(failure)}`);
    // A lost lease is another holder's now: the update below only touches a lease this runner
    // still holds.
    await this.track(this.giveLease(name, failure)).catch(() => undefined);
    const outcome = failure === undefined ? 'ran' : 'failed';
    report(name, (performance.now() - started) / 1000, outcome);
    return outcome;
  }

  /**
   * Takes the job's lease: true when this runner now holds it. A scheduled run (`everyMs`) takes
   * it only when no run started in ANY process within `everyMs` either, so N runners run a job
   * once per interval between them, not N times; a woken or on-demand run takes any free lease.
   */
  private async takeLease(name: string, now: Date, everyMs: number | null): Promise<boolean> {
    const update = {
      $set: {
        holder: this.holder,
        lastHolder: this.holder,
        until: new Date(now.getTime() + this.leaseMs),
        lastStartedAt: now,
      },
      $inc: { runs: 1 },
    };
    const free = { $or: [{ holder: null }, { until: { $lte: now } }] };
    const due =
      everyMs === null
        ? free
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
      const taken = await jobLeases.updateOne({ _id: name, ...due }, update);
      if (taken.matchedCount === 1) return true;
      // No lease document yet: the first run creates it (a unique _id lets one of two win).
      await jobLeases.insertOne({ _id: name, ...update.$set, runs: 1 });
      return true;
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return false;
      throw error;
    }
  }

  /**
   * Renews the lease every third of its length while the job works. When the lease is another
   * holder's (this one's ran out and was taken over) or ran out without a renewal (the database
   * did not answer for a whole lease), the run's signal is aborted.
   */
  private heartbeat(name: string, startedAt: Date, controller: AbortController) {
    let until = startedAt.getTime() + this.leaseMs;
    let stopped = false;
    let timer: unknown = null;
    const lose = (why: string) => {
      logger.warn(`[jobs] ${name} lost its lease (${why}): the run stops`);
      controller.abort(new Error(`lost its lease: ${why}`));
    };
    const beat = async () => {
      if (stopped || this.killed) return;
      const now = this.clock.now();
      const renewed = new Date(now + this.leaseMs);
      try {
        const kept = await (
          await leases()
        ).updateOne({ _id: name, holder: this.holder }, { $set: { until: renewed } });
        if (stopped || this.killed) return;
        if (kept.matchedCount === 1) {
          until = renewed.getTime();
          schedule();
        } else lose('another holder took it');
      } catch (error) {
        if (stopped || this.killed) return;
        if (this.clock.now() >= until) lose(`not renewed before it ran out: ${errorText(error)}`);
        else schedule();
      }
    };
    const schedule = () => {
      if (stopped || this.killed) return;
      timer = this.clock.setTimeout(
        () => void this.track(beat()),
        Math.max(1, Math.floor(this.leaseMs / 3)),
      );
    };
    schedule();
    return {
      stop: () => {
        stopped = true;
        if (timer !== null) this.clock.clearTimeout(timer);
      },
    };
  }

  /**
   * The run's longest time: at `maxRunMs` its signal is aborted; if it has not ended a third of
   * a lease later (a call that never answers, a job that does not check its signal), `leftBehind`
   * rejects, so that the run is over for this runner: its lease is given back and its schedule
   * goes on. Whatever the run still does then is what a crashed run leaves, which every job is
   * made to survive.
   */
  private runLimit(name: string, maxRunMs: number, controller: AbortController) {
    let timer: unknown = null;
    let stopped = false;
    let leave: (error: Error) => void = () => undefined;
    const leftBehind = new Promise<never>((_resolve, reject) => {
      leave = reject;
    });
    // Never an unhandled rejection: only the race reads it.
    leftBehind.catch(() => undefined);
    const seconds = Math.round(maxRunMs / 1000);
    timer = this.clock.setTimeout(() => {
      if (stopped || this.killed) return;
      logger.error(`[jobs] ${name} ran longer than ${seconds} s: the run is told to stop`);
      controller.abort(new Error(`ran longer than ${seconds} s`));
      timer = this.clock.setTimeout(
        () => {
          if (stopped || this.killed) return;
          leave(new Error(`ran longer than ${seconds} s and did not stop: left behind`));
        },
        Math.max(1, Math.floor(this.leaseMs / 3)),
      );
    }, maxRunMs);
    return {
      leftBehind,
      stop: () => {
        stopped = true;
        if (timer !== null) this.clock.clearTimeout(timer);
      },
    };
  }

  private async giveLease(name: string, error: unknown): Promise<void> {
    await (
      await leases()
    ).updateOne(
      { _id: name, holder: this.holder },
      {
        $set: {
          holder: null,
          until: new Date(0),
          lastFinishedAt: new Date(this.clock.now()),
          lastError: error === undefined ? null : String((error as Error)?.message ?? error),
        },
      },
    );
  }
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

function report(name: string, seconds: number, outcome: JobOutcome): void {
  for (const listener of listeners) {
    try {
      listener(name, seconds, outcome);
    } catch {
      // A listener's failure is never the job's.
    }
  }
}

/** This process's runner: the started one, else one for woken and on-demand runs. */
function localRunner(): JobRunner {
  return (registry.local ??= new JobRunner());
}

/**
 * Runs a job now and waits for it: 'ran', 'failed' (logged), 'busy' (another instance holds
 * its lease), 'unknown' (no such job registered in this process) or 'off' (JOB_RUNNER=off).
 */
export async function runJobNow(name: string): Promise<JobOutcome> {
  if (!registry.definitions.has(name)) return 'unknown';
  if (!jobsRunHere()) return 'off';
  return localRunner().runNow(name);
}

/** Runs a job soon, after the current response (never inside it); nothing with JOB_RUNNER=off. */
export function wakeJob(name: string): void {
  if (!registry.definitions.has(name) || !jobsRunHere()) return;
  afterResponse(`jobs:${name}`, () => localRunner().runNow(name));
}

/**
 * Runs every registered job on its schedule in this process, from now on, until stopped; a
 * job's lease keeps it to one run at a time across every process and machine. Once per process
 * (a second call answers the first runner's stop). Nothing at all with JOB_RUNNER=off.
 * `started` resolves once its first look has started the jobs due now.
 * `stop()` stops the schedule and waits for the runs in progress (their leases are given back
 * as they finish).
 */
export function startJobRunner(): { stop: () => Promise<void>; started: Promise<void> } {
  let started = Promise.resolve();
  if (jobsRunHere() && !registry.runner) {
    const runner = localRunner();
    registry.runner = runner;
    // For the server's graceful shutdown (scripts/serve.mjs), outside the app's bundle.
    (globalThis as { __storefrontStopJobs?: () => Promise<void> }).__storefrontStopJobs =
      stopJobRunner;
    started = runner.start();
  }
  return { stop: stopJobRunner, started };
}

/** Stops this process's runner and waits for the runs in progress. */
export async function stopJobRunner(): Promise<void> {
  const runner = registry.runner;
  registry.runner = null;
  await (runner ?? registry.local)?.stop();
}

/** Resolves once no job runs in this process (runs started meanwhile included). */
export async function jobRunsSettled(): Promise<void> {
  await registry.local?.settled();
}

/** Whether a job runner runs in this process. */
export function jobRunnerRunning(): boolean {
  return registry.runner !== null;
}
