import { NextResponse } from 'next/server';
import { failure } from '@/lib/core/errors';
import { emailParam, route } from '@/lib/api/handler';
import { assertSelf, requireAdmin, requireSession } from '@/lib/accounts';
import { issueAccessToken } from '@/lib/accounts';
import { changeAdminRole, findUserByEmail } from '@/lib/accounts';
import { roleChangeFailure } from '../role-change';

type Params = { email: string };

/**
 * PUT /api/user/{email}: the signed-in person's own access token (`{ token }`, kept by the
 * browser as `accessToken`). The user record
 * already exists (created at sign-up or by the first Google sign-in); the path email must be
 * the caller's own, never anyone else's. Only a session cookie may ask: an access token never
 * issues or renews another, so a stolen one ends with its 24 hours, or earlier when the sign-in
 * it was issued with signs out.
 */
export const PUT = route<Params>(async (request, { params }) => {
  const { email } = await params;
  const { user, sessionId } = await requireSession(request);
  assertSelf(user, emailParam(email));
  // The token belongs to this sign-in: signing it out refuses the token too.
  return NextResponse.json({ token: issueAccessToken(user, sessionId) });
});

/**
 * DELETE /api/user/{email} (admin): removes a user. Never yourself, never the last admin, also
 * when two admins remove each other at the same moment (`changeAdminRole`).
 */
export const DELETE = route<Params>(async (request, { params }) => {
  const { email } = await params;
  const admin = await requireAdmin(request);
  const target = await findUserByEmail(emailParam(email));
  if (!target) throw failure('user.not_found');
  if (target.id === admin.id) throw failure('user.cannot_remove_self');
  const outcome = await changeAdminRole(target.id, 'remove');
  if (outcome !== 'done') throw roleChangeFailure(outcome, 'remove', target.email);
  return NextResponse.json({ deletedCount: 1 });
});
