import {
  ActionButton,
  absoluteLink,
  MailLayout,
  mailPaths,
  Paragraph,
} from '@/lib/core/mail/parts';
import { formatMoment } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import { OrderedGoods, orderedGoods, OrderSummary, type OrderMailProps } from './order-parts';

/**
 * To the approvers and owners of the buyer's company, when a member places an order above their
 * approval limit or one that takes their month over their monthly limit: who asks, for what and
 * how much, what approving does (the pay link to the buyer, or the order confirmed on the
 * company's account), and where to approve or reject it before it lapses.
 */
export default function ApprovalRequestedMail({ order, storeName, origin }: OrderMailProps) {
  const total = formatMoney(order.totalCents);
  const approval = order.approval;
  const month = approval?.month ?? null;
  const account = order.account ?? null;
  const reason = month
    ? `, which takes their month to ${formatMoney(month.totalCents)}, above their monthly limit of ${formatMoney(month.limitCents)}`
    : approval?.limitCents != null
      ? `, above their approval limit of ${formatMoney(approval.limitCents)}`
      : '';
  return (
    <MailLayout
      storeName={storeName}
      origin={origin}
      preview={`An order of ${total} for ${orderedGoods(order)} waits for your approval.`}
      heading={`Approval needed: ${total}`}
    >
      <Paragraph>
        {order.buyer.name} ({order.buyer.email}) placed order {order.id} for{' '}
        <OrderedGoods order={order} />, {total} in all
        {reason}. Its parts are reserved until {formatMoment(order.payBy)}: approve it{' '}
        {account
          ? `to confirm it on your company's account (Net ${account.netDays}, invoiced ${account.invoiceOn === 'order' ? 'at once' : 'when it ships'})`
          : 'so that it can be paid'}
        , or reject it with a reason. Unanswered by then, it is cancelled. We mail{' '}
        {order.buyer.name} your decision.
      </Paragraph>
      <ActionButton href={absoluteLink(origin, mailPaths.approvals)}>Open Approvals</ActionButton>
      <OrderSummary order={order} origin={origin} audience="others" />
    </MailLayout>
  );
}
