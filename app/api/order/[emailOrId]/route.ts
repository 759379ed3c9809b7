import { NextResponse } from 'next/server';
import { cacheTags, expire } from '@/lib/cache';
import { ApiError, fieldError } from '@/lib/api/errors';
import { objectIdParam, parseWith, readJson, route } from '@/lib/api/handler';
import { accessibleOrder } from '@/lib/auth/access';
import { assertSelfOrAdmin, requireUser } from '@/lib/auth/session';
import {
  deleteUnpaidOrder,
  findOrder,
  listOrdersByEmail,
  listOrdersByUser,
  publicOrder,
} from '@/lib/data/orders';
import {
  orderExpired,
  recordOrderPayment,
  releaseOrderPayment,
  sweepOverdueOrders,
} from '@/lib/payments';
import { recordPaymentSchema } from '@/lib/validation/order';

// One dynamic segment serves both shapes of the specification: GET /order/{email} and
// DELETE or PATCH /order/{id}.
type Params = { emailOrId: string };

/**
 * GET /api/order/{email}: for your own email, your orders (by your user id, so orders of a
 * removed account with the same email are never yours); an admin may ask for any email.
 * Expired (cancelled) orders are not listed.
 */
export const GET = route<Params>(async (request, { params }) => {
  const email = (await params).emailOrId.trim().toLowerCase();
  if (!email || email.length > 254) throw new ApiError('bad_request', 'The email is not valid.');
  const user = await requireUser(request);
  assertSelfOrAdmin(user, email);
  await sweepOverdueOrders();
  const orders =
    email === user.email ? await listOrdersByUser(user.id) : await listOrdersByEmail(email);
  return NextResponse.json(orders);
});

/**
 * DELETE /api/order/{id}: deletes an unpaid order (its owner or an admin) and gives its
 * quantity back to the stock. A paid order is refused with 409.
 */
export const DELETE = route<Params>(async (request, { params }) => {
  const id = objectIdParam((await params).emailOrId, 'order id').toHexString();
  const user = await requireUser(request);
  const order = await accessibleOrder(user, id);
  await releaseOrderPayment(order);
  const outcome = await deleteUnpaidOrder(id);
  if (outcome === 'paid') throw new ApiError('conflict', 'A paid order cannot be deleted.');
  if (outcome === 'cancelled') throw orderExpired();
  if (outcome === 'missing') throw new ApiError('not_found', 'No order has this id.');
  expire(cacheTags.products); // the stock came back
  return NextResponse.json({ deletedCount: 1 });
});

/**
 * PATCH /api/order/{id} with `{ order, transactionId }`: records a card payment. The
 * PaymentIntent is retrieved from Stripe; the order turns paid only when it succeeded, is the
 * intent stored on this order and carries the order's amount. Idempotent.
 */
export const PATCH = route<Params>(async (request, { params }) => {
  const id = objectIdParam((await params).emailOrId, 'order id').toHexString();
  const user = await requireUser(request);
  const input = parseWith(recordPaymentSchema, await readJson(request));
  if (input.order !== undefined && input.order.toLowerCase() !== id) {
    throw fieldError('order', 'must be the id in the path');
  }
  const order = await accessibleOrder(user, id);
  await recordOrderPayment(order, input.transactionId);
  const updated = await findOrder(id);
  if (!updated) throw new ApiError('not_found', 'No order has this id.');
  return NextResponse.json(publicOrder(updated));
});
