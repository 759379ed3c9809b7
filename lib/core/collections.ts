import type { ObjectId } from 'mongodb';
import { collection, declareCollections } from '@/lib/core/db/collection';

/** The kernel's own collections: named sequences (counters.ts) and rate-limit windows (rate-limit.ts). */

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

export const collections = declareCollections({
  counters: collection<CounterDoc>('counters'),
  rateLimits: collection<RateLimitDoc>('rateLimits', [
    // Clean-up only: counters are keyed by their window, so expiry is never needed for correctness.
    { key: { expiresAt: 1 }, options: { expireAfterSeconds: 0 } },
  ]),
});
