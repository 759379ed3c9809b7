import {
  ActionButton,
  absoluteLink,
  InlineLink,
  MailLayout,
  mailPaths,
  Paragraph,
} from '@/lib/core/mail/parts';
import { formatMoment } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import {
  OrderedGoods,
  orderedGoods,
  OrderSummary,
  TitledFacts,
  type OrderMailProps,
} from './order-parts';

/** To the store (ORDERS_TO), when an order is paid: who bought what, ready to ship. */
export default function StoreOrderPaidMail({ order, storeName, origin }: OrderMailProps) {
  const total = formatMoney(order.totalCents);
  const payment = order.payment;
  return (
    <MailLayout
      storeName={storeName}
      origin={origin}
      preview={`Paid: ${total} for ${orderedGoods(order)}.`}
      heading={`Order paid: ${total}`}
    >
      <Paragraph>
        {order.buyer.name} paid order {order.id}: <OrderedGoods order={order} />. It is ready to be
        prepared for shipping.
      </Paragraph>
      <ActionButton href={absoluteLink(origin, mailPaths.manageOrders)}>
        Open Manage Orders
      </ActionButton>
      <TitledFacts
        title="Buyer"
        rows={[
          ['Name', order.buyer.name],
          ['Email', order.buyer.email],
          ['Phone', order.buyer.phone],
        ]}
      />
      <TitledFacts
        title="Payment"
        rows={[
          ['Amount', total],
          ['Paid', payment?.paidAt ? formatMoment(payment.paidAt) : null],
          ['Transaction', payment?.transactionId ?? null],
          [
            'Invoice',
            payment ? (
              <InlineLink href={absoluteLink(origin, mailPaths.invoice(order.id))}>
                {payment.invoiceNumber ?? 'Download'}
              </InlineLink>
            ) : null,
          ],
        ]}
      />
      <OrderSummary order={order} origin={origin} audience="store" />
    </MailLayout>
  );
}
