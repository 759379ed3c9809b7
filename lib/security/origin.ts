/**
 * Where a request comes from, and where the store is. Pure functions over headers, so every
 * hostile value can be unit-tested (test/unit/security-origin.test.ts).
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

/** `https` or `http` as the browser used it: the proxy's x-forwarded-proto, else the URL's. */
export function requestProtocol(request: Request): 'http' | 'https' {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  if (forwarded === 'https' || forwarded === 'http') return forwarded;
  return new URL(request.url).protocol === 'https:' ? 'https' : 'http';
}

/**
 * The origin the person is using, built the way Auth.js builds it with `trustHost` (its
 * `createActionURL`: x-forwarded-host, else Host, with x-forwarded-proto): Next.js's own server
 * fills both x-forwarded headers from the connection when no proxy did. Not the request URL's
 * own origin, because Next.js rewrites 127.0.0.1 to localhost there; that URL is used only when
 * no Host header came at all (a handler called directly, as the tests do).
 *
 * Every part of this is the client's to choose when the server is exposed directly, which is
 * harmless for comparing a browser's Origin with it (a page on another site cannot set Host or
 * x-forwarded-host on a request it makes) but not for links that are mailed: those use
 * `linkOrigin` (lib/security/links.ts), which takes AUTH_URL when it is set.
 */
export function requestOrigin(request: Request): Origin {
  const host = (request.headers.get('x-forwarded-host') ?? request.headers.get('host'))?.trim();
  if (host) {
    const built = parseOrigin(`${requestProtocol(request)}://${host}`);
    if (built) return built;
  }
  return new URL(request.url).origin;
}

/** The store's own origin for a request: AUTH_URL's when configured, else the person's own. */
export function storeOrigin(request: Request, configured: string | undefined): Origin {
  return configured ? new URL(configured).origin : requestOrigin(request);
}
