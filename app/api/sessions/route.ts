import { NextResponse } from 'next/server';
import { handle } from '@/lib/api/handle';
import { signOutEverywhereOp } from '@/lib/accounts/api';
import { endEverySession } from '@/lib/accounts';
import { requestProtocol, SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@/lib/security';

/**
 * DELETE /api/sessions: "Sign out everywhere" (My Profile). Bumps the account's session
 * version, so every session and access token of the account, on every device and this one
 * included, is refused from the next request on; this browser's cookie is cleared as well.
 * Only with the session cookie: an access token may not end the sign-ins it came from.
 */
export const DELETE = handle(signOutEverywhereOp, async ({ request, user }) => {
  await endEverySession(user.id);
  const response = NextResponse.json({ ok: true });
  const name = requestProtocol(request) === 'https' ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  response.cookies.set(name, '', {
    path: '/',
    maxAge: 0,
    httpOnly: true,
    sameSite: 'lax',
    secure: name === SECURE_SESSION_COOKIE,
  });
  return response;
});
