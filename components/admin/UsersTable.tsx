'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { messages } from '@/lib/core/messages';
import { callApi } from '@/lib/client/api';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/ui/useConfirm';
import { Table, Td } from '@/components/ui/Table';

interface Row {
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'user';
}

/** The one role change a row offers: a buyer can be made admin, an admin made a buyer again. */
const roleAction = (user: Row) => (user.role !== 'admin' ? 'Make admin' : 'Remove admin');

export function UsersTable({ users, currentUserId }: { users: Row[]; currentUserId: string }) {
  const router = useRouter();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState<string | null>(null);

  const makeAdmin = async (user: Row) => {
    setBusy(user.id);
    const result = await callApi(`/api/user/admin/${encodeURIComponent(user.email)}`, {
      method: 'PUT',
    });
    setBusy(null);
    if (result.ok) {
      toast.success(messages.admin.made);
      router.refresh();
    } else toast.error(result.message);
  };

  const removeAdmin = async (user: Row) => {
    const self = user.id === currentUserId;
    const confirmed = await confirm({
      title: `Remove admin: ${user.email}?`,
      text: self
        ? 'You will no longer be an admin. Another admin can make you admin again.'
        : `${user.email} will no longer be an admin. You can make them admin again later.`,
      confirmLabel: 'Remove admin',
    });
    if (!confirmed) return;
    setBusy(user.id);
    const result = await callApi(`/api/user/admin/${encodeURIComponent(user.email)}`, {
      method: 'DELETE',
    });
    setBusy(null);
    if (result.ok) {
      toast.success(`${user.email} is no longer an admin.`);
      // Without the role this page is no longer yours: back to the dashboard.
      if (self) router.push('/dashboard');
      else router.refresh();
    } else toast.error(result.message);
  };

  const remove = async (user: Row) => {
    const confirmed = await confirm({
      title: `Remove ${user.email}?`,
      text: 'Once removed, you will not be able to recover this account! Their sessions end and they leave their company, if they belong to one (the invitations they sent are closed). Their orders stay.',
      confirmLabel: 'Remove User',
    });
    if (!confirmed) return;
    setBusy(user.id);
    const result = await callApi(`/api/user/${encodeURIComponent(user.email)}`, {
      method: 'DELETE',
    });
    setBusy(null);
    if (result.ok) {
      toast.success(`${user.email} was removed.`);
      router.refresh();
    } else toast.error(result.message);
  };

  return (
    <>
      <Table
        className="mt-6"
        headings="plain"
        columns={['#', 'Email', 'Make admin', 'Remove User']}
      >
        {users.map((user, index) => (
          <tr key={user.id}>
            <Td>{index + 1}</Td>
            <Td>
              {user.email}
              {user.role === 'admin' ? (
                <span className="ml-2 rounded bg-brand-100 px-2 py-0.5 text-xs text-brand-800">
                  admin
                </span>
              ) : null}
            </Td>
            <Td>
              <button
                type="button"
                className={`${user.role !== 'admin' ? 'btn-primary' : 'btn-secondary'} px-3 py-1.5`}
                disabled={busy === user.id}
                onClick={() => (user.role !== 'admin' ? makeAdmin(user) : removeAdmin(user))}
                aria-label={`${roleAction(user)}: ${user.email}`}
              >
                {roleAction(user)}
              </button>
            </Td>
            <Td>
              <button
                type="button"
                className="btn-danger px-3 py-1.5"
                disabled={busy === user.id || user.id === currentUserId}
                title={user.id === currentUserId ? 'You cannot remove yourself' : undefined}
                onClick={() => remove(user)}
                aria-label={`Remove User: ${user.email}`}
              >
                Remove User
              </button>
            </Td>
          </tr>
        ))}
      </Table>
      {dialog}
    </>
  );
}
