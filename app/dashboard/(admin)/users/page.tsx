import type { Metadata } from 'next';
import { UsersTable } from '@/components/admin/UsersTable';
import { requirePageAdmin } from '@/lib/accounts';
import { listUsers } from '@/lib/accounts';
import { DashboardSection } from '@/components/dashboard/DashboardSection';

export const metadata: Metadata = { title: 'Make Admin' };

export default async function MakeAdminPage() {
  const admin = await requirePageAdmin('/dashboard/users');
  const users = await listUsers();
  return (
    <DashboardSection id="users-title" title="Make Admin">
      <UsersTable
        currentUserId={admin.id}
        users={users.map(({ id, email, name, role }) => ({ id, email, name, role }))}
      />
    </DashboardSection>
  );
}
