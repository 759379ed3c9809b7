import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Background jobs on the real engine: a job runs under its MongoDB lease, so another instance
// holding the lease makes it wait ('busy'); a dead holder's lease runs out and the job runs;
// runs woken while one runs in this process make one more run, not many; a failing job gives
// its lease back and records the error.

let db: typeof import('../support/db');
let jobs: typeof import('@/lib/core/jobs');

beforeAll(async () => {
  db = await import('../support/db');
  jobs = await import('@/lib/core/jobs');
});

afterAll(async () => {
  await db?.closeConnection();
});

const leases = async () => (await import('@/lib/core/collections')).collections(await db.getDb());

let counter = 0;
const uniqueName = () => `test.job-${Date.now()}-${(counter += 1)}`;

describe('background jobs', () => {
  it('run under their lease and give it back', async () => {
    const name = uniqueName();
    let runs = 0;
    jobs.registerJob({ name, everyMs: 60_000, run: async () => void (runs += 1) });
    expect(await jobs.runJobNow(name)).toBe('ran');
    expect(runs).toBe(1);
    const lease = await (await leases()).jobLeases.findOne({ _id: name });
    expect(lease).toMatchObject({ holder: null, lastError: null });
    expect(await jobs.runJobNow('test.unknown')).toBe('unknown');
  });

  it('hold a lease of JOB_LEASE_SECONDS (30 s unless set) while they run, not minutes', async () => {
    const name = uniqueName();
    let held: { until: Date; lastStartedAt?: Date } | null = null;
    jobs.registerJob({
      name,
      everyMs: 10 * 60_000,
      run: async () => {
        held = await (await leases()).jobLeases.findOne({ _id: name });
      },
    });
    expect(await jobs.runJobNow(name)).toBe('ran');
    expect(held!.until.getTime() - held!.lastStartedAt!.getTime()).toBe(30_000);
  });

  it('wait while another instance holds the lease, and run once it has run out', async () => {
    const name = uniqueName();
    let runs = 0;
    jobs.registerJob({ name, everyMs: 60_000, run: async () => void (runs += 1) });
    const { jobLeases } = await leases();
    await jobLeases.insertOne({
      _id: name,
      holder: 'another-instance',
      until: new Date(Date.now() + 60_000),
    });
    expect(await jobs.runJobNow(name)).toBe('busy');
    expect(runs).toBe(0);
    // The other instance died: its lease runs out.
    await jobLeases.updateOne({ _id: name }, { $set: { until: new Date(Date.now() - 1) } });
    expect(await jobs.runJobNow(name)).toBe('ran');
    expect(runs).toBe(1);
  });

  it('run once more, not once per call, when asked while running', async () => {
    const name = uniqueName();
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    jobs.registerJob({
      name,
      everyMs: 60_000,
      run: async () => {
        runs += 1;
        if (runs === 1) await gate;
      },
    });
    const first = jobs.runJobNow(name);
    const others = [jobs.runJobNow(name), jobs.runJobNow(name), jobs.runJobNow(name)];
    release();
    expect(await Promise.all([first, ...others])).toEqual(['ran', 'ran', 'ran', 'ran']);
    expect(runs).toBe(2);
  });

  it('give the lease back and record the error when a run fails', async () => {
    const name = uniqueName();
    jobs.registerJob({
      name,
      everyMs: 60_000,
      run: async () => {
        throw new Error('Stripe is down');
      },
    });
    expect(await jobs.runJobNow(name)).toBe('failed');
    const lease = await (await leases()).jobLeases.findOne({ _id: name });
    expect(lease).toMatchObject({ holder: null, lastError: 'Stripe is down' });
    expect(await jobs.runJobNow(name)).toBe('failed');
  });
});
