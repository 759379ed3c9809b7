import { ActionButton, absoluteLink, mailPaths, Paragraph } from '@/lib/core/mail/parts';
import { formatMoment } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import { BuyerOrderMail } from './buyer-order-mail';
import { OrderSummary, TitledFacts, type OrderMailProps } from './order-parts';

/** To the buyer, when the payment has been received: the receipt, with the invoice link. */
export default function OrderPaidMail(props: OrderMailProps) {
  const { order, origin } = props;
  const total = formatMoney(order.totalCents);
  const payment = order.payment;
  return (
    <BuyerOrderMail
      {...props}
      preview={`We received your payment of ${total}. Your invoice is ready.`}
      heading="Payment received"
    >
      <Paragraph>
        Hello {order.buyer.name}, thank you: we received your payment of <strong>{total}</strong>{' '}
        for order {order.id}. We will prepare it for shipping and mail you the tracking number when
        it leaves us.
      </Paragraph>
      <ActionButton href={absoluteLink(origin, mailPaths.invoice(order.id))}>
        Download the invoice
      </ActionButton>
      <TitledFacts
        title="Receipt"
        rows={[
          ['Invoice number', payment?.invoiceNumber ?? null],
          ['Amount paid', total],
          ['Paid', payment?.paidAt ? formatMoment(payment.paidAt) : null],
          ['Transaction', payment?.transactionId ?? null],
        ]}
      />
      <OrderSummary order={order} origin={origin} />
    </BuyerOrderMail>
  );
}
