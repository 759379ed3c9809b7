import type { Metadata } from 'next';
import Link from 'next/link';
import { CompanyOrdersTable } from '@/components/approvals/CompanyOrdersTable';
import { DashboardSection } from '@/components/dashboard/DashboardSection';
import { requirePageUser } from '@/lib/accounts';
import { can, companyOfMember } from '@/lib/companies';
import { companyWording as words } from '@/lib/core/b2b-wording/company';
import { companyOrdersFor } from '@/lib/orders';

export const metadata: Metadata = { title: words.companyOrders.title };

/**
 * Company orders: every live order placed by a member of the person's company, newest first,
 * with who placed each (orders stay with the company when their placer leaves). Each links to
 * its page, where the members whose role allows it pay it or download its invoice.
 */
export default async function CompanyOrdersPage() {
  const user = await requirePageUser('/dashboard/company/orders');
  const membership = await companyOfMember(user);
  if (!membership || !can(membership.member.role, 'viewCompanyOrders')) {
    return (
      <DashboardSection id="company-orders-title" title={words.companyOrders.title}>
        <p className="mt-4 max-w-2xl text-slate-700">
          {membership ? words.companyOrders.roleCannot : words.companyOrders.noCompany}{' '}
          <Link href="/dashboard/company" className="font-medium text-brand-700 underline">
            {membership ? words.common.seeCompany : words.common.createOrJoin}
          </Link>
        </p>
      </DashboardSection>
    );
  }
  const orders = await companyOrdersFor(user);
  return (
    <DashboardSection id="company-orders-title" title={words.companyOrders.title}>
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        {words.companyOrders.intro(membership.company.name)}
      </p>
      {orders.length === 0 ? (
        <p className="mt-4 text-slate-700">{words.companyOrders.none}</p>
      ) : (
        <CompanyOrdersTable orders={orders} />
      )}
    </DashboardSection>
  );
}
