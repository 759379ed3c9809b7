import {
  ActionButton,
  absoluteLink,
  Facts,
  MailLayout,
  mailPaths,
  Paragraph,
  Rule,
  Subheading,
} from '@/lib/core/mail/parts';
import { formatMoment } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import { OrderSummary, QuestionsLine, type OrderMailProps } from './order-parts';

/** To the buyer, when the payment has been received: the receipt, with the invoice link. */
export default function OrderPaidMail({ order, storeName, origin }: OrderMailProps) {
  const total = formatMoney(order.totalCents);
  const payment = order.payment;
  return (
    <MailLayout
      storeName={storeName}
      origin={origin}
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
      <Subheading>Receipt</Subheading>
      <Facts
        rows={[
          ['Invoice number', payment?.invoiceNumber ?? null],
          ['Amount paid', total],
          ['Paid', payment?.paidAt ? formatMoment(payment.paidAt) : null],
          ['Transaction', payment?.transactionId ?? null],
        ]}
      />
      <OrderSummary order={order} />
      <Rule />
      <QuestionsLine order={order} origin={origin} />
    </MailLayout>
  );
}
