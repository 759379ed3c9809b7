import 'server-only';
import { getDb, collections } from '@/lib/db';
import { ApiError } from '@/lib/api/errors';

export interface Limit {
  /** What is limited, e.g. 'contact:ip'. */
  name: string;
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

/**
 * Counts one request against a fixed-window limit kept in MongoDB, so limits hold across
 * server instances. One atomic upsert per check; the window start is part of the key, so an
 * expired counter is never read (the TTL index only cleans up).
 */
export async function hit(
  limit: Limit,
  key: string,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfter: number }> {
  const windowMs = limit.windowSeconds * 1000;
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const expiresAt = new Date(windowStart + windowMs);
  const { rateLimits } = collections(await getDb());
  const doc = await rateLimits.findOneAndUpdate(
    { _id: `${limit.name}:${key}:${windowStart}` },
    { $inc: { count: 1 }, $setOnInsert: { expiresAt } },
    { upsert: true, returnDocument: 'after' },
  );
  const count = doc?.count ?? 1;
  return { allowed: count <= limit.max, retryAfter: Math.ceil((expiresAt.getTime() - now) / 1000) };
}

/** Throws 429 with a clear message when any of the keys is over its limit. */
export async function enforce(checks: Array<{ limit: Limit; key: string }>): Promise<void> {
  const results = await Promise.all(checks.map(({ limit, key }) => hit(limit, key.toLowerCase())));
  const refused = results.filter((result) => !result.allowed);
  if (refused.length) {
    const retryAfter = Math.max(...refused.map((result) => result.retryAfter));
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    throw new ApiError(
      'rate_limited',
      `Too many requests. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      { retryAfter },
    );
  }
}
