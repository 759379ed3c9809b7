import { handle } from '@/lib/api/handle';
import { deleteOrderOp, listOrdersByEmailOp, recordPaymentOp } from '@/lib/orders/api';
import { fieldError } from '@/lib/api/errors';
import { deleteOrder, ordersByEmail, recordPayment } from '@/lib/orders';
import { linkOrigin } from '@/lib/security';

// One dynamic segment serves both shapes of the API: GET /order/{email} and DELETE or PATCH
// /order/{id}.

/**
 * GET /api/order/{email}: for your own email, your orders (by your user id); an admin may ask
 * for any email. Cancelled orders are not listed.
 */
export const GET = handle(listOrdersByEmailOp, ({ user, params }) =>
  ordersByEmail(user, params.emailOrId),
);

/**
 * DELETE /api/order/{id}: deletes an unpaid order (its owner or an admin) and gives its
 * quantity back to the stock, once. The order is kept as `cancelled` for the back office
 * (Manage Orders' cancelled filter); to the buyer who deleted it, it is gone (404). A paid or
 * already cancelled order is refused with 409. The buyer is mailed the cancellation (after
 * the answer).
 */
export const DELETE = handle(deleteOrderOp, async ({ user, params }) => {
  await deleteOrder(user, params.emailOrId, linkOrigin());
  return { deletedCount: 1 };
});

/**
 * PATCH /api/order/{id} with `{ order, transactionId }`: records a card payment. The
 * PaymentIntent is retrieved from Stripe; the order turns paid only when it succeeded, is the
 * intent stored on this order and carries the order's amount. Idempotent. The receipt and the
 * store's mail are queued with the payment and sent after the answer.
 */
export const PATCH = handle(recordPaymentOp, ({ user, params, body }) => {
  const id = params.emailOrId;
  if (body.order !== undefined && body.order.toLowerCase() !== id) {
    throw fieldError('order', 'must be the id in the path');
  }
  return recordPayment(user, id, body.transactionId, linkOrigin());
});
