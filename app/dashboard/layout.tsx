import type { Metadata } from 'next';
import { DashboardShell } from '@/components/dashboard/DashboardShell';
import { companyLinks, sidebarLinks } from '@/components/dashboard/sidebar-links';
import { requirePageUser } from '@/lib/accounts';
import { companyOfMember } from '@/lib/companies';

export const metadata: Metadata = { title: 'Dashboard', robots: { index: false } };

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  // The role and the company membership come from the database on every request, so a
  // promotion, or a change of company role, shows at once.
  const user = await requirePageUser('/dashboard');
  const membership = await companyOfMember(user);
  return (
    <DashboardShell
      links={sidebarLinks(user.role)}
      companyLinks={companyLinks(membership?.member.role ?? null)}
    >
      {children}
    </DashboardShell>
  );
}
