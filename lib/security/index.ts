import { failure } from '@/lib/api/errors';
import { env } from '@/lib/env';
import { clientAddress, forwardingHeaders } from './client-ip';
import { crossSiteAllowed, requestCredential, sourceHeaders } from './cross-site';
import { linkOrigin as linkOriginOf } from './links';
import { storeOrigin as storeOriginOf } from './origin';

/**
 * The request-edge rules, each a small pure function in this folder, bound here to the
 * configuration:
 *   origin.ts      where the request says it comes from, and where the store is
 *   cross-site.ts  which requests must prove they come from the store's own pages
 *   client-ip.ts   the client's address for per-IP limits, never one the client chooses
 *   links.ts       the origin of links the store hands out, and the production check
 *   body.ts        request bodies read with a bound
 *   start.ts       the check at start (instrumentation.ts): a store that may not serve stops
 * The route wrapper (`route()`, lib/api/handler.ts) applies the cross-site rule and `readJson`
 * the body bound to every API handler; a new handler gets them by being wrapped. The safe
 * redirect after sign-in is an access rule, `safeCallbackPath` in lib/auth/access.ts, used by
 * the proxy, the login page and the sign-in completion.
 */

export { MAX_JSON_BYTES, MAX_WEBHOOK_BYTES, BodyTooLargeError, readBounded } from './body';
export { SESSION_COOKIE, SECURE_SESSION_COOKIE } from './cross-site';
export { requestProtocol } from './origin';
export { canonicalOrigin, publicUrlProblem } from './links';

/** The store's own origin for this request: AUTH_URL's, else the one the person is using. */
export function storeOrigin(request: Request): string {
  return storeOriginOf(request, env.AUTH_URL);
}

/**
 * The origin of links handed out in answer to this request, or (null) by work done outside a
 * request; see lib/security/links.ts.
 */
export function linkOrigin(request: Request | null): string {
  return linkOriginOf(request, env);
}

/** The client's address for per-IP rate limits (see lib/security/client-ip.ts). */
export function clientIp(request: Request): string {
  return clientAddress(forwardingHeaders(request.headers), {
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
    vercel: Boolean(env.VERCEL),
  });
}

/**
 * 403 `request.cross_site` unless the request may go on (see `crossSiteAllowed`): run before
 * anything else a handler does, so a refused request reads no body and touches no data.
 */
export function assertSameSite(request: Request): void {
  const store = storeOrigin(request);
  const source = sourceHeaders(request.headers);
  if (crossSiteAllowed(request.method, requestCredential(request.headers), source, store)) return;
  throw failure('request.cross_site', {
    details: { origin: source.origin, secFetchSite: source.fetchSite, expected: store },
  });
}
