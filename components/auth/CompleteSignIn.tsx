'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { fetchAccessToken } from '@/lib/client/access-token';
import { refreshSession } from '@/lib/client/session';
import { Spinner } from './Spinner';

export function CompleteSignIn({ callbackPath }: { callbackPath: string }) {
  const router = useRouter();

  useEffect(() => {
    let cancelled = false;
    // Asked now, after the sign-in: the navigation bar follows the same answer.
    void refreshSession({ fresh: true }).then((session) => {
      if (cancelled) return;
      if (!session) {
        router.replace(`/login?callbackUrl=${encodeURIComponent(callbackPath)}`);
        return;
      }
      const email = session.user?.email;
      if (!email) return;
      void fetchAccessToken(email).finally(() => {
        router.replace(callbackPath);
        router.refresh();
      });
    });
    return () => {
      cancelled = true;
    };
  }, [callbackPath, router]);

  return (
    <div className="flex justify-center px-4 py-20 text-slate-600">
      <Spinner label="Signing you in" />
      <span className="ml-2">Signing you in…</span>
    </div>
  );
}
