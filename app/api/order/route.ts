import { NextResponse } from 'next/server';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { placeOrderLimit } from '@/lib/accounts';
import { requireUser } from '@/lib/accounts';
import { placeOrderFor } from '@/lib/orders';
import { enforce } from '@/lib/core/rate-limit';
import { linkOrigin } from '@/lib/security';
import { createOrderSchema } from '@/lib/orders';

/**
 * POST /api/order: places an order for the signed-in person (lib/orders decides every rule).
 * Rate-limited per user. The buyer's "placed" mail (with the pay link on the trusted link
 * origin) is queued with the order and sent after the answer. Answers `{ insertedId }`.
 */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  await enforce([{ limit: placeOrderLimit, key: user.id }]);
  const input = parseWith(createOrderSchema, await readJson(request));
  const insertedId = await placeOrderFor(user, input, linkOrigin());
  return NextResponse.json({ insertedId }, { status: 201 });
});
