import type { Metadata } from 'next';
import { UsersTable } from '@/components/admin/UsersTable';
import { requirePageAdmin } from '@/lib/accounts';
import { listUsers } from '@/lib/accounts';

export const metadata: Metadata = { title: 'Make Admin' };

export default async function MakeAdminPage() {
  const admin = await requirePageAdmin('/dashboard/users');
  const users = await listUsers();
  return (
    <section aria-labelledby="users-title">
      <h1 id="users-title" className="text-2xl font-bold text-slate-900">
        Make Admin
      </h1>
      <UsersTable
        currentUserId={admin.id}
        users={users.map(({ id, email, name, role }) => ({ id, email, name, role }))}
      />
    </section>
  );
}
