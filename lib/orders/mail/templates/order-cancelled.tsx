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

/** To the buyer, when an order is cancelled: why, and what happens to their money. */
export default function OrderCancelledMail(props: OrderMailProps) {
  const { order } = props;
  const reason = order.cancellation?.reason ?? 'cancelled_by_store';
  const when = order.cancellation ? ` on ${formatMoment(order.cancellation.at)}` : '';
  return (
    <BuyerOrderMail
      {...props}
      preview={`Order ${order.id} for ${order.product.name} is cancelled.`}
      heading={headings[reason]}
    >
      {reason === 'deleted' && (
        <Paragraph>
          Hello {order.buyer.name}, as you asked, order {order.id} was cancelled{when}. Nothing was
          charged.
        </Paragraph>
      )}
      {reason === 'expired' && (
        <Paragraph>
          Hello {order.buyer.name}, order {order.id} was not paid by {formatMoment(order.payBy)}, so
          it was cancelled{when} and the reserved parts went back into stock. Nothing was charged.
          You are welcome to order again.
        </Paragraph>
      )}
      {reason === 'rejected' && (
        <Paragraph>
          Hello {order.buyer.name}, {order.approval?.decidedBy ?? 'an approver of your company'} did
          not approve order {order.id}, so it was cancelled{when} and the reserved parts went back
          into stock. Nothing was charged.
          {order.approval?.reason ? ` The reason given: “${order.approval.reason}”.` : ''}
        </Paragraph>
      )}
      {reason === 'approval_expired' && (
        <Paragraph>
          Hello {order.buyer.name}, order {order.id} was not approved by your company by{' '}
          {formatMoment(order.payBy)}, so it was cancelled{when} and the reserved parts went back
          into stock. Nothing was charged. Ask an approver and place it again.
        </Paragraph>
      )}
      {reason === 'cancelled_by_store' && (
        <Paragraph>
          Hello {order.buyer.name}, we are sorry: we had to cancel order {order.id}
          {when}.
          {order.payment
            ? ` You paid ${formatMoney(order.totalCents)} for it (transaction ${order.payment.transactionId}); we will contact you about the refund.`
            : ' Nothing was charged.'}
        </Paragraph>
      )}
      <OrderSummary order={order} origin={props.origin} />
      <ActionButton href={absoluteLink(props.origin, '/products')}>
        Browse the catalogue
      </ActionButton>
    </BuyerOrderMail>
  );
}
