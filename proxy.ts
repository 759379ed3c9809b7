import { NextResponse, type NextFetchEvent, type NextRequest } from 'next/server';
import { auth } from '@/auth';
import { isAdminPath, safeCallbackPath } from '@/lib/accounts/access';
import { REQUEST_ID_HEADER, requestIdFor } from '@/lib/core/request-id.mjs';

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
    if (!signedIn || switching) return onward(request);
    const target = safeCallbackPath(request.nextUrl.searchParams.get('callbackUrl'));
    return NextResponse.redirect(new URL(target, request.url));
  }

  if (!signedIn) return toLogin(request, pathname + search);

  if (isAdminPath(pathname) && request.auth?.user.role !== 'admin') {
    return toLogin(request, pathname + search, ADMIN_REQUIRED);
  }
  return onward(request);
});

/** On to the page, with the request's headers as the proxy left them (its `X-Request-Id`). */
function onward(request: Request) {
  return NextResponse.next({ request: { headers: request.headers } });
}

/** The paths whose signed-out visitors are sent to /login (the first entries of the matcher). */
function isGuardedPath(pathname: string): boolean {
  return (
    pathname === '/login' || pathname === '/signup' || /^\/(product|dashboard)(\/|$)/.test(pathname)
  );
}

/**
 * Every response carries `X-Request-Id` (lib/core/request-id.mjs): the request's own when it is
 * a sane token, else a new UUID, also handed on to the page or route handler in the request's
 * headers. The production server (scripts/serve.mjs) does this itself for every request, static
 * files included, and marks the request (`x-storefront-request-id`), which the matcher skips;
 * here it is done for `next dev` and Vercel.
 *
 * auth.ts configures Auth.js lazily (the secret and the database are resolved on first use),
 * and then `auth(handler)` hands back the wrapped handler as a promise.
 */
export async function proxy(request: NextRequest, event: NextFetchEvent) {
  const requestId = requestIdFor(request.headers.get(REQUEST_ID_HEADER));
  request.headers.set(REQUEST_ID_HEADER, requestId);
  const answer = isGuardedPath(request.nextUrl.pathname)
    ? await (
        await guarded
      )(request, event as never)
    : undefined;
  return withRequestId(answer ?? onward(request), requestId);
}

function withRequestId(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  } catch {
    // A response whose headers cannot change (Response.redirect): the same answer, copied.
    const copy = new NextResponse(response.body, response);
    copy.headers.set(REQUEST_ID_HEADER, requestId);
    return copy;
  }
}

export const config = {
  matcher: [
    // The sign-in redirects (`guarded`).
    '/product/:path*',
    '/dashboard/:path*',
    '/login',
    '/signup',
    // Request ids for every other path but the build's immutable assets, unless the production
    // server has given the request its id already.
    {
      source: '/((?!_next/static|_next/image).*)',
      missing: [{ type: 'header', key: 'x-storefront-request-id' }],
    },
  ],
};
