import { Paragraph } from '@/lib/core/mail/parts';
import { formatMoment } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import OrderConfirmedMail from './order-confirmed';
import { OrderedGoods, type OrderMailProps } from './order-parts';
import { PayRequestMail } from './pay-request-mail';

/**
 * To the buyer, when their company approves an order: the link to pay it, and by when. An order
 * on account has nothing to pay: its approval reads as its confirmation on account.
 */
export default function OrderApprovedMail(props: OrderMailProps) {
  const { order } = props;
  if (order.account) return <OrderConfirmedMail {...props} />;
  const total = formatMoney(order.totalCents);
  const approver = order.approval?.decidedBy || 'Your company';
  return (
    <PayRequestMail
      {...props}
      preview={`Order ${order.id} is approved. Please pay ${total} by ${formatMoment(order.payBy)}.`}
      heading="Your order is approved"
    >
      <Paragraph>
        Hello {order.buyer.name}, {approver} approved order {order.id}: we keep{' '}
        <OrderedGoods order={order} /> reserved for you. Please pay <strong>{total}</strong> by{' '}
        {formatMoment(order.payBy)}: an order still unpaid then is cancelled and the parts go back
        into stock.
      </Paragraph>
    </PayRequestMail>
  );
}
