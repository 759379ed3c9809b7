import { NextResponse } from 'next/server';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { requireUser } from '@/lib/accounts';
import { checkQuickOrder } from '@/lib/orders';
import { quickOrderCheckSchema } from '@/lib/orders';

/**
 * POST /api/quick-order/check: the validation report of a quick order's lines against today's
 * catalogue (unknown part numbers, quantities below the minimum or above the stock, merged
 * duplicates, malformed lines), for the signed-in person. Writes nothing.
 */
export const POST = route(async (request) => {
  await requireUser(request);
  const input = parseWith(quickOrderCheckSchema, await readJson(request));
  return NextResponse.json(await checkQuickOrder(input.text));
});
