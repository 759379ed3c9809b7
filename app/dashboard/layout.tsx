import type { Metadata } from 'next';
import { DashboardShell } from '@/components/dashboard/DashboardShell';
import { sidebarLinks } from '@/components/dashboard/sidebar-links';
import { requirePageUser } from '@/lib/accounts';

export const metadata: Metadata = { title: 'Dashboard', robots: { index: false } };

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  // The role comes from the database on every request, so a promotion shows at once.
  const user = await requirePageUser('/dashboard');
  return <DashboardShell links={sidebarLinks(user.role)}>{children}</DashboardShell>;
}
