import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/session';
import { findOrder } from '@/lib/data/orders';
import { paymentIntentForOrder, stripeClient } from '@/lib/payments';
import { paymentIntentRequestSchema } from '@/lib/validation/order';

/**
 * POST /api/create-payment-intent with `{ price, orderId }`: the client secret of the order's
 * PaymentIntent. The amount always comes from the order in the database (the `price` of the
 * body is ignored); the intent is created once and reused. 409 for a paid order, 503 when card
 * payments are not configured.
 */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  const input = parseWith(paymentIntentRequestSchema, await readJson(request));
  stripeClient();
  const order = await findOrder(input.orderId);
  if (!order) throw new ApiError('not_found', 'No order has this id.');
  if (order.email !== user.email && user.role !== 'admin') {
    throw new ApiError('forbidden', 'You may only pay your own orders.');
  }
  return NextResponse.json(await paymentIntentForOrder(order));
});
