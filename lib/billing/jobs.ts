import 'server-only';
import { registerJob } from '@/lib/core/jobs';
import { runInvoiceJob } from './issue';
import { runOverdueJob } from './overdue';
import { INVOICE_JOB, OVERDUE_JOB } from './settle';

/**
 * Billing's background jobs (lib/core/jobs.ts), registered as soon as lib/billing loads:
 * - `billing.invoices` (every minute, and woken by orders when an order on account ships or is
 *   placed with invoices at ordering): draws and issues the invoices due, retries Stripe;
 * - `billing.overdue` (every 10 minutes, and woken after a payment or a void): holds and
 *   reminders.
 * Neither runs on a request path before its answer.
 */
registerJob({
  name: INVOICE_JOB,
  everyMs: 60_000,
  run: (now) => runInvoiceJob(now),
});

registerJob({
  name: OVERDUE_JOB,
  everyMs: 10 * 60_000,
  run: (now) => runOverdueJob(now),
});

export const billingJobs = [INVOICE_JOB, OVERDUE_JOB] as const;
