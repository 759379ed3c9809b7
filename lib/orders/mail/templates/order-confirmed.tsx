import { ActionButton, absoluteLink, mailPaths, Paragraph } from '@/lib/core/mail/parts';
import { formatMoney } from '@/lib/core/money';
import { BuyerOrderMail } from './buyer-order-mail';
import { OrderedGoods, OrderSummary, TitledFacts, type OrderMailProps } from './order-parts';

/**
 * To the buyer, when an order on account is confirmed (placed, or approved): nothing to pay now;
 * the invoice follows, due on the company's net terms.
 */
export default function OrderConfirmedMail(props: OrderMailProps) {
  const { order, origin } = props;
  const netDays = order.account?.netDays;
  const when = order.account?.invoiceOn === 'order' ? 'now' : 'when your order ships';
  return (
    <BuyerOrderMail
      {...props}
      preview={`Confirmed on account: ${formatMoney(order.totalCents)}, invoiced ${when}.`}
      heading="Your order is confirmed"
    >
      <Paragraph>
        Hello {order.buyer.name}, we have confirmed <OrderedGoods order={order} /> on your
        company&apos;s account. There is nothing to pay now: we send the invoice {when}, due{' '}
        {netDays} days after it.
      </Paragraph>
      <TitledFacts
        title="Payment"
        rows={[
          ['Terms', netDays ? `Net ${netDays}` : null],
          ['Amount', formatMoney(order.totalCents)],
        ]}
      />
      <OrderSummary order={order} origin={origin} />
      <ActionButton href={absoluteLink(origin, mailPaths.myOrders)}>See My Orders</ActionButton>
    </BuyerOrderMail>
  );
}
