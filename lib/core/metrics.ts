import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { getDb } from '@/lib/core/db';
import { logger } from '@/lib/core/log';
import { registeredOutboxCollections } from '@/lib/core/mail/outbox-registry';

/**
 * The store's Prometheus metrics, served as text by GET /api/metrics (with METRICS_TOKEN):
 *
 * - `storefront_outbox_pending_mails{collection}`: mails queued in a collection's outbox and not
 *   given up (due now, held, or waiting for a retry), counted at scrape time;
 * - `storefront_outbox_failed_mails{collection}`: mails given up after two days of failed
 *   attempts, kept on their documents for the back office, counted at scrape time;
 * - `storefront_job_duration_seconds{job,outcome}`: a histogram of background job runs in this
 *   process (`observeJobRun`, lib/core/jobs.ts);
 * - `storefront_rate_limited_total{limit}`: requests refused with 429 by a rate limit in this
 *   process (`countRateLimited`, lib/core/rate-limit.ts);
 * - the process's default metrics (CPU, memory, event-loop lag, GC, handles), `process_*` and
 *   `nodejs_*`.
 *
 * Counters and histograms are per process (Prometheus sums them across instances); the outbox
 * gauges are the database's, so every instance reports the same values (aggregate with `max`).
 * The registry lives on globalThis: every bundle of the server counts into the same one.
 */

interface Metrics {
  registry: Registry;
  jobDuration: Histogram<'job' | 'outcome'>;
  rateLimited: Counter<'limit'>;
}

const shared = globalThis as typeof globalThis & { __storefrontMetrics?: Metrics };

function metrics(): Metrics {
  return (shared.__storefrontMetrics ??= createMetrics());
}

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const jobDuration = new Histogram({
    name: 'storefront_job_duration_seconds',
    help: 'How long background job runs took in this process, by job and outcome (ran, failed).',
    labelNames: ['job', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers,
  });
  const rateLimited = new Counter({
    name: 'storefront_rate_limited_total',
    help: 'Requests refused with 429 by a rate limit in this process, by limit.',
    labelNames: ['limit'] as const,
    registers,
  });
  new Gauge({
    name: 'storefront_outbox_pending_mails',
    help: 'Mails queued in the outbox and not given up (due, held or waiting for a retry), by collection.',
    labelNames: ['collection'] as const,
    registers,
    async collect() {
      this.reset();
      for (const [collection, counts] of await outboxCounts()) {
        this.set({ collection }, counts.pending);
      }
    },
  });
  new Gauge({
    name: 'storefront_outbox_failed_mails',
    help: 'Mails given up after their last attempt failed, kept on their documents, by collection.',
    labelNames: ['collection'] as const,
    registers,
    async collect() {
      this.reset();
      for (const [collection, counts] of await outboxCounts()) {
        this.set({ collection }, counts.failed);
      }
    },
  });
  return { registry, jobDuration, rateLimited };
}

/**
 * Records one run of a background job: its name, how long it took and how it ended (`ran`,
 * `failed`). lib/core/jobs.ts reports every run through `onJobRun`.
 */
export function observeJobRun(name: string, seconds: number, outcome: string): void {
  metrics().jobDuration.observe({ job: name, outcome }, seconds);
}

/** Counts a request refused by the rate limit named `limit` (`contact:ip`, `signin:email`, …). */
export function countRateLimited(limit: string): void {
  metrics().rateLimited.inc({ limit });
}

/** Every metric in Prometheus's text format, with the content type to send it with. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}

// ---- The outbox, counted at scrape time --------------------------------------------------------

type OutboxCounts = Map<string, { pending: number; failed: number }>;

/** One count per scrape: both gauges read the same answer (a scrape collects them at once). */
let counting: { at: number; answer: Promise<OutboxCounts> } | undefined;
const COUNT_REUSE_MS = 1_000;

function outboxCounts(): Promise<OutboxCounts> {
  const now = Date.now();
  if (!counting || now - counting.at > COUNT_REUSE_MS) {
    counting = { at: now, answer: countOutboxes() };
  }
  return counting.answer;
}

/** How long one count may take before the scrape goes on without it. */
const COUNT_TIMEOUT_MS = 5_000;

/** Counts one state of entries in the `outbox` arrays of a collection's documents. */
function entriesWith(field: 'nextAttemptAt' | 'failedAt') {
  return [
    { $match: { [`outbox.${field}`]: { $exists: true } } },
    {
      $project: {
        n: {
          $size: {
            $filter: {
              input: '$outbox',
              cond: { $eq: [{ $type: `$$this.${field}` }, 'date'] },
            },
          },
        },
      },
    },
    { $group: { _id: null, n: { $sum: '$n' } } },
  ];
}

/**
 * Pending entries (with a due time: due now, held, or waiting for a retry) and failed ones (given
 * up, `failedAt`) of every collection with a registered outbox. When the database does not
 * answer, the gauges are left empty for this scrape (logged once per outage), never a failed
 * scrape: the process metrics still arrive.
 */
let countFailedBefore = false;

async function countOutboxes(): Promise<OutboxCounts> {
  const counts: OutboxCounts = new Map();
  try {
    const db = await getDb();
    const count = async (name: string, field: 'nextAttemptAt' | 'failedAt') => {
      const [row] = await db
        .collection(name)
        .aggregate<{ n: number }>(entriesWith(field), { maxTimeMS: COUNT_TIMEOUT_MS })
        .toArray();
      return row?.n ?? 0;
    };
    await Promise.all(
      registeredOutboxCollections().map(async (name) => {
        const [pending, failed] = await Promise.all([
          count(name, 'nextAttemptAt'),
          count(name, 'failedAt'),
        ]);
        counts.set(name, { pending, failed });
      }),
    );
    countFailedBefore = false;
  } catch (error) {
    if (!countFailedBefore) {
      logger.warn(
        { err: error },
        '[metrics] the outbox could not be counted; its gauges are empty until it can',
      );
    }
    countFailedBefore = true;
    return new Map();
  }
  return counts;
}

// ---- The endpoint's token ------------------------------------------------------------------------

/**
 * Whether an `Authorization` header carries `Bearer <token>`, compared in constant time (both
 * sides hashed first, so neither their contents nor their lengths show in the timing).
 */
export function bearerMatches(authorization: string | null, token: string): boolean {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? '');
  const digest = (text: string) => createHash('sha256').update(text).digest();
  const expected = digest(token);
  const given = digest(match?.[1] ?? '');
  return timingSafeEqual(given, expected) && match !== null;
}
