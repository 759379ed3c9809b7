import Link from 'next/link';
import { approvalWording as words } from '@/lib/core/b2b-wording/approval';
import { formatDateTime } from '@/lib/core/dates';
import { formatMoney, toCents } from '@/lib/core/money';
import type { ApprovalForViewer, Order } from '@/lib/orders';

/** What of an order the note reads. */
export type ApprovalNoteOrder = Pick<
  Order,
  | '_id'
  | 'status'
  | 'cancelReason'
  | 'approval'
  | 'payBy'
  | 'price'
  | 'email'
  | 'userName'
  | 'account'
>;

/** Where a company order stands in its approval. */
export type ApprovalState = 'waiting' | 'approved' | 'rejected' | 'expired';

/**
 * Where a company order stands in its approval: null for one that needed none, and for one
 * cancelled otherwise than by its approval (its buyer withdrew it, it expired unpaid after it
 * was approved, the store cancelled it).
 */
export function approvalState(
  order: Pick<Order, 'status' | 'cancelReason' | 'approval'>,
): ApprovalState | null {
  if (!order.approval) return null;
  if (order.status === 'awaiting_approval') return 'waiting';
  if (order.status === 'cancelled') {
    if (order.cancelReason === 'rejected') return 'rejected';
    if (order.cancelReason === 'approval_expired') return 'expired';
    return null;
  }
  return order.approval.decidedAt !== null ? 'approved' : null;
}

/** The boxes of the order page, one tone per state (dark text on a light tint, past 4.5:1). */
const boxes: Record<ApprovalState, string> = {
  waiting: 'border-orange-300 bg-orange-50 text-orange-900',
  approved: 'border-teal-300 bg-teal-50 text-teal-900',
  rejected: 'border-slate-300 bg-slate-50 text-slate-800',
  expired: 'border-slate-300 bg-slate-50 text-slate-800',
};

const link = 'font-medium underline underline-offset-2';

/**
 * A company order's approval in words, on its order page (`on="order"`, a box of its own) or its
 * payment page (`on="payment"`, inside the page's card, instead of the payment): while it waits,
 * why, who can approve it (by name, for members of its company), until when its parts are held
 * and who is emailed the decision; once decided, who decided and when (and the reason of a
 * rejection); cancelled because nobody decided in time, that. Nothing for an order that needed
 * no approval.
 */
export function OrderApprovalNote({
  order,
  approval,
  on,
  testId,
}: {
  order: ApprovalNoteOrder;
  approval: ApprovalForViewer | null;
  on: 'order' | 'payment';
  testId?: string;
}) {
  const state = approvalState(order);
  if (!approval || !state || !order.approval) return null;
  const reader = approval.viewer;
  const className =
    on === 'order'
      ? `mt-4 space-y-1 rounded-lg border p-4 text-sm ${boxes[state]}`
      : 'space-y-1 text-sm text-slate-800';
  const title = on === 'order' ? 'font-semibold' : 'font-semibold text-slate-900';
  const orderLink =
    on === 'payment' ? (
      <p className="pt-2">
        <Link href={`/dashboard/order/${order._id}`} className={`text-brand-700 ${link}`}>
          {words.waiting.orderPageLink}
        </Link>
      </p>
    ) : null;

  const decidedAt = order.approval.decidedAt;
  if (state === 'approved') {
    return decidedAt === null ? null : (
      <p
        role="status"
        data-testid={testId}
        className={on === 'order' ? className : 'text-sm text-slate-700'}
      >
        {words.approved.by({
          by: approval.decidedBy,
          at: formatDateTime(decidedAt),
        })}
        {on === 'order' && order.status === 'unpaid'
          ? ` ${words.approved.payBy(formatDateTime(order.payBy))}`
          : null}
      </p>
    );
  }

  if (state === 'rejected' || state === 'expired') {
    const reason = order.approval.reason;
    return (
      <div role="status" data-testid={testId} className={className}>
        <p className={title}>{words.notApproved.title}</p>
        <p>
          {state === 'rejected'
            ? words.notApproved.rejected({
                by: approval.decidedBy,
                at: formatDateTime(decidedAt ?? order.payBy),
              })
            : words.notApproved.expired(formatDateTime(order.payBy))}
        </p>
        {state === 'rejected' && reason ? (
          <p className="break-words">{words.notApproved.reason(reason)}</p>
        ) : null}
        <p>{words.notApproved.stockBack(order.account !== null)}</p>
        <p>
          {words.notApproved.orderAgain({
            reader,
            rejectedBy: state === 'rejected' ? approval.decidedBy : null,
          })}
        </p>
        {orderLink}
      </div>
    );
  }

  const onAccount = order.account !== null;
  const month = order.approval.month;
  const limit = order.approval.limitCents;
  const why = month
    ? words.waiting.overMonth({
        reader,
        buyer: order.userName,
        month: formatMoney(month.totalCents),
        limit: formatMoney(month.limitCents),
        onAccount,
      })
    : limit !== null
      ? words.waiting.overLimit({
          reader,
          buyer: order.userName,
          total: formatMoney(toCents(order.price)),
          limit: formatMoney(limit),
          onAccount,
        })
      : null;
  const approvers = approval.approvers;
  return (
    <div role="status" data-testid={testId} className={className}>
      <p className={title}>{words.waiting.title(reader)}</p>
      {on === 'payment' ? <p>{words.waiting.nothingToPay(order.account !== null)}</p> : null}
      {why ? <p>{why}</p> : null}
      <p data-testid="approval-approvers">
        {approvers === null
          ? words.waiting.someApprover
          : approvers.length === 0
            ? words.waiting.noApprovers(reader)
            : words.waiting.approvers(approvers)}
      </p>
      {reader === 'decider' ? (
        <p>
          {words.waiting.youMayDecide}{' '}
          <Link href="/dashboard/approvals" className={link}>
            {words.waiting.approvalsLink}
          </Link>
          .
        </p>
      ) : null}
      <p data-testid="approval-held">
        {words.waiting.held({ reader, until: formatDateTime(order.payBy) })}
      </p>
      <p data-testid="approval-mailed" className="break-words">
        {words.waiting.mailed({ reader, email: order.email, buyer: order.userName, onAccount })}
      </p>
      {orderLink}
    </div>
  );
}
