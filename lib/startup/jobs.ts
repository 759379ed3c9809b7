import 'server-only';
import { loadBillingJobs, loadBillingMailKinds } from '@/lib/billing';
import { loadCompanyMailKinds } from '@/lib/companies';
import { registeredJobs, runJobNow, startJobRunner, type JobOutcome } from '@/lib/core/jobs';
import { OUTBOX_JOB } from '@/lib/core/mail/outbox';
import { ORPHAN_JOB } from '@/lib/images';
import { EXPIRY_JOB, loadOrderMailKinds } from '@/lib/orders';
import { loadQuoteMailKinds } from '@/lib/quotes';

/**
 * The store's background jobs as a whole (lib/core/jobs.ts): each feature registers its own
 * when it loads; `loadStoreJobs` loads all of them (and every feature's mail kinds, so the outbox
 * job sends the mails of every feature), for the job runner of `npm run serve`
 * (instrumentation.ts), `npm run worker` (scripts/worker.ts) and `GET /api/cron/{job}`. No
 * top-level await here: the worker loads this module outside Next.js. Every job's lease is
 * JOB_LEASE_SECONDS (30 s), renewed while it runs; where each runs: docs/operations.md.
 *
 * | job                | every   | what                                                         |
 * | ------------------ | ------- | ------------------------------------------------------------ |
 * | `orders.expiry`    | 1 min   | expires overdue unpaid orders, settles stock a crash left    |
 * | `outbox.retry`     | 1 min   | sends mails waiting for a retry or for the end of a hold     |
 * | `images.orphans`   | 1 min   | removes uploads never attached to a review or product        |
 * | `billing.invoices` | 1 min   | draws and issues the invoices on account due, retries Stripe |
 * | `billing.overdue`  | 10 min  | overdue holds and payment reminders                          |
 */

let loaded: Promise<readonly string[]> | null = null;

/** Registers every job of the store (once per process); answers their names. */
export function loadStoreJobs(): Promise<readonly string[]> {
  loaded ??= (async () => {
    const [billing] = await Promise.all([
      loadBillingJobs(),
      loadOrderMailKinds(),
      loadQuoteMailKinds(),
      loadCompanyMailKinds(),
      loadBillingMailKinds(),
    ]);
    return [EXPIRY_JOB, OUTBOX_JOB, ORPHAN_JOB, ...billing];
  })();
  return loaded;
}

/** Whether `name` is one of the store's jobs (the cron endpoint's path). */
export async function isStoreJob(name: string): Promise<boolean> {
  return (await loadStoreJobs()).includes(name) && registeredJobs().includes(name);
}

/** Runs one of the store's jobs now, awaited (the cron endpoint). */
export async function runStoreJob(name: string): Promise<JobOutcome> {
  await loadStoreJobs();
  return runJobNow(name);
}

/**
 * Starts this process's job runner over every job of the store (none with JOB_RUNNER=off);
 * answers its jobs, its stop and `started` (its first look has started the jobs due now: a
 * server does not wait for it, so a database slow to answer never holds its start).
 */
export async function startStoreJobRunner() {
  const jobs = await loadStoreJobs();
  return { jobs, ...startJobRunner() };
}
