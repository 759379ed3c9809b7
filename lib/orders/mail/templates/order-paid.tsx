import { ActionButton, absoluteLink, mailPaths, Paragraph } from '@/lib/core/mail/parts';
import { formatMoment } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import { BuyerOrderMail } from './buyer-order-mail';
import { OrderSummary, TitledFacts, type OrderMailProps } from './order-parts';

/**
 * To the buyer, when the payment has been received: the receipt, with the invoice link, and
 * what happens next. An order on account is paid by its company's invoice, often after it has
 * shipped: the mail then says so rather than promising to prepare it.
 */
export default function OrderPaidMail(props: OrderMailProps) {
  const { order, origin } = props;
  const total = formatMoney(order.totalCents);
  const payment = order.payment;
  const shipment = order.shipment;
  return (
    <BuyerOrderMail
      {...props}
      preview={
        order.account
          ? `Your company’s invoice of ${total} is paid.`
          : `We received the payment of ${total}. Your invoice is ready.`
      }
      heading="Payment received"
    >
      <Paragraph>
        Hello {order.buyer.name}, thank you: we received the payment of <strong>{total}</strong>{' '}
        {order.account ? 'on your company’s invoice ' : ''}for order {order.id}
        {order.account ? ', so nothing more is owed for it' : ''}.{' '}
        {shipment
          ? `It left us on ${formatMoment(shipment.shippedAt)} with ${shipment.carrier}.`
          : order.account
            ? 'We will mail you the tracking number when it ships.'
            : 'We will prepare it for shipping and mail you the tracking number when it leaves us.'}
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
