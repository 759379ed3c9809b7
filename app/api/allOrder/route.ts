import { NextResponse } from 'next/server';
import { route } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/auth/session';
import { listAllOrders } from '@/lib/data/orders';
import { sweepOverdueOrders } from '@/lib/payments';

/** GET /api/allOrder: every live order (admins only); expired orders are not listed. */
export const GET = route(async (request) => {
  await requireAdmin(request);
  await sweepOverdueOrders();
  return NextResponse.json(await listAllOrders());
});
