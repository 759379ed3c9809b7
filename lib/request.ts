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
