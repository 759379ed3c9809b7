import { NextResponse } from 'next/server';
import { cacheTags, expire } from '@/lib/cache';
import { ApiError, fieldError } from '@/lib/api/errors';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { placeOrderLimit } from '@/lib/auth/limits';
import { requireUser } from '@/lib/auth/session';
import { placeOrder } from '@/lib/data/orders';
import { sweepOverdueOrders } from '@/lib/payments';
import { enforce } from '@/lib/rate-limit';
import { createOrderSchema, minimumQuantityMessage, stockMessage } from '@/lib/validation/order';

/**
 * POST /api/order: places an order for the signed-in person. Only quantity, address and phone
 * are taken from the body; the product fields and the price come from the database, the name
 * and email from the session or bearer token. Answers `{ insertedId }`. Rate-limited per user;
 * 409 when the buyer already has MAX_UNPAID_ORDERS unpaid orders. Overdue unpaid orders are
 * expired first, so the stock they held can be ordered again.
 */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  await enforce([{ limit: placeOrderLimit, key: user.id }]);
  const input = parseWith(createOrderSchema, await readJson(request));
  await sweepOverdueOrders();

  const result = await placeOrder({
    productId: input.productId,
    quantity: input.quantity,
    address: input.address,
    phone: input.phone,
    user: { id: user.id, name: user.name, email: user.email },
  });
  if (!result.ok) {
    switch (result.reason) {
      case 'product_not_found':
        throw new ApiError('not_found', 'No product has this id.');
      case 'below_minimum':
        throw fieldError('quantity', minimumQuantityMessage(result.minimum));
      case 'out_of_stock':
        throw fieldError('quantity', stockMessage(result.available, input.quantity));
      case 'total_too_large':
        throw fieldError('quantity', 'Quantity is too large');
      case 'too_many_unpaid':
        throw new ApiError(
          'conflict',
          `You already have ${result.max} unpaid orders. Please pay or delete one of them before placing another.`,
          { maxUnpaidOrders: result.max },
        );
    }
  }
  // The home page shows each product's available quantity.
  expire(cacheTags.products);
  return NextResponse.json({ insertedId: result.insertedId }, { status: 201 });
});
