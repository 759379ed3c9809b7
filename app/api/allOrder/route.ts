import { NextResponse } from 'next/server';
import { route } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/auth/session';
import { everyOrder } from '@/lib/orders';

/** GET /api/allOrder: every live order (admins only); expired orders are not listed. */
export const GET = route(async (request) => {
  await requireAdmin(request);
  return NextResponse.json(await everyOrder());
});
