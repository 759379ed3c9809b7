'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useConfirm } from '@/components/ui/useConfirm';
import { toast } from '@/components/ui/toast';
import { callApi } from '@/lib/client/api';
import { clearAccessToken } from '@/lib/client/access-token';
import { refreshSession } from '@/lib/client/session';

/**
 * My Profile's "Sign out everywhere": after a confirmation, DELETE /api/sessions ends every
 * session and access token of the account, on every device and in this browser, and the person
 * lands on the login page.
 */
export function SignOutEverywhere() {
  const { confirm, dialog } = useConfirm();
  const router = useRouter();
  const [busy, setBusy] = useState(false);

  async function signOutEverywhere() {
    const confirmed = await confirm({
      title: 'Sign out everywhere?',
      text: 'Every device and browser signed in to your account is signed out, this one included, and access tokens stop working. You will need to log in again.',
      confirmLabel: 'Sign out everywhere',
    });
    if (!confirmed) return;
    setBusy(true);
    const response = await callApi('/api/sessions', { method: 'DELETE' });
    if (!response.ok) {
      setBusy(false);
      toast.error(response.message);
      return;
    }
    clearAccessToken();
    // The navigation bar learns that nobody is signed in any more, then the login page.
    await refreshSession({ fresh: true });
    router.replace('/login');
  }

  return (
    <section aria-labelledby="sessions-title" className="mt-10 max-w-xl">
      <h2 id="sessions-title" className="text-lg font-semibold text-slate-900">
        Sessions
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Signed in somewhere you no longer use, or on a shared computer? End every session of your
        account at once, including this one.
      </p>
      <button
        type="button"
        className="btn-secondary mt-3"
        onClick={signOutEverywhere}
        disabled={busy}
        aria-busy={busy}
      >
        Sign out everywhere
      </button>
      {dialog}
    </section>
  );
}
