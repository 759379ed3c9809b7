import type { Metadata } from 'next';
import { HomePage } from '@/components/home/HomePage';

// Served from the cache and regenerated when products or reviews change (lib/cache.ts).
export const revalidate = 60;

export const metadata: Metadata = { alternates: { canonical: '/' } };

export default function Page() {
  return <HomePage />;
}
