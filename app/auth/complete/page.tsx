import type { Metadata } from 'next';
import { CompleteSignIn } from '@/components/auth/CompleteSignIn';
import { safeCallbackPath } from '@/lib/accounts';

export const metadata: Metadata = { title: 'Signing in', robots: { index: false } };

type Props = { searchParams: Promise<{ callbackUrl?: string }> };

/** Where every sign-in lands: fetches the access token, then goes on to the callback path. */
export default async function CompletePage({ searchParams }: Props) {
  const { callbackUrl } = await searchParams;
  return <CompleteSignIn callbackPath={safeCallbackPath(callbackUrl)} />;
}
