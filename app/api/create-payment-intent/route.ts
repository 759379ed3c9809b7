import { NextResponse } from 'next/server';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { requireUser } from '@/lib/accounts';
import { preparePayment } from '@/lib/orders';
import { linkOrigin } from '@/lib/security';
import { paymentIntentRequestSchema } from '@/lib/orders';

/**
 * POST /api/create-payment-intent with `{ price, orderId }`: the client secret of the order's
 * PaymentIntent. The amount always comes from the order in the database (the `price` of the
 * body is ignored); the intent is created once and reused. 409 for a paid or expired order,
 * 503 when card payments are not configured.
 */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  const input = parseWith(paymentIntentRequestSchema, await readJson(request));
  return NextResponse.json(await preparePayment(user, input.orderId, linkOrigin()));
});
