import { NextResponse } from 'next/server';
import { failure } from '@/lib/api/errors';
import { emailParam, route } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/auth/session';
import { makeAdmin } from '@/lib/data/users';

/** PUT /api/user/admin/{email} (admin): makes the user an admin. */
export const PUT = route<{ email: string }>(async (request, { params }) => {
  const { email } = await params;
  await requireAdmin(request);
  const user = await makeAdmin(emailParam(email));
  if (!user) throw failure('user.not_found');
  return NextResponse.json({ email: user.email, role: user.role });
});
