import 'server-only';
import { refuse } from '@/lib/core/refusal';
import { accessibleOrder, type Viewer } from './access';
import { expireIfOverdue } from './expiry';
import { paymentIntentForOrder, recordOrderPayment } from './payment';
import { findOrder, publicOrder, type Order } from './store';
import { stripeClient } from './stripe';

/** Paying an order as its buyer (or an admin) asks: preparing the payment, recording it. */

/**
 * The client secret of the PaymentIntent that pays this order (its owner or an admin). The
 * amount always comes from the order in the database.
 */
export async function preparePayment(
  viewer: Viewer,
  orderId: string,
  origin: string,
): Promise<{ clientSecret: string }> {
  stripeClient();
  const order = await accessibleOrder(viewer, orderId, 'order.pay_not_yours', 'pay');
  return paymentIntentForOrder(await expireIfOverdue(order), origin);
}

/** Records a card payment the browser reports, verified with Stripe; answers the order. */
export async function recordPayment(
  viewer: Viewer,
  id: string,
  transactionId: string,
  origin: string,
): Promise<Order> {
  await recordOrderPayment(
    await accessibleOrder(viewer, id, 'order.pay_not_yours', 'pay'),
    transactionId,
    origin,
  );
  const updated = await findOrder(id);
  if (!updated) throw refuse('order.not_found');
  return publicOrder(updated);
}
