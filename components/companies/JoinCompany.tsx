'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { postJson } from '@/lib/client/api';
import type { MyCompany } from '@/lib/companies/shared';

/**
 * What the person can do about each refusal of an invitation, after the API's own words, by the
 * answer's code: 404 (the invitation is unknown, expired or used), 403 (it was sent to another
 * email address), 409 (they belong to a company already).
 */
const NEXT_STEPS: Record<string, { text: string; link?: { href: string; label: string } }> = {
  not_found: {
    text: 'Ask the person who invited you to send a new invitation.',
  },
  forbidden: {
    text: 'Log out and sign in (or sign up) with the email address the invitation was sent to, then open the link again.',
  },
  conflict: {
    text: 'You can join another company after leaving yours (on the Company page).',
    link: { href: '/dashboard/company', label: 'Go to your company' },
  },
};

interface Failure {
  code: string;
  message: string;
}

/**
 * Accepting an invitation: the token from the mailed link, sent as
 * POST /api/companies/invitations/accept by the signed-in person; then the company's page. A
 * refusal is shown in the API's words with what to do about it.
 */
export function JoinCompany({ token }: { token: string | null }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(
    token ? null : { code: 'not_found', message: 'This link has no invitation in it.' },
  );

  const accept = async () => {
    if (!token) return;
    setBusy(true);
    setFailure(null);
    const result = await postJson<MyCompany>('/api/companies/invitations/accept', { token });
    if (result.ok) {
      toast.success(`You joined ${result.data.name}.`);
      router.push('/dashboard/company');
      router.refresh();
      return;
    }
    setBusy(false);
    setFailure({ code: result.code, message: result.message });
  };

  const next = failure ? NEXT_STEPS[failure.code] : undefined;
  return (
    <div className="mt-4 max-w-xl space-y-4">
      <p className="text-slate-700">
        You were invited to join a company account on the store. As a member you order for your
        company, share its shipping addresses and see its orders, as your role allows.
      </p>
      {failure ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm">
          <p className="font-medium text-red-800">{failure.message}</p>
          {next ? <p className="mt-1 text-slate-800">{next.text}</p> : null}
          {next?.link ? (
            <Link
              href={next.link.href}
              className="mt-2 inline-block font-medium text-brand-700 underline"
            >
              {next.link.label}
            </Link>
          ) : null}
        </div>
      ) : null}
      {/* A refusal with its own next step cannot be undone by trying again. */}
      {token && !next ? (
        <button
          type="button"
          className="btn-primary"
          disabled={busy}
          aria-busy={busy}
          onClick={accept}
        >
          {busy ? 'Joining…' : 'Accept invitation'}
        </button>
      ) : null}
    </div>
  );
}
