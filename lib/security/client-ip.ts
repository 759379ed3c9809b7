import ipaddr from 'ipaddr.js';

/**
 * The client's address, as far as the store can know it without letting the client choose it.
 * Used only to key per-IP rate limits (IPv6 clients by their /64, `rateLimitKey`). Pure functions; tested in
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

/**
 * The rate-limit key of a client address. An IPv4 address is its own key (IPv4-mapped IPv6,
 * `::ffff:203.0.113.7` or `::ffff:cb00:7107`, counts as that IPv4 address). An IPv6 address is
 * keyed by its /64 prefix (`2001:db8:1:2::/64`): a home line, a phone or a rented server is
 * handed a whole /64, so one client can send from 2^64 addresses, and counting them one by one
 * would let it pick a fresh address for every request. Anything that is not an address
 * (`unknown`) is kept as it is.
 */
export function rateLimitKey(address: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(normaliseAddress(address).replace(/%.*$/, ''));
  } catch {
    return address;
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const [a, b, c, d] = v6.parts;
  return `${new ipaddr.IPv6([a!, b!, c!, d!, 0, 0, 0, 0]).toString()}/64`;
}

/**
 * Whether an address is on a private network (RFC 1918: 10/8, 172.16/12, 192.168/16; IPv6
 * unique local, fc00::/7; also IPv4-mapped): what a reverse proxy, a load balancer or a
 * container network connects from. Loopback is not (a person trying the store on their own
 * machine), nor anything that is not an address.
 */
export function isPrivateAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(normaliseAddress(address).replace(/%.*$/, ''));
  } catch {
    return false;
  }
  const range = parsed.range();
  return range === 'private' || range === 'uniqueLocal';
}

/** The TCP peer as our server appended it: the rightmost X-Forwarded-For entry, or null. */
export function peerAddress(headers: ForwardingHeaders): string | null {
  return forwardedEntries(headers.forwardedFor).at(-1) ?? null;
}

/** After this many requests in a row from private peers, the store says a proxy seems to be in front. */
export const PROXY_HINT_AFTER = 10;

/**
 * Watches the peers of the requests whose client address is looked up, for a store that
 * trusts no proxy (TRUSTED_PROXY_HOPS=0): when the first `after` of them in a row all come
 * from a private address, a proxy is most likely in front, and every client shares its address
 * in the per-IP limits. Answers, for each peer, whether to warn now: true once, never again
 * (one warning per process); a peer that is not private (a client on the internet, loopback)
 * starts the count again.
 */
export function proxyHint(after = PROXY_HINT_AFTER): (peer: string | null) => boolean {
  let streak = 0;
  let warned = false;
  return (peer) => {
    if (warned) return false;
    streak = peer !== null && isPrivateAddress(peer) ? streak + 1 : 0;
    if (streak < after) return false;
    warned = true;
    return true;
  };
}

/** The warning `proxyHint` calls for. */
export function proxyHintMessage(peer: string): string {
  return (
    `[client-ip] The last ${PROXY_HINT_AFTER} requests all came from private addresses (the latest ` +
    `${peer}) while TRUSTED_PROXY_HOPS=0: a proxy seems to be in front of the store, and every ` +
    'client would share its address in the per-IP limits. Set TRUSTED_PROXY_HOPS to the number ' +
    'of proxies in front (TRUSTED_PROXY_HOPS=1 for one). If clients really connect from a ' +
    'private network, ignore this.'
  );
}
