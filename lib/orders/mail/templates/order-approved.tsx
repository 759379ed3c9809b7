import {
  ActionButton,
  absoluteLink,
  InlineLink,
  mailPaths,
  Paragraph,
} from '@/lib/core/mail/parts';
import { formatMoment } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import { BuyerOrderMail } from './buyer-order-mail';
import { OrderedGoods, OrderSummary, type OrderMailProps } from './order-parts';

/** To the buyer, when their company approves an order: the link to pay it, and by when. */
export default function OrderApprovedMail(props: OrderMailProps) {
  const { order, origin } = props;
  const total = formatMoney(order.totalCents);
  const approver = order.approval?.decidedBy || 'Your company';
  return (
    <BuyerOrderMail
      {...props}
      preview={`Order ${order.id} is approved. Please pay ${total} by ${formatMoment(order.payBy)}.`}
      heading="Your order is approved"
      footnote={
        <Paragraph>
          You can also pay from{' '}
          <InlineLink href={absoluteLink(origin, mailPaths.myOrders)}>My Orders</InlineLink>. We
          will send the receipt as soon as the payment arrives.
        </Paragraph>
      }
    >
      <Paragraph>
        Hello {order.buyer.name}, {approver} approved order {order.id}: we keep{' '}
        <OrderedGoods order={order} /> reserved for you. Please pay <strong>{total}</strong> by{' '}
        {formatMoment(order.payBy)}: an order still unpaid then is cancelled and the parts go back
        into stock.
      </Paragraph>
      <ActionButton href={absoluteLink(origin, mailPaths.payment(order.id))}>
        Pay {total}
      </ActionButton>
      <OrderSummary order={order} origin={origin} />
    </BuyerOrderMail>
  );
}
