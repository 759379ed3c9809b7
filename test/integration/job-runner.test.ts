import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The background jobs' runner on the real engine (lib/core/jobs.ts): two real worker processes
// (`npm run worker`, scripts/worker.ts) on one database run each job once between them (one
// lease per job, a schedule shared through it), a lease another process holds refuses a run
// until it runs out and is then taken over, and a woken run does not wait for the schedule.

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
function startWorker(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      '--require',
      path.join(root, 'scripts/lib/server-modules-hook.cjs'),
      path.join(root, 'scripts/worker.ts'),
    ],
    { cwd: root, env: { ...process.env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] },
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
    // Both runners tick at once at start, then every 5 s: two ticks each.
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
