import { ActionButton, absoluteLink, mailPaths, Paragraph } from '@/lib/core/mail/parts';
import { formatMoment } from '@/lib/core/dates';
import { BuyerOrderMail } from './buyer-order-mail';
import { OrderedGoods, OrderSummary, TitledFacts, type OrderMailProps } from './order-parts';

/**
 * To the buyer, when the order has shipped: the carrier and the tracking number; for an order on
 * account invoiced on shipment, that its company's invoice follows.
 */
export default function OrderShippedMail(props: OrderMailProps) {
  const { order, origin } = props;
  const shipment = order.shipment;
  const account = order.account ?? null;
  return (
    <BuyerOrderMail
      {...props}
      preview={
        shipment
          ? `Shipped with ${shipment.carrier}, tracking number ${shipment.trackingNumber}.`
          : 'Your order has shipped.'
      }
      heading="Your order is on its way"
    >
      <Paragraph>
        Hello {order.buyer.name}, your <OrderedGoods order={order} /> left us
        {shipment ? ` on ${formatMoment(shipment.shippedAt)}` : ''}.
        {shipment
          ? ` Follow the delivery with ${shipment.carrier} using the tracking number below.`
          : ''}
        {account && account.invoiceOn === 'shipment' && !order.payment
          ? ` Nothing is to be paid now: your company's invoice follows, due ${account.netDays} days after it.`
          : ''}
      </Paragraph>
      <TitledFacts
        title="Shipment"
        rows={[
          ['Carrier', shipment?.carrier ?? null],
          ['Tracking number', shipment ? <strong>{shipment.trackingNumber}</strong> : null],
        ]}
      />
      <OrderSummary order={order} origin={origin} />
      <ActionButton href={absoluteLink(origin, mailPaths.myOrders)}>See My Orders</ActionButton>
    </BuyerOrderMail>
  );
}
