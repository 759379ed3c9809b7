import type { Metadata } from 'next';
import { googleEnabled } from '@/auth';
import { SignupForm } from '@/components/auth/SignupForm';
import { safeCallbackPath } from '@/lib/accounts';
import { invitationOfCallback } from '@/lib/companies';
import { pageMetadata, storeName } from '@/lib/core/site';

export const metadata: Metadata = pageMetadata({
  title: 'Sign Up',
  description: `Open a business account with ${storeName} to order parts direct from the manufacturer.`,
  path: '/signup',
});

type Props = { searchParams: Promise<{ callbackUrl?: string }> };

/**
 * Sign Up. With a `callbackUrl` (a safe path on the store only, as for Login), the new account
 * comes back to that page: after signing up, after Google, and from the verification mail's
 * link; sent from an invitation's link, the page shows that invitation above the form.
 */
export default async function SignupPage({ searchParams }: Props) {
  const { callbackUrl } = await searchParams;
  const callbackPath = safeCallbackPath(callbackUrl, '') || null;
  return (
    <div className="px-4 py-12">
      <SignupForm
        callbackPath={callbackPath}
        googleEnabled={googleEnabled}
        invitation={callbackPath ? await invitationOfCallback(callbackPath) : null}
      />
    </div>
  );
}
