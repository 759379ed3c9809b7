/**
 * The client's IP address as reported by the platform's proxy (Vercel and most load balancers
 * set x-forwarded-for / x-real-ip). Used only to key rate limits.
 */
export function clientIp(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || request.headers.get('x-real-ip')?.trim() || 'unknown';
}

/** `https` or `http` as the browser used it: the proxy's x-forwarded-proto, else the URL's. */
export function requestProtocol(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  return forwarded || new URL(request.url).protocol.replace(':', '');
}

/**
 * The origin the person is using, for links and redirects: AUTH_URL's when it is configured
 * (never a Host header an attacker could choose), otherwise the Host header the browser sent.
 * Not the request URL's own origin: Next.js rewrites 127.0.0.1 to localhost there.
 */
export function requestOrigin(request: Request, configured: string | undefined): string {
  if (configured) return new URL(configured).origin;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  return host ? `${requestProtocol(request)}://${host}` : new URL(request.url).origin;
}
