import type { ObjectId } from 'mongodb';
import { collection, declareCollections } from '@/lib/core/db/collection';

/**
 * The kernel's own collections: named sequences (counters.ts), rate-limit windows
 * (rate-limit.ts) and background jobs' leases (jobs.ts).
 */

/**
 * A named sequence (e.g. `invoice-2026`): `seq` is the last value taken, `recent` the latest
 * holders in order (the last one holds `seq`), pushed in the same update that took the value.
 */
export interface CounterDoc {
  _id: string;
  seq: number;
  recent: ObjectId[];
}

/** One fixed window's counter of one key. */
export interface RateLimitDoc {
  _id: string;
  count: number;
  expiresAt: Date;
}

/**
 * A background job's lease (lib/core/jobs.ts), one document per job, keyed by its name: who
 * holds it and until when. A holder that dies leaves a lease that simply runs out.
 */
export interface JobLeaseDoc {
  _id: string;
  /** The process running the job now (`<pid>-<uuid>`), or null. */
  holder: string | null;
  /** Until when the holder may run it; past it, any process may take the lease over. */
  until: Date;
  /** When a run last started, in any process: the schedule of every process goes by it. */
  lastStartedAt?: Date;
  lastFinishedAt?: Date;
  lastError?: string | null;
  /** Who took the lease last. */
  lastHolder?: string;
  /** How many runs have started, in every process together. */
  runs?: number;
}

/**
 * The Stripe Customer of one payer (lib/core/stripe-customers.ts), keyed by who pays:
 * `company:<id>` for a company (bank transfers and its invoices), `user:<id>` for a person.
 */
export interface StripeCustomerDoc {
  _id: string;
  customerId: string;
  createdAt: Date;
  /** What the customer was last given (a fingerprint of its name, address, emails, tax id). */
  profile?: string;
  /** Since when the payer changed (a company's profile or members) and Stripe is not told yet. */
  staleSince?: Date;
}

export const collections = declareCollections({
  counters: collection<CounterDoc>('counters'),
  jobLeases: collection<JobLeaseDoc>('jobLeases'),
  stripeCustomers: collection<StripeCustomerDoc>('stripeCustomers', [
    // The payers whose customer is to be brought in step (lib/core/stripe-customers.ts).
    { key: { staleSince: 1 }, options: { sparse: true } },
  ]),
  rateLimits: collection<RateLimitDoc>('rateLimits', [
    // Clean-up only: counters are keyed by their window, so expiry is never needed for correctness.
    { key: { expiresAt: 1 }, options: { expireAfterSeconds: 0 } },
  ]),
});
