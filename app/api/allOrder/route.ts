import { NextResponse } from 'next/server';
import { fieldIssues, fieldsError } from '@/lib/api/errors';
import { route } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/auth/session';
import { everyOrder } from '@/lib/orders';
import { allOrdersQuerySchema } from '@/lib/validation/order';

/**
 * GET /api/allOrder: every live order (admins only), newest first, each with its `status`,
 * `history`, `carrier` and `trackingNumber`. `?status=` lists the orders in one status instead;
 * `?status=cancelled` the cancelled ones (deleted by their buyer, cancelled by the store, or
 * expired unpaid), which no other list shows. A bad status (an empty one included) answers 400,
 * as the catalogue's parameters do.
 */
export const GET = route(async (request) => {
  await requireAdmin(request);
  const parsed = allOrdersQuerySchema.safeParse({
    status: new URL(request.url).searchParams.get('status') ?? undefined,
  });
  if (!parsed.success) throw fieldsError(fieldIssues(parsed.error), 'bad_request');
  return NextResponse.json(await everyOrder({ status: parsed.data.status }));
});
