import type { Metadata } from 'next';
import { HomePage } from '@/app/_home/HomePage';
import { pageMetadata, storeName } from '@/lib/core/site';

// Served from the cache and regenerated when products or reviews change (lib/core/cache.ts).
export const revalidate = 60;

export const metadata: Metadata = pageMetadata({
  description: `${storeName} makes its own gears, bearings, fasteners and fittings and sells them directly to businesses in bulk, at factory prices.`,
  path: '/',
});

export default function Page() {
  return <HomePage />;
}
