import type { Metadata } from 'next';
import Link from 'next/link';
import { ApprovalActions } from '@/components/approvals/ApprovalActions';
import { CompanyOrdersTable } from '@/components/approvals/CompanyOrdersTable';
import { DashboardSection } from '@/components/dashboard/DashboardSection';
import { Td } from '@/components/ui/Table';
import { requirePageUser } from '@/lib/accounts';
import { can, companyOfMember } from '@/lib/companies';
import { formatDateTime } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import { approvalsFor } from '@/lib/orders';

export const metadata: Metadata = { title: 'Approvals' };

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
      <DashboardSection id="approvals-title" title="Approvals">
        <p className="mt-4 max-w-2xl text-slate-700">
          {membership
            ? 'Your role in your company does not approve orders: its approvers and owners do.'
            : 'Approvals are for companies: orders of a company’s buyers above their approval limit wait here for an approver.'}{' '}
          <Link href="/dashboard/company" className="font-medium text-brand-700 underline">
            {membership ? 'See your company' : 'Create or join a company'}
          </Link>
        </p>
      </DashboardSection>
    );
  }
  const orders = await approvalsFor(user);
  return (
    <DashboardSection id="approvals-title" title="Approvals">
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        Orders of {membership.company.name} above their buyer’s approval limit, or taking their
        month over their monthly limit. Their parts stay reserved until the time shown; approve an
        order so that it can be paid, or reject it with a reason for its buyer.
      </p>
      {orders.length === 0 ? (
        <p className="mt-4 text-slate-700">No order is waiting for an approval.</p>
      ) : (
        <CompanyOrdersTable
          orders={orders}
          withStatus={false}
          totalNote={(order) =>
            order.approval?.month
              ? `Month ${formatMoney(order.approval.month.totalCents)} of ${formatMoney(order.approval.month.limitCents)}`
              : order.approval?.limitCents != null
                ? `Limit ${formatMoney(order.approval.limitCents)}`
                : null
          }
          extraHeadings={['Reserved until', 'Decision']}
          extra={(order) => (
            <>
              <Td className="text-xs whitespace-nowrap">
                <time dateTime={order.payBy}>{formatDateTime(order.payBy)}</time>
              </Td>
              <Td>
                {order.placedBy === user.id ? (
                  <span className="text-sm text-slate-700">
                    Your order: another approver decides
                  </span>
                ) : (
                  <ApprovalActions
                    orderId={order._id}
                    label={`order ${order._id.slice(-8)} from ${order.userName}`}
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
