// X-Forwarded-For as a proxy writes it: the address of the machine that connected is appended
// to whatever the request already carried. Used by scripts/serve.mjs; the store reads the list
// back with lib/security/client-ip.ts.

/**
 * Appends `peer` (the TCP peer's address; `unknown` when the socket no longer has one) to the
 * X-Forwarded-For header of a Node.js request, in place. Several X-Forwarded-For headers arrive
 * joined by commas (Node.js joins them), so the appended entry is always the rightmost.
 *
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @param {string | undefined} peer
 */
export function appendForwardedFor(headers, peer) {
  const existing = headers['x-forwarded-for'];
  const prior = (Array.isArray(existing) ? existing.join(', ') : (existing ?? '')).trim();
  const address = peer || 'unknown';
  headers['x-forwarded-for'] = prior ? `${prior}, ${address}` : address;
}
