import { originOfUrl, parseOrigin, type Origin } from './origin';

/**
 * The cross-site rule of the API (enforced once, by `route()` in lib/api/handler.ts): a request
 * that changes something and carries the session cookie must prove that it comes from the
 * store's own pages. Browsers attach cookies to requests that any other site starts (a form
 * posted to us, a `fetch` with `mode: 'no-cors'`), and SameSite=Lax does not stop a same-site
 * sibling domain; the Origin header (or Sec-Fetch-Site, or the Referer) is what a page on
 * another site cannot forge. Pure functions; tested in test/unit/security-cross-site.test.ts.
 */

/** Auth.js's session cookie: `authjs.session-token`, `__Secure-` over https, `.0`, `.1`… when chunked. */
export const SESSION_COOKIE = 'authjs.session-token';
export const SECURE_SESSION_COOKIE = `__Secure-${SESSION_COOKIE}`;

/** How a request could be authenticated. */
export type Credential = 'bearer' | 'session' | 'none';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isSessionCookieName(name: string): boolean {
  return [SESSION_COOKIE, SECURE_SESSION_COOKIE].some(
    (base) =>
      name === base || (name.startsWith(`${base}.`) && /^\d+$/.test(name.slice(base.length + 1))),
  );
}

/**
 * What would authenticate the request: `Authorization: Bearer <token>` (the session cookie is
 * then never read, see `requestIdentity` in lib/accounts/session.ts), else the session cookie,
 * else nothing. Any other Authorization scheme does not count as a bearer.
 */
export function requestCredential(headers: Headers): Credential {
  const [scheme, token] = (headers.get('authorization') ?? '').trim().split(/\s+/);
  if (scheme?.toLowerCase() === 'bearer' && token) return 'bearer';
  const cookies = (headers.get('cookie') ?? '').split(';');
  const named = cookies.some((cookie) => isSessionCookieName(cookie.split('=')[0]!.trim()));
  return named ? 'session' : 'none';
}

/** What a request says about the page that made it. */
export interface SourceHeaders {
  origin: string | null;
  fetchSite: string | null;
  referer: string | null;
}

export function sourceHeaders(headers: Headers): SourceHeaders {
  return {
    origin: headers.get('origin'),
    fetchSite: headers.get('sec-fetch-site')?.trim().toLowerCase() || null,
    referer: headers.get('referer') || null,
  };
}

/** The store's origin, or its origins (the configured one and its other loopback spelling). */
export type StoreOrigins = Origin | readonly Origin[];

function isStore(origin: Origin | null, store: StoreOrigins): boolean {
  if (origin === null) return false;
  return typeof store === 'string' ? origin === store : store.includes(origin);
}

/**
 * Where the request says it comes from, relative to the store: `same` (proved), `foreign`, or
 * `unstated` (a programmatic client, or a browser that said nothing). The Origin header decides
 * when present (`null` and anything that is not exactly an origin count as foreign), else
 * Sec-Fetch-Site (`same-origin` proves it; `none`, a person opening the URL themselves, proves
 * nothing), else the Referer's origin. A Sec-Fetch-Site of another site is foreign whatever the
 * other headers say: an honest browser never sends contradicting headers.
 */
export function declaredSource(
  { origin, fetchSite, referer }: SourceHeaders,
  store: StoreOrigins,
): 'same' | 'foreign' | 'unstated' {
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return 'foreign';
  if (origin !== null) return isStore(parseOrigin(origin), store) ? 'same' : 'foreign';
  if (fetchSite === 'same-origin') return 'same';
  if (referer !== null) return isStore(originOfUrl(referer), store) ? 'same' : 'foreign';
  return 'unstated';
}

/**
 * Whether the request may go on. Reading (GET, HEAD, OPTIONS) always may. A bearer token is
 * sent deliberately by its holder, never attached by the browser, so it needs no proof. A
 * request with the session cookie must prove it comes from the store. A request with neither
 * credential may go on unless it says it comes from elsewhere: sign-up, contact and the
 * password reset are open to programmatic clients and to Stripe's webhook (which sends no
 * Origin and is verified by its signature), but not to another site's page posting in a
 * visitor's browser (a visitor's IP spent on the rate limits, or a sign-up under their name).
 */
export function crossSiteAllowed(
  method: string,
  credential: Credential,
  source: SourceHeaders,
  store: StoreOrigins,
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase()) || credential === 'bearer') return true;
  const declared = declaredSource(source, store);
  return credential === 'session' ? declared === 'same' : declared !== 'foreign';
}
