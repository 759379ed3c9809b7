'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { callApi } from '@/lib/client/api';
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
  const who = member.email || member.name || 'this member';

  const remove = async () => {
    const confirmed = await confirm({
      title: `Remove ${who} from ${companyName}?`,
      text: `${who} will no longer belong to ${companyName}. Their orders stay with the company. You can add them again later.`,
      confirmLabel: 'Remove member',
    });
    if (!confirmed) return;
    setBusy(true);
    const result = await callApi(`/api/admin/companies/${companyId}/members/${member.userId}`, {
      method: 'DELETE',
    });
    setBusy(false);
    if (result.ok) {
      toast.success(`${who} was removed from ${companyName}.`);
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
        aria-label={`Remove ${who}`}
        onClick={remove}
      >
        Remove
      </button>
      {dialog}
    </>
  );
}
