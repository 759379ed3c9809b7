import type { Metadata } from 'next';
import { HomePage } from '@/components/home/HomePage';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { alternates: { canonical: '/' } };

export default function Page() {
  return <HomePage />;
}
