import type { Metadata } from 'next';
import { googleEnabled } from '@/auth';
import { SignupForm } from '@/components/auth/SignupForm';

export const metadata: Metadata = { title: 'Sign Up' };

export default function SignupPage() {
  return (
    <div className="px-4 py-12">
      <SignupForm googleEnabled={googleEnabled} />
    </div>
  );
}
