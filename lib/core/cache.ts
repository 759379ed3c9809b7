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

/** After a change to products (including stock) or reviews: the next visit sees it. */
export function expire(...tags: Array<(typeof cacheTags)[keyof typeof cacheTags]>): void {
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
}
