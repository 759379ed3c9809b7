// The shared cache of a store run on several machines (next.config.mjs sets it as Next.js's
// `cacheHandler` when REDIS_URL is set, with `cacheMaxMemorySize: 0`): pre-rendered pages and
// cached data (`unstable_cache`, lib/catalogue and lib/reviews) are stored in Redis (or Valkey),
// so one `revalidateTag` (lib/core/cache.ts, after any change to products or reviews) reaches
// every instance at once. Built on @fortedigital/nextjs-cache-handler's Redis handler, with the
// official `redis` client.
// - Keys are prefixed with REDIS_KEY_PREFIX (default `storefront`) and the build id, so two
//   releases never serve each other's pages (the build id is the commit, next.config.mjs).
// - `next build` never talks to Redis: it pre-renders into an in-memory cache, and each server
//   seeds Redis from the build's pages once, without overwriting newer entries
//   (instrumentation.ts, `registerInitialCache`).
// - When Redis cannot be reached at start, the instance falls back to its own in-memory cache
//   (per-instance staleness, as without REDIS_URL) and says so in its log.
import { PHASE_PRODUCTION_BUILD } from 'next/constants.js';
import { CacheHandler } from '@fortedigital/nextjs-cache-handler';
import createLruHandler from '@fortedigital/nextjs-cache-handler/local-lru';
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings';
import { createClient } from 'redis';
import { storeLogger } from './lib/core/log-options.mjs';

const shared = /** @type {typeof globalThis & { __storefrontCacheConfig?: Promise<object> }} */ (
  globalThis
);

/** The cache's log lines, in the store's format (lib/core/log-options.mjs), marked `component: cache`. */
const log = storeLogger({ component: 'cache' });

async function createConfig(buildId) {
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD || !process.env.REDIS_URL) {
    return { handlers: [createLruHandler()] };
  }
  const client = createClient({
    url: process.env.REDIS_URL,
    pingInterval: 10_000,
    // Give up on a Redis that does not answer at start rather than holding the server's start-up.
    socket: {
      connectTimeout: 5_000,
      reconnectStrategy: (retries) => Math.min(retries * 200, 5_000),
    },
  });
  client.on('error', (error) => log.warn({ error: error.message }, 'redis: connection error'));
  try {
    await client.connect();
  } catch (error) {
    log.error(
      { error: error instanceof Error ? error.message : String(error) },
      'redis: unreachable at start; this instance caches on its own',
    );
    await client.disconnect().catch(() => {});
    return { handlers: [createLruHandler()] };
  }
  const prefix = `${process.env.REDIS_KEY_PREFIX || 'storefront'}:${buildId || 'build'}:`;
  log.info({ keyPrefix: prefix }, 'redis: shared page and data cache');
  return {
    handlers: [
      createRedisHandler({
        client,
        keyPrefix: prefix,
      }),
    ],
  };
}

/**
 * The handlers of this process (created once): Next.js asks for them on its first cache access,
 * and instrumentation.ts at start-up, so that lib/core/cache.ts finds them from the first request.
 * @param {string | undefined} buildId
 */
export function sharedCache(buildId) {
  shared.__storefrontCacheConfig ??= createConfig(buildId);
  return shared.__storefrontCacheConfig;
}

CacheHandler.onCreation(({ buildId }) => sharedCache(buildId));

export default CacheHandler;
