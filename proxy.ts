import { NextResponse, type NextFetchEvent, type NextRequest } from 'next/server';
import { auth } from '@/auth';
import { isAdminPath, safeCallbackPath } from '@/lib/accounts/access';

/** The /login error code for a signed-in non-admin who opened an admin page. */
const ADMIN_REQUIRED = 'AdminRequired';

function toLogin(request: Request, callbackPath: string, error?: string) {
  const url = new URL('/login', request.url);
  url.searchParams.set('callbackUrl', callbackPath);
  if (error) url.searchParams.set('error', error);
  return NextResponse.redirect(url);
}

/**
 * Quick redirects only: signed-out visitors of product and dashboard pages go to
 * /login and come back afterwards; non-admins of the admin pages go to /login; signed-in
 * people are sent on from /login and /signup. Every page, handler and action checks again on
 * the server. `request.auth` comes through Auth.js's jwt callback, which ends sessions that are
 * no longer current and reads the role from the database, so a promotion or demotion counts at
 * once.
 */
const guarded = auth((request) => {
  const { pathname, search } = request.nextUrl;
  const signedIn = Boolean(request.auth?.user?.id);

  if (pathname === '/login' || pathname === '/signup') {
    // A signed-in non-admin sent here from an admin page may sign in with another account.
    const switching = request.nextUrl.searchParams.get('error') === ADMIN_REQUIRED;
    if (!signedIn || switching) return NextResponse.next();
    const target = safeCallbackPath(request.nextUrl.searchParams.get('callbackUrl'));
    return NextResponse.redirect(new URL(target, request.url));
  }

  if (!signedIn) return toLogin(request, pathname + search);

  if (isAdminPath(pathname) && request.auth?.user.role !== 'admin') {
    return toLogin(request, pathname + search, ADMIN_REQUIRED);
  }
  return NextResponse.next();
});

/**
 * auth.ts configures Auth.js lazily (the secret and the database are resolved on first use),
 * and then `auth(handler)` hands back the wrapped handler as a promise.
 */
export async function proxy(request: NextRequest, event: NextFetchEvent) {
  const handler = await guarded;
  return handler(request, event as never);
}

export const config = {
  matcher: ['/product/:path*', '/dashboard/:path*', '/login', '/signup'],
};
