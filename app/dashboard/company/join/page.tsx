import type { Metadata } from 'next';
import { JoinCompany } from '@/components/companies/JoinCompany';
import { DashboardSection } from '@/components/dashboard/DashboardSection';
import { requirePageUser } from '@/lib/accounts';

export const metadata: Metadata = { title: 'Join the company' };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/**
 * Where an invitation's mailed link leads: "Join the company" with an Accept button. Signed
 * out, the person logs in first and comes back here with the token (the proxy and this page
 * keep the query in the callback).
 */
export default async function JoinCompanyPage({ searchParams }: Props) {
  const { token } = await searchParams;
  const value = typeof token === 'string' && token !== '' ? token : null;
  await requirePageUser(
    value
      ? `/dashboard/company/join?token=${encodeURIComponent(value)}`
      : '/dashboard/company/join',
  );
  return (
    <DashboardSection id="join-title" title="Join the company">
      <JoinCompany token={value} />
    </DashboardSection>
  );
}
