import type { Metadata } from 'next';
import { googleEnabled } from '@/auth';
import { LoginForm } from '@/components/auth/LoginForm';
import { safeCallbackPath } from '@/lib/accounts';
import { loginErrorMessage, notices } from '@/lib/core/messages';
import { pageMetadata, storeName } from '@/lib/core/site';

export const metadata: Metadata = pageMetadata({
  title: 'Login',
  description: `Sign in to ${storeName} to order parts in bulk, pay and follow your orders.`,
  path: '/login',
});

type Props = {
  searchParams: Promise<{ callbackUrl?: string; error?: string; code?: string; reset?: string }>;
};

export default async function LoginPage({ searchParams }: Props) {
  const { callbackUrl, error, code, reset } = await searchParams;
  return (
    <div className="px-4 py-12">
      <LoginForm
        callbackPath={safeCallbackPath(callbackUrl)}
        googleEnabled={googleEnabled}
        initialError={loginErrorMessage(error, code)}
        notice={reset ? notices.passwordChanged : null}
      />
    </div>
  );
}
