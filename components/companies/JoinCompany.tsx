'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { postJson } from '@/lib/client/api';
import type { InvitationPreview } from '@/lib/companies';
import type { MyCompany } from '@/lib/companies/shared';
import { invitationsWording as words } from '@/lib/core/b2b-wording/invitations';

interface Failure {
  code: string;
  message: string;
}

/**
 * Accepting an invitation: what the invited role may do (`invitation`, when the link's
 * invitation can be used), then the token from the mailed link, sent as
 * POST /api/companies/invitations/accept by the signed-in person; then the company's page. A
 * refusal is shown in the API's words with what to do about it (`words.nextSteps`, by the
 * answer's code).
 */
export function JoinCompany({
  token,
  invitation,
}: {
  token: string | null;
  invitation: InvitationPreview | null;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(
    token ? null : { code: 'not_found', message: words.noToken },
  );

  const accept = async () => {
    if (!token) return;
    setBusy(true);
    setFailure(null);
    const result = await postJson<MyCompany>('/api/companies/invitations/accept', { token });
    if (result.ok) {
      toast.success(words.joined(result.data.name));
      router.push('/dashboard/company');
      router.refresh();
      return;
    }
    setBusy(false);
    setFailure({ code: result.code, message: result.message });
  };

  const next = failure ? words.nextSteps[failure.code] : undefined;
  return (
    <div className="mt-4 max-w-xl space-y-4">
      {invitation ? (
        <>
          <p className="text-slate-700">{words.roleDoes[invitation.role]}</p>
          {failure ? null : <p className="text-slate-700">{words.acceptNext}</p>}
        </>
      ) : (
        <p className="text-slate-700">{words.intro}</p>
      )}
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
          {busy ? words.accepting : words.accept}
        </button>
      ) : null}
    </div>
  );
}
