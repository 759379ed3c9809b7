import { NextResponse } from 'next/server';
import { route } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/auth/session';
import { listAllOrders } from '@/lib/data/orders';

/** GET /api/allOrder: every order (admins only). */
export const GET = route(async (request) => {
  await requireAdmin(request);
  return NextResponse.json(await listAllOrders());
});
