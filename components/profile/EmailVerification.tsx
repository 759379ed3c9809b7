'use client';

import { useState } from 'react';
import { callApi } from '@/lib/client/api';
import { notices } from '@/lib/core/messages';
import { toast } from '@/components/ui/toast';

const results: Record<string, { text: string; ok: boolean }> = {
  '1': { text: notices.emailVerified, ok: true },
  already: { text: notices.emailAlreadyVerified, ok: true },
  invalid: { text: notices.verificationLinkInvalid, ok: false },
};

/**
 * My Profile's email status: verified, or "Email not verified" with a "Send again" button
 * (the server allows 3 mails an hour). `result` is what the verification link said.
 */
export function EmailVerification({ verified, result }: { verified: boolean; result?: string }) {
  const [sending, setSending] = useState(false);
  const notice = result ? results[result] : undefined;

  async function sendAgain() {
    setSending(true);
    const response = await callApi('/api/verify-email', { method: 'POST' });
    setSending(false);
    if (response.ok) toast.success(notices.verificationSent);
    else toast.error(response.message);
  }

  return (
    <div className="mt-4 max-w-xl space-y-2" data-testid="email-verification">
      {notice && (
        <p
          role={notice.ok ? 'status' : 'alert'}
          className={notice.ok ? 'text-sm text-emerald-800' : 'text-sm text-red-700'}
        >
          {notice.text}
        </p>
      )}
      {verified ? (
        <p className="text-sm font-medium text-emerald-800">Email verified</p>
      ) : (
        <div className="flex flex-wrap items-center gap-3 rounded border border-amber-300 bg-amber-50 px-3 py-2">
          <p className="text-sm font-medium text-amber-900">
            Email not verified. Open the link we mailed you to verify it.
          </p>
          <button type="button" className="btn-secondary" onClick={sendAgain} disabled={sending}>
            Send again
          </button>
        </div>
      )}
    </div>
  );
}
