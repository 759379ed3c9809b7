import type { Metadata } from 'next';
import { googleEnabled } from '@/auth';
import { SignupForm } from '@/components/auth/SignupForm';
import { pageMetadata, storeName } from '@/lib/core/site';

export const metadata: Metadata = pageMetadata({
  title: 'Sign Up',
  description: `Open a business account with ${storeName} to order parts direct from the manufacturer.`,
  path: '/signup',
});

export default function SignupPage() {
  return (
    <div className="px-4 py-12">
      <SignupForm googleEnabled={googleEnabled} />
    </div>
  );
}
