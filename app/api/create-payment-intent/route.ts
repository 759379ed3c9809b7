import { handle } from '@/lib/api/handle';
import { createPaymentIntentOp } from '@/lib/orders/api';
import { preparePayment } from '@/lib/orders';
import { linkOrigin } from '@/lib/security';

/**
 * POST /api/create-payment-intent with `{ price, orderId }`: the client secret of the order's
 * PaymentIntent. The amount always comes from the order in the database (the `price` of the
 * body is ignored); the intent is created once and reused. 409 for a paid or expired order,
 * 503 when card payments are not configured.
 */
export const POST = handle(createPaymentIntentOp, ({ user, body }) =>
  preparePayment(user, body.orderId, linkOrigin()),
);
