import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ObjectId } from 'mongodb';
import { AddMemberForm } from '@/components/companies/admin/AddMemberForm';
import { RemoveMemberButton } from '@/components/companies/admin/RemoveMemberButton';
import { StatusBadge } from '@/components/order/StatusBadge';
import { DetailRows } from '@/components/ui/DetailRows';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import { requirePageAdmin } from '@/lib/accounts';
import { COMPANY_ROLE_LABELS, findAdminCompany } from '@/lib/companies';
import { companyWording as words } from '@/lib/core/b2b-wording/company';
import { formatDateTime, formatDay, formatShortDay } from '@/lib/core/dates';
import { parseId } from '@/lib/core/ids';
import { formatMoney } from '@/lib/core/money';
import { recentCompanyOrders } from '@/lib/orders';
import { Panel } from '@/components/ui/Panel';
import { limitText } from '@/components/companies/RoleOptions';
import { TermsForm } from '@/components/terms/TermsForm';
import { AssignPriceList } from '@/components/pricing/AssignPriceList';
import { companyTerms } from '@/lib/terms';

export const metadata: Metadata = { title: words.admin.company.title };

/**
 * The admin check's return path. The proxy sends a signed-out visitor or a buyer to sign-in
 * with this very company's address before the page runs; this is the page's own check.
 */
const PATH = '/dashboard/companies/[companyId]';

/** How many of the company's newest orders the page lists. */
const RECENT_ORDERS = 20;

type Props = { params: Promise<{ companyId: string }> };

/**
 * A company (admins): its details, its members with their roles and approval limits (an admin
 * adds an existing account or removes a member for support), its payment terms (prepay or
 * net, with a credit limit), its shipping addresses and its newest orders.
 */
export default async function CompanyPage({ params }: Props) {
  await requirePageAdmin(PATH);
  const id = parseId((await params).companyId);
  const company = id ? await findAdminCompany(id) : null;
  if (!company) notFound();
  const [orders, terms] = await Promise.all([
    recentCompanyOrders(new ObjectId(company._id), RECENT_ORDERS),
    companyTerms(id!),
  ]);

  return (
    <section aria-labelledby="company-heading" className="max-w-5xl">
      <Link
        href="/dashboard/companies"
        className="text-sm font-medium text-brand-700 hover:underline"
      >
        {words.admin.company.back}
      </Link>
      <h1 id="company-heading" className="mt-2 text-2xl font-bold text-slate-900">
        {company.name}
      </h1>

      <Panel className="mt-6" id="company-details-heading" title={words.admin.company.details}>
        <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
          <DetailRows
            termClassName="font-medium text-slate-600"
            rows={[
              {
                term: words.admin.company.taxId,
                value: company.taxId ?? words.admin.company.noTaxId,
              },
              {
                term: words.admin.company.billingAddress,
                value: company.billingAddress,
                className: 'whitespace-pre-line text-slate-900',
              },
              { term: words.admin.company.created, value: formatDay(company.createdAt) },
              {
                term: words.admin.company.memberCount,
                value: company.members.length,
                testId: 'member-count',
              },
            ]}
          />
        </dl>
      </Panel>

      <Panel className="mt-6" id="company-members-heading" title={words.admin.company.members}>
        {company.members.length > 0 ? (
          <Table
            className="mt-4"
            headings="plain"
            columns={Object.values(words.admin.company.memberColumns)}
          >
            {company.members.map((member) => (
              <tr key={member.userId} data-testid="member-row">
                <RowHeader>{member.name || words.admin.company.accountRemoved}</RowHeader>
                <Td>{member.email}</Td>
                <Td>{COMPANY_ROLE_LABELS[member.role]}</Td>
                <Td>{limitText(member.approvalLimitCents)}</Td>
                <Td>{limitText(member.monthlyLimitCents)}</Td>
                <Td className="whitespace-nowrap">{formatShortDay(member.joinedAt)}</Td>
                <Td>
                  <RemoveMemberButton
                    companyId={company._id}
                    companyName={company.name}
                    member={member}
                  />
                </Td>
              </tr>
            ))}
          </Table>
        ) : (
          <p className="mt-4 text-sm text-slate-600">{words.admin.company.noMembers}</p>
        )}
        <h3 id="add-member-heading" className="mt-6 text-base font-semibold text-slate-900">
          {words.admin.company.addMember}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{words.admin.company.addMemberIntro}</p>
        <AddMemberForm companyId={company._id} />
      </Panel>

      <Panel className="mt-6" id="company-terms-heading" title={words.admin.company.terms}>
        <TermsForm companyId={company._id} terms={terms} />
      </Panel>
      <AssignPriceList companyId={company._id} />

      <Panel className="mt-6" id="company-addresses-heading" title={words.admin.company.addresses}>
        {company.shippingAddresses.length > 0 ? (
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {company.shippingAddresses.map((address) => (
              <li key={address._id} className="rounded-lg border border-slate-200 p-4 text-sm">
                <p className="font-medium text-slate-900">
                  {address.label}
                  {address.default ? (
                    <span className="ml-2 rounded bg-brand-100 px-2 py-0.5 text-xs text-brand-800">
                      {words.admin.company.defaultAddress}
                    </span>
                  ) : null}
                </p>
                <p className="mt-1 whitespace-pre-line text-slate-700">{address.address}</p>
                <p className="mt-1 text-slate-700">{address.phone}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-sm text-slate-600">{words.admin.company.noAddresses}</p>
        )}
      </Panel>

      <Panel className="mt-6" id="company-orders-heading" title={words.admin.company.orders}>
        {orders.length > 0 ? (
          <Table
            className="mt-4"
            headings="plain"
            columns={Object.values(words.admin.company.orderColumns)}
          >
            {orders.map((order) => (
              <tr key={order._id}>
                <RowHeader>
                  <Link
                    href={`/dashboard/order/${order._id}`}
                    className="font-mono text-brand-700 hover:underline"
                    title={order._id}
                  >
                    <span className="sr-only">{words.admin.company.orderPrefix}</span>
                    {order._id.slice(-8)}
                  </Link>
                </RowHeader>
                <Td>{formatDateTime(order.createdAt)}</Td>
                <Td>
                  {order.placedBy.name || order.placedBy.email}
                  {order.placedBy.name && order.placedBy.email ? (
                    <span className="block text-xs text-slate-600">{order.placedBy.email}</span>
                  ) : null}
                </Td>
                <Td>
                  <StatusBadge status={order.status} />
                </Td>
                <Td className="tabular-nums">{formatMoney(order.totalCents)}</Td>
              </tr>
            ))}
          </Table>
        ) : (
          <p className="mt-4 text-sm text-slate-600">{words.admin.company.noOrders}</p>
        )}
      </Panel>
    </section>
  );
}
