import { z } from 'zod';
import { operation } from '@/lib/core/api/operation';

const privateNoStore = z.object({ 'Cache-Control': z.literal('private, no-store') });

/**
 * GET /api/cron/{job}: one background job run now, for a scheduler outside the store (Vercel
 * Cron, vercel.json): the store's own job runner does the same on every other deployment.
 */

export const cronRunSchema = z
  .object({
    job: z.string().meta({ example: 'orders.expiry' }),
    outcome: z.enum(['ran', 'busy', 'failed']).meta({
      description:
        '`ran`; `busy`: another instance runs it now (its lease), nothing was done; `failed`: it ran and failed (logged; retried on its next run).',
    }),
  })
  .meta({ id: 'CronRun' });

export const cronJobOp = operation({
  method: 'get',
  path: '/api/cron/{job}',
  operationId: 'runCronJob',
  tag: 'Service',
  summary: 'Run one background job now (Vercel Cron)',
  description:
    'For Vercel Cron (vercel.json): runs the named background job (`orders.expiry`, `outbox.retry`, `images.orphans`, `billing.invoices`, `billing.overdue`) once, unless another instance runs it now. Needs `Authorization: Bearer <CRON_SECRET>` (Vercel sends it); without CRON_SECRET configured the endpoint does not exist (404). Wrong secrets are counted per client address, with wrong METRICS_TOKENs: beyond 10 in 15 minutes every attempt from that address is 429 (the right secret too) until the window ends. Never cached.',
  rateLimited: true,
  access: 'public',
  params: {
    path: z.object({
      job: z.string().meta({ description: 'The job’s name.', example: 'orders.expiry' }),
    }),
  },
  responses: {
    200: { description: 'The job’s run.', json: cronRunSchema, headers: privateNoStore },
  },
  errors: [
    { key: 'cron.secret_invalid', when: 'the bearer secret is missing or wrong' },
    { key: 'cron.jobs_off', when: 'this server runs no background jobs (JOB_RUNNER=off)' },
    {
      key: 'cron.unknown_job',
      params: { job: 'orders.expire' },
      when: 'no job has this name, or no CRON_SECRET is configured',
    },
  ],
});

export const cronOperations = [cronJobOp];
