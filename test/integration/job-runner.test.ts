import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The background jobs' runner on the real engine (lib/core/jobs.ts): two real worker processes
// (`npm run worker`, scripts/worker.ts) on one database run each job once between them (one
// lease per job, a schedule shared through it), a worker starts a job when its lease says it is
// due (not an interval after its own start), also with JOB_RUNNER=off (the servers' switch), a
// lease another process holds refuses a run until it runs out and is then taken over, and a woken
// run does not wait for the schedule.

let db: typeof import('../support/db');
let jobs: typeof import('@/lib/core/jobs');
let outbox: typeof import('@/lib/core/mail/outbox');

const root = path.resolve(import.meta.dirname, '../..');
const workers: ChildProcess[] = [];

beforeAll(async () => {
  db = await import('../support/db');
  jobs = await import('@/lib/core/jobs');
  outbox = await import('@/lib/core/mail/outbox');
});

afterAll(async () => {
  await Promise.all(workers.map(stop));
  await db?.closeConnection();
});

/** `npm run worker` as its script runs it, on this test file's database. */
function startWorker(env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      '--require',
      path.join(root, 'scripts/lib/server-modules-hook.cjs'),
      path.join(root, 'scripts/worker.ts'),
    ],
    {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  workers.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('on their schedules')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code}):\n${output}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function leases() {
  return (await db.getDb()).collection<{
    _id: string;
    holder: string | null;
    until: Date;
    runs?: number;
    lastHolder?: string;
    lastStartedAt?: Date;
  }>('jobLeases');
}

describe('the job runner', () => {
  it('runs each job once between two worker processes, each run under one lease', async () => {
    const [first, second] = await Promise.all([startWorker(), startWorker()]);
    // Both runners look at the leases at start (every job is due: none has run), then at each
    // job's next due time, a minute or more away.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const all = await (await leases()).find().toArray();
    const names = all.map((lease) => lease._id).sort();
    expect(names).toEqual(
      [
        'billing.invoices',
        'billing.overdue',
        'images.orphans',
        'orders.expiry',
        'outbox.retry',
      ].sort(),
    );
    // Every job ran exactly once in all (its interval is a minute or more), by one of the two.
    for (const lease of all) {
      expect(lease.runs, lease._id).toBe(1);
      expect(lease.holder, lease._id).toBeNull();
      // By one of the workers (`<pid>-<uuid>` of a process of theirs), not by this test's process.
      expect(lease.lastHolder, lease._id).toMatch(/^\d+-[0-9a-f-]{36}$/);
      expect(lease.lastHolder?.startsWith(`${process.pid}-`), lease._id).toBe(false);
    }
    await Promise.all([stop(first), stop(second)]);
  }, 90_000);

  it('starts a job when its lease says it is due, not an interval after the worker started', async () => {
    const jobLeases = await leases();
    const everyMs = 10 * 60_000;
    // A server ran `billing.overdue` (every 10 minutes) 9 min 40 s ago: it is due in 20 s.
    const due = Date.now() + 20_000;
    await jobLeases.updateOne(
      { _id: 'billing.overdue' },
      { $set: { holder: null, until: new Date(0), lastStartedAt: new Date(due - everyMs) } },
      { upsert: true },
    );
    const before = (await jobLeases.findOne({ _id: 'billing.overdue' }))!.runs ?? 0;
    // JOB_RUNNER is the servers' switch: a worker runs the jobs whatever it says.
    const worker = await startWorker({ JOB_RUNNER: 'off' });
    let lease = await jobLeases.findOne({ _id: 'billing.overdue' });
    for (let waited = 0; waited < 45_000 && (lease?.runs ?? 0) === before; waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      lease = await jobLeases.findOne({ _id: 'billing.overdue' });
    }
    expect(lease?.runs).toBe(before + 1);
    const startedAt = lease!.lastStartedAt!.getTime();
    expect(startedAt).toBeGreaterThanOrEqual(due);
    expect(startedAt - due).toBeLessThanOrEqual(everyMs * 0.1);
    await stop(worker);
  }, 90_000);

  it('refuses to start with a JOB_LEASE_SECONDS it cannot heartbeat, naming it', async () => {
    for (const [value, reason] of [
      ['1', 'must be at least 3'],
      ['half a minute', 'must be a whole number of seconds'],
    ]) {
      const refused = await startWorker({ JOB_LEASE_SECONDS: value! }).then(
        () => '',
        (error: Error) => error.message,
      );
      expect(refused).toContain(`JOB_LEASE_SECONDS: ${reason}`);
    }
  }, 90_000);

  it('refuses a run while another process holds the lease, and takes it over once it ran out', async () => {
    const name = outbox.OUTBOX_JOB;
    const jobLeases = await leases();
    // Another process, say one killed in the middle of the job, holds it for a minute more.
    await jobLeases.updateOne(
      { _id: name },
      { $set: { holder: '999999-dead-process', until: new Date(Date.now() + 60_000) } },
      { upsert: true },
    );
    expect(await jobs.runJobNow(name)).toBe('busy');
    expect((await jobLeases.findOne({ _id: name }))?.holder).toBe('999999-dead-process');
    // Its lease runs out (the holder never gives it back): the next run takes it over.
    await jobLeases.updateOne({ _id: name }, { $set: { until: new Date(Date.now() - 1) } });
    expect(await jobs.runJobNow(name)).toBe('ran');
    const after = await jobLeases.findOne({ _id: name });
    expect(after?.holder).toBeNull();
    expect(after?.lastHolder).toMatch(new RegExp(`^${process.pid}-`));
  });

  it('runs a woken or on-demand job whenever its lease is free, whatever the schedule', async () => {
    const name = outbox.OUTBOX_JOB;
    const jobLeases = await leases();
    const before = (await jobLeases.findOne({ _id: name }))?.runs ?? 0;
    expect(await jobs.runJobNow(name)).toBe('ran');
    expect(await jobs.runJobNow(name)).toBe('ran');
    expect((await jobLeases.findOne({ _id: name }))?.runs).toBe(before + 2);
  });
});
