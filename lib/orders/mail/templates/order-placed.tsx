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

/** To the buyer, when an order is placed: what it costs, and the link to pay it. */
export default function OrderPlacedMail(props: OrderMailProps) {
  const { order, origin } = props;
  const total = formatMoney(order.totalCents);
  return (
    <BuyerOrderMail
      {...props}
      preview={`Please pay ${total} by ${formatMoment(order.payBy)} to confirm your order.`}
      heading="Thank you for your order"
      footnote={
        <Paragraph>
          You can also pay from{' '}
          <InlineLink href={absoluteLink(origin, mailPaths.myOrders)}>My Orders</InlineLink>. We
          will send the receipt as soon as the payment arrives.
        </Paragraph>
      }
    >
      <Paragraph>
        Hello {order.buyer.name}, we have reserved <OrderedGoods order={order} /> for you. Please
        pay <strong>{total}</strong> by {formatMoment(order.payBy)}: an order still unpaid then is
        cancelled and the parts go back into stock.
      </Paragraph>
      <ActionButton href={absoluteLink(origin, mailPaths.payment(order.id))}>
        Pay {total}
      </ActionButton>
      <OrderSummary order={order} origin={origin} />
    </BuyerOrderMail>
  );
}
