import 'server-only';
import { revalidateTag } from 'next/cache';

/**
 * Cache tags of the data that public pages cache (one place, so every mutation revalidates
 * what it changed). The home page is regenerated in the background and served from the cache;
 * a mutation through the app expires its tag at once, and anything changed behind the app's
 * back (npm run seed, a direct database edit) shows within CATALOGUE_REVALIDATE_SECONDS.
 */
export const cacheTags = {
  products: 'products',
  reviews: 'reviews',
} as const;

export const CATALOGUE_REVALIDATE_SECONDS = 60;

type CacheTag = (typeof cacheTags)[keyof typeof cacheTags];

/** The shared cache's handlers (cache-handler.mjs puts its configuration here), when there is one. */
interface SharedCache {
  handlers: Array<{ revalidateTag(tag: string): Promise<void> }>;
}

/**
 * Drops the tags' entries from the shared cache (REDIS_URL: cache-handler.mjs) now, awaited:
 * Next.js does the same after the response, so without this a request on another instance
 * that comes right after the answer could still read the old page. Nothing without a shared
 * cache (each instance's own cache is expired by `revalidateTag`).
 */
async function expireShared(tags: readonly CacheTag[]): Promise<void> {
  const config = (globalThis as { __storefrontCacheConfig?: Promise<SharedCache> })
    .__storefrontCacheConfig;
  if (!config) return;
  const { handlers } = await config;
  await Promise.all(
    handlers.flatMap((handler) => tags.map((tag) => handler.revalidateTag(tag).catch(() => {}))),
  );
}

/**
 * After a change to products (including stock) or reviews: the next visit sees it, on every
 * instance (awaited for the shared cache; see `expireShared`).
 */
export async function expire(...tags: CacheTag[]): Promise<void> {
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  await expireShared(tags);
}

/**
 * `expire` for work that may run outside a request (a background job run by the job runner or a
 * worker): Next.js can expire a tag only within a request, so outside one only the shared cache
 * (if any) is expired; otherwise the pages catch up within CATALOGUE_REVALIDATE_SECONDS.
 */
export async function expireIfInRequest(...tags: CacheTag[]): Promise<void> {
  try {
    for (const tag of tags) revalidateTag(tag, { expire: 0 });
  } catch {
    // No request here (Next.js: "static generation store missing"): the revalidation time covers it.
  }
  await expireShared(tags);
}
