import { NextResponse } from 'next/server';
import { route } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/accounts';
import { listUsers } from '@/lib/accounts';

/** GET /api/user (admin): every user, without secrets. */
export const GET = route(async (request) => {
  await requireAdmin(request);
  const users = await listUsers();
  return NextResponse.json(
    users.map(({ id, email, name, role, image }) => ({ _id: id, email, name, role, image })),
  );
});
