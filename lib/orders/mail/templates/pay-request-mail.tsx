import type { ReactNode } from 'react';
import {
  ActionButton,
  absoluteLink,
  InlineLink,
  mailPaths,
  Paragraph,
} from '@/lib/core/mail/parts';
import { formatMoney } from '@/lib/core/money';
import { BuyerOrderMail } from './buyer-order-mail';
import { OrderSummary, type OrderMailProps } from './order-parts';

/**
 * A mail asking the buyer to pay an order (placed, or approved by their company): the message
 * (`children`), the Pay button, the order, and where else it can be paid.
 */
export function PayRequestMail({
  preview,
  heading,
  children,
  ...props
}: OrderMailProps & { preview: string; heading: string; children: ReactNode }) {
  const { order, origin } = props;
  return (
    <BuyerOrderMail
      {...props}
      preview={preview}
      heading={heading}
      footnote={
        <Paragraph>
          You can also pay from{' '}
          <InlineLink href={absoluteLink(origin, mailPaths.myOrders)}>My Orders</InlineLink>. We
          will send the receipt as soon as the payment arrives.
        </Paragraph>
      }
    >
      {children}
      <ActionButton href={absoluteLink(origin, mailPaths.payment(order.id))}>
        Pay {formatMoney(order.totalCents)}
      </ActionButton>
      <OrderSummary order={order} origin={origin} />
    </BuyerOrderMail>
  );
}
