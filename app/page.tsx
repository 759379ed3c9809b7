import { HomePage } from '@/components/home/HomePage';

// The catalogue and reviews are read from MongoDB on every request, so changes show at once.
export const dynamic = 'force-dynamic';

export default function Page() {
  return <HomePage />;
}
