import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock, type MovableClock } from '../support/clock';

// The job runner's schedule and leases on the real engine, on a movable clock (hours of schedule
// in seconds): every job starts on time, within 10% of its interval, whichever runner starts it
// (one, two, or two of which one dies in the middle of a run), because the next run is computed
// from the lease's `lastStartedAt`, not from a runner's own timer. A run renews its short lease
// while it works (a heartbeat every third of it), so a long run keeps it and a dead holder's job
// moves on within one lease; a run that loses its lease is told so and stops.

let db: typeof import('../support/db');
let jobs: typeof import('@/lib/core/jobs');

beforeAll(async () => {
  db = await import('../support/db');
  jobs = await import('@/lib/core/jobs');
});

afterAll(async () => {
  await db?.closeConnection();
});

const LEASE_MS = 30_000;
const MINUTE = 60_000;

let counter = 0;
const prefix = () => `schedule-${Date.now()}-${(counter += 1)}`;

async function lease(name: string) {
  return (await db.collections(await db.getDb()).jobLeases.findOne({ _id: name }))!;
}

interface Start {
  at: number;
  by: number;
}

/**
 * `count` runners on one movable clock over the same jobs (`everyMs` each, each run working
 * `workMs` of clock time); every start is recorded with the runner that made it.
 */
function harness(count: number, specs: { everyMs: number; workMs: number }[]) {
  const base = prefix();
  const names = specs.map((spec) => `${base}.every-${spec.everyMs}`);
  const starts = new Map<string, Start[]>(names.map((name) => [name, []]));
  const runners: import('@/lib/core/jobs').JobRunner[] = [];
  const clock: MovableClock = movableClock(Date.UTC(2026, 11, 7, 18), async () => {
    await Promise.all(runners.map((runner) => runner.idle()));
  });
  for (let index = 0; index < count; index += 1) {
    const definitions = specs.map((spec, at) => ({
      name: names[at]!,
      everyMs: spec.everyMs,
      run: async () => {
        starts.get(names[at]!)!.push({ at: clock.now(), by: index });
        await clock.sleep(spec.workMs);
      },
    }));
    runners.push(new jobs.JobRunner({ clock, leaseMs: LEASE_MS, jobs: () => definitions }));
  }
  return { clock, runners, names, starts, startedAt: clock.now() };
}

/** Every start within 10% of its interval after the one before (the first: of `from`). */
function expectOnTime(starts: Start[], everyMs: number, from: number, intervals: number) {
  expect(starts.length).toBeGreaterThanOrEqual(intervals + 1);
  expect(starts[0]!.at - from).toBeLessThanOrEqual(everyMs * 0.1);
  const gaps = starts.slice(1).map((start, at) => start.at - starts[at]!.at);
  for (const gap of gaps) {
    expect(gap).toBeGreaterThanOrEqual(everyMs);
    expect(gap).toBeLessThanOrEqual(everyMs * 1.1);
  }
}

/** The store's intervals: a minute (expiry, outbox, orphans, invoices) and 10 minutes (overdue). */
const STORE_LIKE = [
  { everyMs: MINUTE, workMs: 2_000 },
  { everyMs: 10 * MINUTE, workMs: 5_000 },
];
const TWENTY_INTERVALS = 20 * 10 * MINUTE + 1_000;

describe('the job schedule', () => {
  it('one runner starts every job within 10% of its interval, over 20 intervals', async () => {
    const { clock, runners, names, starts, startedAt } = harness(1, STORE_LIKE);
    void runners[0]!.start();
    await clock.advance(TWENTY_INTERVALS);
    runners[0]!.kill();
    expectOnTime(starts.get(names[0]!)!, MINUTE, startedAt, 200);
    expectOnTime(starts.get(names[1]!)!, 10 * MINUTE, startedAt, 20);
  }, 120_000);

  it('two runners start every job once per interval between them, on time', async () => {
    const { clock, runners, names, starts, startedAt } = harness(2, STORE_LIKE);
    for (const runner of runners) void runner.start();
    await clock.advance(TWENTY_INTERVALS);
    for (const runner of runners) runner.kill();
    for (const [at, everyMs] of [MINUTE, 10 * MINUTE].entries()) {
      const made = starts.get(names[at]!)!;
      expectOnTime(made, everyMs, startedAt, TWENTY_INTERVALS / everyMs - 1);
      // One run per start, never two at once: the lease counted each of them.
      expect((await lease(names[at]!)).runs).toBe(made.length);
    }
  }, 120_000);

  it('the other runner keeps every job on time when one dies in the middle of a run', async () => {
    const { clock, runners, names, starts, startedAt } = harness(2, STORE_LIKE);
    for (const runner of runners) void runner.start();
    // Past the 10-minute job's 4th start and 1 s into the runs that started then.
    await clock.advance(4 * 10 * MINUTE + 1_000);
    const holder = (await lease(names[1]!)).holder;
    const dying = runners.findIndex((runner) => runner.holder === holder);
    expect(dying).toBeGreaterThanOrEqual(0);
    // Killed as a process is: its leases are not given back, they run out.
    runners[dying]!.kill();
    const killedAt = clock.now();
    await clock.advance(TWENTY_INTERVALS - (killedAt - startedAt));
    runners[1 - dying]!.kill();
    for (const [at, everyMs] of [MINUTE, 10 * MINUTE].entries()) {
      const made = starts.get(names[at]!)!;
      expectOnTime(made, everyMs, startedAt, TWENTY_INTERVALS / everyMs - 1);
      expect(made.filter((start) => start.at > killedAt).every((start) => start.by !== dying)).toBe(
        true,
      );
    }
  }, 120_000);

  it('a long run keeps its 30-second lease by heartbeats; when its holder dies, the job moves on within one lease', async () => {
    const { clock, runners, names, starts } = harness(2, [{ everyMs: MINUTE, workMs: 5 * MINUTE }]);
    const [name] = names;
    void runners[0]!.start();
    await clock.advance(1);
    void runners[1]!.start();
    // Two minutes into a five-minute run: the lease (30 s) is still its holder's, renewed every 10 s.
    await clock.advance(2 * MINUTE);
    expect(starts.get(name!)!.map((start) => start.by)).toEqual([0]);
    const held = await lease(name!);
    expect(held.holder).toBe(runners[0]!.holder);
    expect(held.until.getTime()).toBeGreaterThan(clock.now());
    expect(held.runs).toBe(1);

    runners[0]!.kill();
    const killedAt = clock.now();
    await clock.advance(LEASE_MS + 1_000);
    const after = starts.get(name!)!;
    expect(after.map((start) => start.by)).toEqual([0, 1]);
    expect(after[1]!.at - killedAt).toBeLessThanOrEqual(LEASE_MS);
    expect((await lease(name!)).holder).toBe(runners[1]!.holder);
    runners[1]!.kill();
  }, 60_000);

  it('a run whose lease another holder took is told by its next heartbeat and stops writing', async () => {
    let steps: number[] = [];
    let aborted: AbortSignal | null = null;
    const name = `${prefix()}.stolen`;
    const runners: import('@/lib/core/jobs').JobRunner[] = [];
    const clock = movableClock(Date.UTC(2026, 11, 7, 18), async () => {
      await Promise.all(runners.map((runner) => runner.idle()));
    });
    const definition = {
      name,
      everyMs: 10 * MINUTE,
      // Works through 120 items, one a second, checking its signal before each.
      run: async (_now: Date, { signal }: { signal: AbortSignal }) => {
        aborted = signal;
        for (let item = 0; item < 120 && !signal.aborted; item += 1) {
          steps.push(clock.now());
          await clock.sleep(1_000);
        }
      },
    };
    const runner = new jobs.JobRunner({ clock, leaseMs: LEASE_MS, jobs: () => [definition] });
    runners.push(runner);
    const outcome = runner.runNow(name);
    await clock.advance(15_000);
    expect((await lease(name)).holder).toBe(runner.holder);
    // Its lease ran out unseen (say the database did not answer it) and another process took it.
    const jobLeases = db.collections(await db.getDb()).jobLeases;
    await jobLeases.updateOne(
      { _id: name },
      { $set: { holder: 'another-instance', until: new Date(clock.now() + LEASE_MS) } },
    );
    const stolenAt = clock.now();
    steps = [];
    await clock.advance(20_000);
    expect(await outcome).toBe('failed');
    expect(aborted!.aborted).toBe(true);
    // At most one heartbeat (a third of the lease) of work after the lease was taken, then none.
    expect(steps.every((at) => at <= stolenAt + LEASE_MS / 3)).toBe(true);
    // The other holder's lease is left as it is: not given back, no error written over it.
    const after = await lease(name);
    expect(after.holder).toBe('another-instance');
    expect(after.lastError).toBeUndefined();
    runner.kill();
  });
  it('a run past its longest time is told to stop; one that hangs is left behind, its lease given back and its schedule kept', async () => {
    const name = `${prefix()}.hangs`;
    const runners: import('@/lib/core/jobs').JobRunner[] = [];
    const clock = movableClock(Date.UTC(2026, 11, 7, 18), async () => {
      await Promise.all(runners.map((runner) => runner.idle()));
    });
    const signals: AbortSignal[] = [];
    const startedAt: number[] = [];
    const definition = {
      name,
      everyMs: 5 * MINUTE,
      maxRunMs: 2 * MINUTE,
      // A call that never answers, whatever the signal says.
      run: (_now: Date, { signal }: { signal: AbortSignal }) => {
        signals.push(signal);
        startedAt.push(clock.now());
        return new Promise<never>(() => undefined);
      },
    };
    const runner = new jobs.JobRunner({ clock, leaseMs: LEASE_MS, jobs: () => [definition] });
    runners.push(runner);
    void runner.start();
    await clock.advance(1);
    expect(startedAt).toHaveLength(1);
    // Heartbeats keep the lease while the run is within its time.
    await clock.advance(MINUTE + 50_000);
    expect((await lease(name)).holder).toBe(runner.holder);
    expect(signals[0]!.aborted).toBe(false);
    // At two minutes the run is told to stop; a third of a lease later it is left behind.
    await clock.advance(10_000);
    expect(signals[0]!.aborted).toBe(true);
    expect((await lease(name)).holder).toBe(runner.holder);
    await clock.advance(LEASE_MS / 3 + 1_000);
    const given = await lease(name);
    expect(given.holder).toBeNull();
    expect(given.lastError).toMatch(/ran longer than 120 s and did not stop/);
    // The schedule goes on in this very runner: the next run starts five minutes after the first.
    await clock.advance(5 * MINUTE - (clock.now() - startedAt[0]!));
    expect(startedAt).toHaveLength(2);
    expect(startedAt[1]! - startedAt[0]!).toBeLessThanOrEqual(5 * MINUTE + 1_000);
    runner.kill();
  });
});
