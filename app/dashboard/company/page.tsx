import type { Metadata } from 'next';
import { CompanyDetails } from '@/components/companies/CompanyDetails';
import { CompanyInvitations } from '@/components/companies/CompanyInvitations';
import { CompanyMembers } from '@/components/companies/CompanyMembers';
import { CreateCompanyForm } from '@/components/companies/CreateCompanyForm';
import { ShippingAddresses } from '@/components/companies/ShippingAddresses';
import { DashboardSection } from '@/components/dashboard/DashboardSection';
import { requirePageUser } from '@/lib/accounts';
import { can, companyOfMember, listInvitations, myCompany } from '@/lib/companies';
import { companyWording as words } from '@/lib/core/b2b-wording/company';
import { membersWithMonth } from '@/lib/orders';

export const metadata: Metadata = { title: words.page.title };

/**
 * The person's company account. Without one: "Create your company", prefilled from My
 * Profile's company name and tax id. With one: its details, members, invitations (owners) and
 * shipping addresses; what a role may not do is not offered (the API checks every change).
 */
export default async function CompanyPage() {
  const user = await requirePageUser('/dashboard/company');
  const company = (await companyOfMember(user)) ? await myCompany(user) : null;

  if (!company) {
    return (
      <DashboardSection id="company-title" title={words.page.title}>
        <CreateCompanyForm
          initial={{ name: user.company ?? '', taxId: user.taxId ?? '', billingAddress: '' }}
        />
      </DashboardSection>
    );
  }

  const { role } = company.membership;
  const manageMembers = can(role, 'manageMembers');
  const [members, invitations] = await Promise.all([
    membersWithMonth(user),
    manageMembers ? listInvitations(user) : null,
  ]);
  return (
    <DashboardSection id="company-title" title={words.page.title}>
      <CompanyDetails company={company} canEdit={can(role, 'manageCompany')} />
      <CompanyMembers initial={members.items} myUserId={user.id} myRole={role} />
      {invitations ? <CompanyInvitations initial={invitations.items} /> : null}
      <ShippingAddresses
        addresses={company.shippingAddresses}
        canManage={can(role, 'manageAddresses')}
      />
    </DashboardSection>
  );
}
