import { NextResponse } from 'next/server';
import { emailParam, route } from '@/lib/api/handler';
import { assertSelfOrAdmin, requireUser } from '@/lib/accounts';
import { findUserByEmail } from '@/lib/accounts';

/** GET /api/admin/{email}: `{ admin }` for your own email, or for any email if you are admin. */
export const GET = route<{ email: string }>(async (request, { params }) => {
  const email = emailParam((await params).email);
  const user = await requireUser(request);
  assertSelfOrAdmin(user, email);
  const target = user.email === email ? user : await findUserByEmail(email);
  return NextResponse.json({ admin: target?.role === 'admin' });
});
