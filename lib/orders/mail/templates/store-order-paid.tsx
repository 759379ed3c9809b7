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

/**
 * To the store (ORDERS_TO), when an order is paid: who bought what (and for which company), and
 * what is left to do: a card order is ready to ship; an order on account ships without waiting
 * for its invoice, so its payment may come after it left.
 */
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
        {order.account ? 'The invoice of order ' : 'Order '}
        {order.id}, placed by {order.buyer.name}
        {order.buyer.company ? ` of ${order.buyer.company}` : ''}
        {order.account ? ' on account, is paid: ' : ', is paid: '}
        <OrderedGoods order={order} />.{' '}
        {order.shipment
          ? `It shipped on ${formatMoment(order.shipment.shippedAt)}.`
          : order.account
            ? 'It ships without waiting for this payment: prepare it as usual if it has not left yet.'
            : 'It is ready to be prepared for shipping.'}
      </Paragraph>
      <ActionButton href={absoluteLink(origin, mailPaths.manageOrders)}>
        Open Manage Orders
      </ActionButton>
      <TitledFacts
        title="Buyer"
        rows={[
          ['Name', order.buyer.name],
          ['Company', order.buyer.company ?? null],
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
      <OrderSummary order={order} origin={origin} audience="others" />
    </MailLayout>
  );
}
