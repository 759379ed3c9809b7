import { NextResponse } from 'next/server';
import { fieldError } from '@/lib/core/errors';
import { emailParam, objectIdParam, parseWith, readJson, route } from '@/lib/api/handler';
import { assertSelfOrAdmin, requireUser } from '@/lib/accounts';
import { deleteOrder, ordersByEmail, recordPayment } from '@/lib/orders';
import { linkOrigin } from '@/lib/security';
import { recordPaymentSchema } from '@/lib/orders';

// One dynamic segment serves both shapes of the API: GET /order/{email} and DELETE or PATCH
// /order/{id}.
type Params = { emailOrId: string };

/**
 * GET /api/order/{email}: for your own email, your orders (by your user id); an admin may ask
 * for any email. Cancelled orders are not listed.
 */
export const GET = route<Params>(async (request, { params }) => {
  const email = emailParam((await params).emailOrId);
  const user = await requireUser(request);
  assertSelfOrAdmin(user, email);
  return NextResponse.json(await ordersByEmail(user, email));
});

/**
 * DELETE /api/order/{id}: deletes an unpaid order (its owner or an admin) and gives its
 * quantity back to the stock, once. The order is kept as `cancelled` for the back office
 * (Manage Orders' cancelled filter); to the buyer who deleted it, it is gone (404). A paid or
 * already cancelled order is refused with 409. The buyer is mailed the cancellation (after
 * the answer).
 */
export const DELETE = route<Params>(async (request, { params }) => {
  const id = objectIdParam((await params).emailOrId, 'order id').toHexString();
  const user = await requireUser(request);
  await deleteOrder(user, id, linkOrigin());
  return NextResponse.json({ deletedCount: 1 });
});

/**
 * PATCH /api/order/{id} with `{ order, transactionId }`: records a card payment. The
 * PaymentIntent is retrieved from Stripe; the order turns paid only when it succeeded, is the
 * intent stored on this order and carries the order's amount. Idempotent. The receipt and the
 * store's mail are queued with the payment and sent after the answer.
 */
export const PATCH = route<Params>(async (request, { params }) => {
  const id = objectIdParam((await params).emailOrId, 'order id').toHexString();
  const user = await requireUser(request);
  const input = parseWith(recordPaymentSchema, await readJson(request));
  if (input.order !== undefined && input.order.toLowerCase() !== id) {
    throw fieldError('order', 'must be the id in the path');
  }
  return NextResponse.json(await recordPayment(user, id, input.transactionId, linkOrigin()));
});
