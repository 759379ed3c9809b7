import { NextResponse } from 'next/server';
import { cacheTags, expire } from '@/lib/cache';
import { ApiError, fieldError } from '@/lib/api/errors';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/session';
import { placeOrder } from '@/lib/data/orders';
import { createOrderSchema, minimumQuantityMessage, stockMessage } from '@/lib/validation/order';

/**
 * POST /api/order: places an order for the signed-in person. Only quantity, address and phone
 * are taken from the body; the product fields and the price come from the database, the name
 * and email from the session or bearer token. Answers `{ insertedId }`.
 */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  const input = parseWith(createOrderSchema, await readJson(request));

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
        throw fieldError('quantity', stockMessage(result.available));
      case 'total_too_large':
        throw fieldError('quantity', 'Quantity is too large');
    }
  }
  // The home page shows each product's available quantity.
  expire(cacheTags.products);
  return NextResponse.json({ insertedId: result.insertedId }, { status: 201 });
});
