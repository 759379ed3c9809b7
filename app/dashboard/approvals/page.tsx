import type { Metadata } from 'next';
import Link from 'next/link';
import { ApprovalActions } from '@/components/approvals/ApprovalActions';
import { CompanyOrdersTable } from '@/components/approvals/CompanyOrdersTable';
import { DashboardSection } from '@/components/dashboard/DashboardSection';
import { Td } from '@/components/ui/Table';
import { requirePageUser } from '@/lib/accounts';
import { can, companyOfMember } from '@/lib/companies';
import { companyWording as words } from '@/lib/core/b2b-wording/company';
import { formatDateTime } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import { approvalsFor } from '@/lib/orders';

export const metadata: Metadata = { title: words.approvals.title };

/**
 * Approvals: the orders of the person's company placed above their buyer's approval limit, for
 * approvers and owners, oldest first, with Approve and Reject (with a reason). Their own orders
 * are listed without the buttons: someone else decides them.
 */
export default async function ApprovalsPage() {
  const user = await requirePageUser('/dashboard/approvals');
  const membership = await companyOfMember(user);
  if (!membership || !can(membership.member.role, 'approveOrders')) {
    return (
      <DashboardSection id="approvals-title" title={words.approvals.title}>
        <p className="mt-4 max-w-2xl text-slate-700">
          {membership ? words.approvals.roleCannot : words.approvals.noCompany}{' '}
          <Link href="/dashboard/company" className="font-medium text-brand-700 underline">
            {membership ? words.common.seeCompany : words.common.createOrJoin}
          </Link>
        </p>
      </DashboardSection>
    );
  }
  const orders = await approvalsFor(user);
  return (
    <DashboardSection id="approvals-title" title={words.approvals.title}>
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        {words.approvals.intro(membership.company.name)}
      </p>
      {orders.length === 0 ? (
        <p className="mt-4 text-slate-700">{words.approvals.none}</p>
      ) : (
        <CompanyOrdersTable
          orders={orders}
          withStatus={false}
          totalNote={(order) =>
            order.approval?.month
              ? words.approvals.overMonth({
                  total: formatMoney(order.approval.month.totalCents),
                  limit: formatMoney(order.approval.month.limitCents),
                })
              : order.approval?.limitCents != null
                ? words.approvals.overLimit(formatMoney(order.approval.limitCents))
                : null
          }
          extraHeadings={[words.approvals.columns.reservedUntil, words.approvals.columns.decision]}
          extra={(order) => (
            <>
              <Td className="text-xs whitespace-nowrap">
                <time dateTime={order.payBy}>{formatDateTime(order.payBy)}</time>
              </Td>
              <Td>
                {order.placedBy === user.id ? (
                  <span className="text-sm text-slate-700">{words.approvals.ownOrder}</span>
                ) : (
                  <ApprovalActions
                    orderId={order._id}
                    reference={order._id.slice(-8)}
                    buyer={order.userName}
                    onAccount={order.account !== null}
                  />
                )}
              </Td>
            </>
          )}
        />
      )}
    </DashboardSection>
  );
}
