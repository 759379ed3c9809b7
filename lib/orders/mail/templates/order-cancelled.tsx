import type { OrderCancelReason } from '@/lib/orders/mail/order-data';
import { ActionButton, absoluteLink, Paragraph } from '@/lib/core/mail/parts';
import { formatMoment } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import { BuyerOrderMail } from './buyer-order-mail';
import { OrderSummary, type OrderMailProps } from './order-parts';

/** The heading of the mail for each reason. */
const headings: Record<OrderCancelReason, string> = {
  deleted: 'Your order is cancelled',
  cancelled_by_store: 'We have cancelled your order',
  expired: 'Your unpaid order has expired',
  rejected: 'Your order was not approved',
  approval_expired: 'Your order was not approved in time',
};

/** Words someone wrote, quoted as the end of a sentence: its own full stop kept, else one added. */
function quoted(words: string): string {
  const trimmed = words.trim();
  return /[.!?]$/.test(trimmed) ? `“${trimmed}”` : `“${trimmed}”.`;
}

/** To the buyer, when an order is cancelled: why, and what happens to their money. */
export default function OrderCancelledMail(props: OrderMailProps) {
  const { order } = props;
  const reason = order.cancellation?.reason ?? 'cancelled_by_store';
  const when = order.cancellation ? ` on ${formatMoment(order.cancellation.at)}` : '';
  const decider = order.approval?.decidedBy ?? 'an approver of your company';
  // An order on account was never to be paid by card: its company owes nothing for it now.
  const nothing = order.account
    ? 'Nothing was charged, and your company owes nothing for it.'
    : 'Nothing was charged.';
  return (
    <BuyerOrderMail
      {...props}
      preview={`Order ${order.id} for ${order.product.name} is cancelled.`}
      heading={headings[reason]}
    >
      {reason === 'deleted' && (
        <Paragraph>
          Hello {order.buyer.name}, as you asked, order {order.id} was cancelled{when}. {nothing}
        </Paragraph>
      )}
      {reason === 'expired' && (
        <Paragraph>
          Hello {order.buyer.name}, order {order.id} was not paid by {formatMoment(order.payBy)}, so
          it was cancelled{when} and the reserved parts went back into stock. {nothing} You are
          welcome to order again.
        </Paragraph>
      )}
      {reason === 'rejected' && (
        <Paragraph>
          Hello {order.buyer.name}, {decider} did not approve order {order.id}, so it was cancelled
          {when} and the reserved parts went back into stock. {nothing}
          {order.approval?.reason ? ` The reason given: ${quoted(order.approval.reason)}` : ''} Talk
          to {order.approval?.decidedBy ?? 'an approver'} before you order these parts again.
        </Paragraph>
      )}
      {reason === 'approval_expired' && (
        <Paragraph>
          Hello {order.buyer.name}, order {order.id} was not approved by your company by{' '}
          {formatMoment(order.payBy)}, so it was cancelled{when} and the reserved parts went back
          into stock. {nothing} Place it again and let an approver know it is waiting.
        </Paragraph>
      )}
      {reason === 'cancelled_by_store' && (
        <Paragraph>
          Hello {order.buyer.name}, we are sorry: we had to cancel order {order.id}
          {when}.
          {order.payment
            ? ` You paid ${formatMoney(order.totalCents)} for it (transaction ${order.payment.transactionId}); we will contact you about the refund.`
            : ` ${nothing}`}
        </Paragraph>
      )}
      <OrderSummary order={order} origin={props.origin} />
      <ActionButton href={absoluteLink(props.origin, '/products')}>
        Browse the catalogue
      </ActionButton>
    </BuyerOrderMail>
  );
}
