'use client';

import { useRouter } from 'next/navigation';
import { useSession } from 'next-auth/react';
import { useEffect } from 'react';
import { fetchAccessToken } from '@/lib/client/access-token';
import { Spinner } from './Spinner';

export function CompleteSignIn({ callbackPath }: { callbackPath: string }) {
  const router = useRouter();
  const { data: session, status } = useSession();

  useEffect(() => {
    if (status === 'loading') return;
    if (status === 'unauthenticated') {
      router.replace(`/login?callbackUrl=${encodeURIComponent(callbackPath)}`);
      return;
    }
    const email = session?.user?.email;
    if (!email) return;
    fetchAccessToken(email).finally(() => {
      router.replace(callbackPath);
      router.refresh();
    });
  }, [status, session?.user?.email, callbackPath, router]);

  return (
    <div className="flex justify-center px-4 py-20 text-slate-600">
      <Spinner label="Signing you in" />
      <span className="ml-2">Signing you in…</span>
    </div>
  );
}
