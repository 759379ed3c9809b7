import {
  ActionButton,
  absoluteLink,
  InlineLink,
  MailLayout,
  mailPaths,
  Paragraph,
  Rule,
  units,
} from '@/lib/core/mail/parts';
import { formatMoment } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import { OrderSummary, QuestionsLine, type OrderMailProps } from './order-parts';

/** To the buyer, when an order is placed: what it costs, and the link to pay it. */
export default function OrderPlacedMail({ order, storeName, origin }: OrderMailProps) {
  const total = formatMoney(order.totalCents);
  return (
    <MailLayout
      storeName={storeName}
      origin={origin}
      preview={`Please pay ${total} by ${formatMoment(order.payBy)} to confirm your order.`}
      heading="Thank you for your order"
    >
      <Paragraph>
        Hello {order.buyer.name}, we have reserved {units(order.quantity)} × {order.product.name}{' '}
        for you. Please pay <strong>{total}</strong> by {formatMoment(order.payBy)}: an order still
        unpaid then is cancelled and the parts go back into stock.
      </Paragraph>
      <ActionButton href={absoluteLink(origin, mailPaths.payment(order.id))}>
        Pay {total}
      </ActionButton>
      <OrderSummary order={order} />
      <Rule />
      <Paragraph>
        You can also pay from{' '}
        <InlineLink href={absoluteLink(origin, mailPaths.myOrders)}>My Orders</InlineLink>. We will
        send the receipt as soon as the payment arrives.
      </Paragraph>
      <QuestionsLine order={order} origin={origin} />
    </MailLayout>
  );
}
