'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { callApi } from '@/lib/client/api';
import { companyWording as words } from '@/lib/core/b2b-wording/company';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/ui/useConfirm';

/**
 * A member's Remove button on a company's admin page, with a confirmation dialog. The
 * company's last owner is refused by the server, whose message is shown.
 */
export function RemoveMemberButton({
  companyId,
  companyName,
  member,
}: {
  companyId: string;
  companyName: string;
  member: { userId: string; name: string; email: string };
}) {
  const router = useRouter();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const who = member.email || member.name || null;
  const named = { who, company: companyName };

  const remove = async () => {
    const confirmed = await confirm({
      title: words.admin.removeMember.title(named),
      text: words.admin.removeMember.text(named),
      confirmLabel: words.admin.removeMember.confirm,
    });
    if (!confirmed) return;
    setBusy(true);
    const result = await callApi(`/api/admin/companies/${companyId}/members/${member.userId}`, {
      method: 'DELETE',
    });
    setBusy(false);
    if (result.ok) {
      toast.success(words.admin.removeMember.done(named));
      router.refresh();
    } else toast.error(result.message);
  };

  return (
    <>
      <button
        type="button"
        className="btn-danger px-3 py-1.5"
        disabled={busy}
        aria-haspopup="dialog"
        aria-label={words.admin.removeMember.ariaLabel(who)}
        onClick={remove}
      >
        {words.admin.removeMember.button}
      </button>
      {dialog}
    </>
  );
}
