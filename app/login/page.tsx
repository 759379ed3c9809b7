import type { Metadata } from 'next';
import { googleEnabled } from '@/auth';
import { LoginForm } from '@/components/auth/LoginForm';
import { safeCallbackPath } from '@/lib/accounts';
import { invitationOfCallback } from '@/lib/companies';
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

/**
 * Login. Sent here from an invitation's link (the callback path is its join link), the page
 * shows that invitation above the form, and signing in or up from here leads back to it.
 */
export default async function LoginPage({ searchParams }: Props) {
  const { callbackUrl, error, code, reset } = await searchParams;
  const callbackPath = safeCallbackPath(callbackUrl);
  return (
    <div className="px-4 py-12">
      <LoginForm
        callbackPath={callbackPath}
        googleEnabled={googleEnabled}
        initialError={loginErrorMessage(error, code)}
        notice={reset ? notices.passwordChanged : null}
        invitation={await invitationOfCallback(callbackPath)}
      />
    </div>
  );
}
