import { ActionButton, absoluteLink, mailPaths, Paragraph } from '@/lib/core/mail/parts';
import { formatMoney } from '@/lib/core/money';
import type { OrderMailData } from '../order-data';
import { BuyerOrderMail } from './buyer-order-mail';
import { OrderedGoods, OrderSummary, TitledFacts, type OrderMailProps } from './order-parts';

/** Who approved an order on account before it was confirmed; null when it needed no approval. */
function approvedBy(order: OrderMailData): string | null {
  return order.approval?.decidedBy ?? null;
}

/** When the invoice of an order on account is drawn, as a sentence ends: `today`, or on shipment. */
function invoicedWhen(order: OrderMailData): string {
  return order.account?.invoiceOn === 'order' ? 'today' : 'when the order ships';
}

/**
 * To the buyer, when an order on account is confirmed: placed on account, or approved by their
 * company (then it says who approved it). Nothing is to be paid now: the company is invoiced
 * (at once or when the order ships), due on its net terms.
 */
export default function OrderConfirmedMail(props: OrderMailProps) {
  const { order, origin } = props;
  const netDays = order.account?.netDays;
  const approver = approvedBy(order);
  const when = invoicedWhen(order);
  return (
    <BuyerOrderMail
      {...props}
      preview={`${approver ? 'Approved and confirmed' : 'Confirmed'} on account: nothing to pay now. ${formatMoney(order.totalCents)}, invoiced ${when}.`}
      heading={approver ? 'Your order is approved' : 'Your order is confirmed'}
    >
      <Paragraph>
        Hello {order.buyer.name},{' '}
        {approver ? (
          <>
            {approver} approved order {order.id}, and we have confirmed{' '}
          </>
        ) : (
          'we have confirmed '
        )}
        <OrderedGoods order={order} /> on your company&apos;s account. There is nothing to pay now:
        we invoice your company {when}
        {netDays ? `, and the invoice is due ${netDays} days later` : ''}. We will mail you when it
        ships.
      </Paragraph>
      <TitledFacts
        title="Payment"
        rows={[
          ['Terms', netDays ? `On account, Net ${netDays}` : 'On account'],
          ['Amount', formatMoney(order.totalCents)],
          ['Invoiced', order.account?.invoiceOn === 'order' ? 'Today' : 'When the order ships'],
        ]}
      />
      <OrderSummary order={order} origin={origin} />
      <ActionButton href={absoluteLink(origin, mailPaths.myOrders)}>See My Orders</ActionButton>
    </BuyerOrderMail>
  );
}
