import { timingSafeEqual } from 'node:crypto';
import { failure } from '@/lib/api/errors';
import { handle, reply } from '@/lib/api/handle';
import { PRIVATE_CACHE_CONTROL } from '@/lib/api/handler';
import { countSecretAttempt } from '@/lib/api/machine-secret';
import { cronJobOp } from '@/lib/api/contract/cron';
import { env } from '@/lib/core/env';
import { jobsRunHere } from '@/lib/core/jobs';
import { isStoreJob, runStoreJob } from '@/lib/startup/jobs';

export const dynamic = 'force-dynamic';
// A job may run for minutes (a Stripe retry, a batch of mails): as long as the platform allows.
export const maxDuration = 300;

/** Whether the request carries `Authorization: Bearer <CRON_SECRET>` (compared in constant time). */
function hasSecret(request: Request, secret: string): boolean {
  const given = Buffer.from(request.headers.get('authorization') ?? '');
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /api/cron/{job}: runs one background job now for Vercel Cron (vercel.json), which sends
 * `Authorization: Bearer <CRON_SECRET>`. Without CRON_SECRET the endpoint does not exist (404),
 * so a store that runs its own job runner exposes nothing. Wrong secrets are counted per client
 * address (`countSecretAttempt`, lib/api/machine-secret.ts): beyond the limit, 429. The job's
 * lease still holds: when another instance runs it, this run answers `busy` and does nothing.
 */
export const GET = handle(cronJobOp, async ({ request, params: { job } }) => {
  const secret = env.CRON_SECRET;
  if (!secret) throw failure('cron.unknown_job', { params: { job } });
  const matched = hasSecret(request, secret);
  await countSecretAttempt(request, matched);
  if (!matched) throw failure('cron.secret_invalid');
  if (!(await isStoreJob(job))) throw failure('cron.unknown_job', { params: { job } });
  // JOB_RUNNER=off: no job on this server, by this path either (503, so the scheduler shows it).
  if (!jobsRunHere()) throw failure('cron.jobs_off');
  const outcome = await runStoreJob(job);
  return reply(
    { job, outcome: outcome === 'unknown' ? 'failed' : outcome },
    { status: 200, headers: { 'Cache-Control': PRIVATE_CACHE_CONTROL } },
  );
});
