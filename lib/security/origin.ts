/**
 * Where a request says it comes from. Pure functions over headers, so every hostile value can
 * be unit-tested (test/unit/security-origin.test.ts). Where the store is never comes from a
 * request: see lib/security/links.ts.
 */

/** An origin `scheme://host[:port]`, normalised: lower-case, default ports dropped, IPv6 in brackets. */
export type Origin = string;

/**
 * The origin a header states, normalised by the URL parser (`HTTP://Store.Example:80` and
 * `http://store.example` are the same origin), or null when the value is not exactly an
 * http(s) origin: `null` (sandboxed frames, cross-origin redirects), anything with a path,
 * query, fragment or credentials, a port that is not a number (`http://127.0.0.1:3100.evil.example`),
 * or a value the parser refuses.
 */
export function parseOrigin(value: string | null | undefined): Origin | null {
  if (!value || value === 'null') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || url.search || url.hash) return null;
  if (url.pathname !== '/') return null;
  return url.origin;
}

/** The origin of a full URL such as a Referer (its path is allowed), or null. */
export function originOfUrl(value: string | null | undefined): Origin | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * `https` or `http` as the browser used it: the proxy's x-forwarded-proto, else the URL's. Only
 * picks the session cookie's name (lib/accounts/session.ts); no link or origin is built on it.
 */
export function requestProtocol(request: Request): 'http' | 'https' {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  if (forwarded === 'https' || forwarded === 'http') return forwarded;
  return new URL(request.url).protocol === 'https:' ? 'https' : 'http';
}
