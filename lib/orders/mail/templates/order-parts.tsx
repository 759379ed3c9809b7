import type { ReactNode } from 'react';
import { Text } from '@react-email/components';
import {
  absoluteLink,
  colors,
  Facts,
  InlineLink,
  Lines,
  mailPaths,
  styles,
  Subheading,
  units,
} from '@/lib/core/mail/parts';
import { formatMoment } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import type { OrderMailData } from '../order-data';

/** The parts only order mails use; the shared ones are in lib/core/mail/parts.tsx. */

/**
 * What every order mail is given: the order, the store's name, and the origin its links start
 * from (`https://parts.example.com`, decided by the caller, never read from a request here).
 */
export interface OrderMailProps {
  order: OrderMailData;
  storeName: string;
  origin: string;
}

/** A titled table of facts (`Receipt`, `Shipment`, `Buyer`...); rows with a null value are left out. */
export function TitledFacts({
  title,
  rows,
}: {
  title: string;
  rows: [label: string, value: ReactNode | null][];
}) {
  return (
    <>
      <Subheading>{title}</Subheading>
      <Facts rows={rows} />
    </>
  );
}

/** The facts every order mail shows: what was ordered, for how much, and where it goes. */
export function OrderSummary({
  order,
  audience = 'buyer',
}: {
  order: OrderMailData;
  /** Whose purchase-order number it is, in the label: the reader's or the buyer's. */
  audience?: 'buyer' | 'store';
}) {
  return (
    <>
      <TitledFacts
        title="Order"
        rows={[
          ['Order', order.id],
          [
            audience === 'buyer' ? 'Your PO number' : "Buyer's PO number",
            order.purchaseOrderNumber,
          ],
          ['Placed', formatMoment(order.placedAt)],
          ['Part number', order.product.partNumber],
          ['Product', order.product.name],
          ['Quantity', units(order.quantity)],
          ['Unit price', formatMoney(order.unitPriceCents)],
          ['Total', <strong key="total">{formatMoney(order.totalCents)}</strong>],
        ]}
      />
      <Subheading>Delivery address</Subheading>
      <Lines text={order.deliveryAddress} />
    </>
  );
}

/** The closing paragraph: where to ask about the order. */
export function QuestionsLine({ order, origin }: { order: OrderMailData; origin: string }) {
  return (
    <Text style={{ ...styles.text, color: colors.muted, fontSize: '13px', margin: 0 }}>
      Questions about this order? Write to us through the{' '}
      <InlineLink href={absoluteLink(origin, mailPaths.contact)}>contact form</InlineLink> and quote
      order {order.id}.
    </Text>
  );
}
