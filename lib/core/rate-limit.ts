import 'server-only';
import { getDb } from '@/lib/core/db';
import { collections } from './collections';
import { refuse } from '@/lib/core/refusal';
import { countRateLimited } from '@/lib/core/metrics';

export interface Limit {
  /** What is limited, e.g. 'contact:ip'. */
  name: string;
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

/** The counter of `key` in the fixed window that contains `now`. */
function windowOf(limit: Limit, key: string, now: number) {
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  return { id: `${limit.name}:${key}:${windowStart}`, expiresAt: new Date(windowStart + windowMs) };
}

/**
 * Counts one request against a fixed-window limit kept in MongoDB, so limits hold across
 * server instances. One atomic upsert per check; the window start is part of the key, so an
 * expired counter is never read (the TTL index only cleans up).
 */
async function hit(
  limit: Limit,
  key: string,
  now = Date.now(),
  weight = 1,
): Promise<{ allowed: boolean; retryAfter: number; id: string; weight: number }> {
  const { id, expiresAt } = windowOf(limit, key, now);
  const { rateLimits } = collections(await getDb());
  const doc = await rateLimits.findOneAndUpdate(
    { _id: id },
    { $inc: { count: weight }, $setOnInsert: { expiresAt } },
    { upsert: true, returnDocument: 'after' },
  );
  const count = doc?.count ?? weight;
  return {
    allowed: count <= limit.max,
    retryAfter: Math.ceil((expiresAt.getTime() - now) / 1000),
    id,
    weight,
  };
}

/** What `enforce` counted, so that a request that turned out fine can be given back. */
export interface Counted {
  /** Takes this request off the counters it was counted on (same windows, no new counter). */
  giveBack(): Promise<void>;
}

/**
 * Counts the request on every key and throws 429 with a clear message when any of them is
 * over its limit. A limit on failures only (sign-in) calls `giveBack()` after a success.
 * A check with a `weight` counts that many units at once (a quick order's orders); when it is
 * refused, its units are taken off again, so a batch too large for what is left of the window
 * does not use up the window.
 */
export async function enforce(
  checks: Array<{ limit: Limit; key: string; weight?: number }>,
): Promise<Counted> {
  const now = Date.now();
  const results = await Promise.all(
    checks.map(({ limit, key, weight }) => hit(limit, key.toLowerCase(), now, weight)),
  );
  const refused = results.filter((result) => !result.allowed);
  if (refused.length) {
    // Counted for the metrics (GET /api/metrics), by the name of each limit that refused.
    results.forEach((result, index) => {
      if (!result.allowed) countRateLimited(checks[index]!.limit.name);
    });
    const { rateLimits } = collections(await getDb());
    await Promise.all(
      results
        .filter((result) => result.weight > 1)
        .map((result) =>
          rateLimits.updateOne({ _id: result.id }, { $inc: { count: -result.weight } }),
        ),
    );
    const retryAfter = Math.max(...refused.map((result) => result.retryAfter));
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    throw refuse('request.rate_limited', {
      params: { minutes: `${minutes} minute${minutes === 1 ? '' : 's'}` },
      details: { retryAfter },
    });
  }
  return {
    async giveBack() {
      const { rateLimits } = collections(await getDb());
      await Promise.all(
        results.map((result) =>
          rateLimits.updateOne(
            { _id: result.id, count: { $gte: result.weight } },
            { $inc: { count: -result.weight } },
          ),
        ),
      );
    },
  };
}

/** Forgets the current window of one key (e.g. an email's sign-in failures after a reset). */
export async function clearLimit(limit: Limit, key: string, now = Date.now()): Promise<void> {
  const { rateLimits } = collections(await getDb());
  await rateLimits.deleteOne({ _id: windowOf(limit, key.toLowerCase(), now).id });
}
