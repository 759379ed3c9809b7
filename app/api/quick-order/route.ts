import { NextResponse } from 'next/server';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { requireUser } from '@/lib/accounts';
import { placeQuickOrder } from '@/lib/orders';
import { linkOrigin } from '@/lib/security';
import { quickOrderPlaceSchema } from '@/lib/orders';

/**
 * POST /api/quick-order: places the lines of a quick order (`part number, quantity`, at most
 * 20) for the signed-in person, one order per line, with one delivery address, phone and
 * optional PO number (lib/orders/quick-order.ts decides every rule). Answers `{ placed, failed }`:
 * the orders placed with their ids, and every other line with why it was not.
 */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  const input = parseWith(quickOrderPlaceSchema, await readJson(request));
  const result = await placeQuickOrder(user, input, linkOrigin());
  return NextResponse.json(result);
});
