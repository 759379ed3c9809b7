import 'server-only';
import { getDb, collections } from '@/lib/db';
import { failure } from '@/lib/api/errors';

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
 * server instances. One atomic upsert per check (concurrent checks share one bulk, `countOn`); the window start is part of the key, so an
 * expired counter is never read (the TTL index only cleans up).
 */
async function hit(
  limit: Limit,
  key: string,
  now = Date.now(),
  weight = 1,
): Promise<{ allowed: boolean; retryAfter: number; id: string; weight: number }> {
  const { id, expiresAt } = windowOf(limit, key, now);
  const count = await countOn(id, expiresAt, weight);
  return {
    allowed: count <= limit.max,
    retryAfter: Math.ceil((expiresAt.getTime() - now) / 1000),
    id,
    weight,
  };
}

type PendingHit = {
  id: string;
  expiresAt: Date;
  weight: number;
  resolve: (count: number) => void;
  reject: (error: unknown) => void;
};
let pendingHits: PendingHit[] | null = null;

/**
 * Adds `weight` to a counter and answers its count with this request's units included. Hits
 * asked for in the same turn of the event loop (concurrent requests) are written together: one
 * request alone is one atomic upsert that returns the count; several are one bulk of upserts
 * (the units of each counter added at once) and one read of the counters, each request
 * answered as if its units came last among those of its turn that follow it. A count read
 * after the bulk can only be higher than the one an upsert would have returned (others may
 * have counted meanwhile), never lower: a limit is never loosened.
 */
function countOn(id: string, expiresAt: Date, weight: number): Promise<number> {
  return new Promise((resolve, reject) => {
    if (!pendingHits) {
      pendingHits = [];
      setImmediate(flushHits);
    }
    pendingHits.push({ id, expiresAt, weight, resolve, reject });
  });
}

async function flushHits(): Promise<void> {
  const hits = pendingHits ?? [];
  pendingHits = null;
  try {
    const { rateLimits } = collections(await getDb());
    if (hits.length === 1) {
      const [hit] = hits as [PendingHit];
      const doc = await rateLimits.findOneAndUpdate(
        { _id: hit.id },
        { $inc: { count: hit.weight }, $setOnInsert: { expiresAt: hit.expiresAt } },
        { upsert: true, returnDocument: 'after' },
      );
      hit.resolve(doc?.count ?? hit.weight);
      return;
    }
    const byCounter = new Map<string, PendingHit[]>();
    for (const hit of hits) byCounter.set(hit.id, [...(byCounter.get(hit.id) ?? []), hit]);
    await rateLimits.bulkWrite(
      [...byCounter].map(([id, same]) => ({
        updateOne: {
          filter: { _id: id },
          update: {
            $inc: { count: same.reduce((sum, hit) => sum + hit.weight, 0) },
            $setOnInsert: { expiresAt: same[0]!.expiresAt },
          },
          upsert: true,
        },
      })),
      { ordered: false },
    );
    const docs = await rateLimits.find({ _id: { $in: [...byCounter.keys()] } }).toArray();
    const counts = new Map(docs.map((doc) => [doc._id, doc.count]));
    for (const [id, same] of byCounter) {
      // The counter's units after the bulk; each request of the turn is given the count as it
      // was once its own units were added, the later ones of the turn after it.
      let count = counts.get(id) ?? same.reduce((sum, hit) => sum + hit.weight, 0);
      for (let index = same.length - 1; index >= 0; index -= 1) {
        same[index]!.resolve(count);
        count -= same[index]!.weight;
      }
    }
  } catch (error) {
    for (const hit of hits) hit.reject(error);
  }
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
    throw failure('request.rate_limited', {
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
