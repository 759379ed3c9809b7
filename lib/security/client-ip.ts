/**
 * The client's address, as far as the store can know it without letting the client choose it.
 * Used only to key per-IP rate limits. Pure functions; tested in
 * test/unit/security-client-ip.test.ts.
 *
 * X-Forwarded-For is a list that every proxy appends to: `client, proxy1, proxy2`. Only the
 * entries appended by machines we trust are facts; anything to their left is whatever the
 * client sent. `npm start` (scripts/serve.mjs) appends the TCP peer itself, so the rightmost
 * entry is always the machine that connected to the store, and with TRUSTED_PROXY_HOPS proxies
 * in front (each appending the address it saw) the client is the entry that many places left
 * of the rightmost. On Vercel the platform's own header names the client.
 */

export interface ForwardingHeaders {
  forwardedFor: string | null;
  /** `x-vercel-forwarded-for`, set by Vercel's edge (read only when running on Vercel). */
  vercelForwardedFor: string | null;
  /** `x-real-ip`, which Vercel sets to the client's address (read only when running on Vercel). */
  realIp: string | null;
}

export interface TrustSettings {
  /** How many proxies in front of the store append to X-Forwarded-For (0: exposed directly). */
  trustedProxyHops: number;
  /** Running on Vercel, whose edge sets the client address itself. */
  vercel: boolean;
}

/** The key used when no address is known (every such request shares one counter). */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * One address as a stable rate-limit key: trimmed, lower-cased (IPv6), without the brackets or
 * port some proxies add (`[2001:db8::1]:443`, `203.0.113.7:5123`), IPv4-mapped IPv6
 * (`::ffff:203.0.113.7`, how Node reports an IPv4 peer on a dual-stack socket) as plain IPv4.
 */
export function normaliseAddress(value: string): string {
  let address = value.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  return mapped ? mapped[1]! : address;
}

/** The entries of an X-Forwarded-For value (several headers arrive joined by commas). */
export function forwardedEntries(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => normaliseAddress(entry))
    .filter(Boolean);
}

/**
 * The client's address. With `hops` trusted proxies the client is the entry `hops` places left
 * of the rightmost (the rightmost was appended by our own server, or by the last proxy when the
 * store runs behind one without scripts/serve.mjs). With fewer entries than that, the request
 * did not pass every proxy, and all but the rightmost entry may have been written by the
 * client: the rightmost is taken, which no client can choose.
 */
export function clientAddress(headers: ForwardingHeaders, settings: TrustSettings): string {
  if (settings.vercel) {
    const platform =
      forwardedEntries(headers.vercelForwardedFor)[0] ?? forwardedEntries(headers.realIp)[0];
    if (platform) return platform;
  }
  const entries = forwardedEntries(headers.forwardedFor);
  if (entries.length === 0) return UNKNOWN_CLIENT;
  const index = entries.length - 1 - settings.trustedProxyHops;
  return entries[index >= 0 ? index : entries.length - 1]!;
}

export function forwardingHeaders(headers: Headers): ForwardingHeaders {
  return {
    forwardedFor: headers.get('x-forwarded-for'),
    vercelForwardedFor: headers.get('x-vercel-forwarded-for'),
    realIp: headers.get('x-real-ip'),
  };
}
