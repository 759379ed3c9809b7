import { refuse } from '@/lib/core/refusal';
import { env } from '@/lib/core/env';
import {
  clientAddress,
  forwardingHeaders,
  peerAddress,
  proxyHint,
  proxyHintMessage,
  rateLimitKey,
} from './client-ip';
import { crossSiteAllowed, requestCredential, sourceHeaders } from './cross-site';
import { authOrigin as authOriginOf, storeOrigin as storeOriginOf, storeOrigins } from './links';
import { logger } from '@/lib/core/log';

/**
 * The request-edge rules, each a small pure function in this folder, bound here to the
 * configuration:
 *   origin.ts      where the request says it comes from
 *   listen.mjs     where the store listens (HOST, PORT), checked by the scripts before starting
 *   links.ts       the store's own origin, which every link and origin check is built on
 *   cross-site.ts  which requests must prove they come from the store's own pages
 *   client-ip.ts   the client's address for per-IP limits, never one the client chooses
 *   body.ts        request bodies read with a bound
 *   production-profile.mjs  what a production server must be given (MONGODB_URI, AUTH_SECRET,
 *                  AUTH_URL, SMTP_URL), checked by the scripts and by start.ts
 *   start.ts       the check at start (instrumentation.ts): a store that may not serve stops
 * The route wrapper (`route()`, lib/api/handler.ts) applies the cross-site rule and `readJson`
 * the body bound to every API handler; a new handler gets them by being wrapped. The safe
 * redirect after sign-in is an access rule, `safeCallbackPath` in lib/accounts/access.ts, used by
 * the proxy, the login page and the sign-in completion.
 */

export {
  MAX_AUTH_BYTES,
  MAX_JSON_BYTES,
  MAX_WEBHOOK_BYTES,
  BodyTooLargeError,
  readBounded,
} from './body';
export { SESSION_COOKIE, SECURE_SESSION_COOKIE } from './cross-site';
export { requestProtocol } from './origin';
export { canonicalOrigin, publicUrlProblem } from './links';

/**
 * The store's own origin: AUTH_URL's, else `http://HOST:PORT` as `npm start` prints it. Every
 * link the store hands out is built on it, in answer to a request or not (mails sent later,
 * the Stripe webhook, jobs); never on a request's Host or X-Forwarded-Host (lib/security/links.ts).
 */
export function linkOrigin(): string {
  return storeOriginOf(env);
}

/** The origin Auth.js builds its URLs on for a request with this Host header (links.ts). */
export function authOrigin(host: string | null): string {
  return authOriginOf(host, env);
}

const watchPeers = proxyHint();

/**
 * The client's key for per-IP rate limits (see lib/security/client-ip.ts): its address, an IPv6
 * client's /64. With TRUSTED_PROXY_HOPS=0, requests that all come from private addresses get
 * one warning per process that a proxy seems to be in front.
 */
export function clientIp(request: Request): string {
  const headers = forwardingHeaders(request.headers);
  if (env.TRUSTED_PROXY_HOPS === 0 && !env.VERCEL) {
    const peer = peerAddress(headers);
    if (watchPeers(peer)) logger.warn(proxyHintMessage(peer!));
  }
  return rateLimitKey(
    clientAddress(headers, {
      trustedProxyHops: env.TRUSTED_PROXY_HOPS,
      vercel: Boolean(env.VERCEL),
    }),
  );
}

/**
 * The request's method, or POST when it cannot be read. A `dynamic = 'force-static'` route
 * handler (the API reference, the OpenAPI document) gets Next.js's stand-in for the request: a
 * Proxy with empty headers that reads every other property of the real request through itself,
 * which on Node.js 24 (whose Request keeps its state in private fields) throws. POST, the
 * strictest reading, changes nothing for that stand-in: with no headers it carries no credential
 * and states no source.
 */
function methodOf(request: Request): string {
  try {
    return request.method;
  } catch {
    return 'POST';
  }
}

/**
 * 403 `request.cross_site` unless the request may go on (see `crossSiteAllowed`): run before
 * anything else a handler does, so a refused request reads no body and touches no data.
 */
export function assertSameSite(request: Request): void {
  const stores = storeOrigins(env);
  const source = sourceHeaders(request.headers);
  if (crossSiteAllowed(methodOf(request), requestCredential(request.headers), source, stores)) {
    return;
  }
  throw refuse('request.cross_site', {
    details: { origin: source.origin, secFetchSite: source.fetchSite, expected: stores[0] },
  });
}
