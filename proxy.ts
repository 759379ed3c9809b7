import NextAuth from 'next-auth';
import { NextResponse } from 'next/server';
import { authConfig } from '@/auth.config';
import { adminPaths } from '@/components/dashboard/sidebar-links';
import { authSecret } from '@/lib/auth/secret';
import { findUserById } from '@/lib/data/users';

/** The /login error code for a signed-in non-admin who opened an admin page. */
const ADMIN_REQUIRED = 'AdminRequired';

const { auth } = NextAuth({ ...authConfig, secret: authSecret() });

function isAdminPath(pathname: string) {
  return adminPaths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

function toLogin(request: Request, callbackPath: string, error?: string) {
  const url = new URL('/login', request.url);
  url.searchParams.set('callbackUrl', callbackPath);
  if (error) url.searchParams.set('error', error);
  return NextResponse.redirect(url);
}

/**
 * Quick redirects only (spec 6): signed-out visitors of product and dashboard pages go to
 * /login and come back afterwards; non-admins of the admin pages go to /login; signed-in
 * people are sent on from /login and /signup. Every page, handler and action checks again on
 * the server.
 */
export const proxy = auth(async (request) => {
  const { pathname, search } = request.nextUrl;
  const signedIn = Boolean(request.auth?.user?.id);

  if (pathname === '/login' || pathname === '/signup') {
    // A signed-in non-admin sent here from an admin page may sign in with another account.
    const switching = request.nextUrl.searchParams.get('error') === ADMIN_REQUIRED;
    if (!signedIn || switching) return NextResponse.next();
    const callback = request.nextUrl.searchParams.get('callbackUrl');
    const target = callback?.startsWith('/') && !callback.startsWith('//') ? callback : '/';
    return NextResponse.redirect(new URL(target, request.url));
  }

  if (!signedIn) return toLogin(request, pathname + search);

  if (isAdminPath(pathname)) {
    // The role is read from the database, so a promotion or demotion counts at once.
    const user = await findUserById(request.auth!.user.id);
    if (user?.role !== 'admin') return toLogin(request, pathname + search, ADMIN_REQUIRED);
  }
  return NextResponse.next();
});

export const config = {
  matcher: ['/product/:path*', '/dashboard/:path*', '/login', '/signup'],
};
