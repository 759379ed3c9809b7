// The same page as /, whose address is the canonical one (app/page.tsx).
export { default, metadata } from '@/app/page';

// Served from the cache and regenerated when products or reviews change (lib/core/cache.ts).
export const revalidate = 60;
