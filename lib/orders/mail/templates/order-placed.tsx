import { Paragraph } from '@/lib/core/mail/parts';
import { formatMoment } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import OrderConfirmedMail from './order-confirmed';
import { OrderedGoods, type OrderMailProps } from './order-parts';
import { PayRequestMail } from './pay-request-mail';

/**
 * To the buyer, when an order is placed: what it costs, and the link to pay it. An order on
 * account has nothing to pay now: it reads as its confirmation on account.
 */
export default function OrderPlacedMail(props: OrderMailProps) {
  const { order } = props;
  if (order.account) return <OrderConfirmedMail {...props} />;
  const total = formatMoney(order.totalCents);
  return (
    <PayRequestMail
      {...props}
      preview={`Please pay ${total} by ${formatMoment(order.payBy)} to confirm your order.`}
      heading="Thank you for your order"
    >
      <Paragraph>
        Hello {order.buyer.name}, we have reserved <OrderedGoods order={order} /> for you. Please
        pay <strong>{total}</strong> by {formatMoment(order.payBy)}: an order still unpaid then is
        cancelled and the parts go back into stock.
      </Paragraph>
    </PayRequestMail>
  );
}
