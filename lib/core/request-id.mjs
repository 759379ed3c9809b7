// @ts-check
/**
 * Request ids: every response carries `X-Request-Id`, the one the request came with when it is a
 * sane token, else a new UUID, and every log line about the request names it. Plain ES module
 * with JSDoc types, because the production server (scripts/serve.mjs, outside the Next.js
 * bundle) sets the id before Next.js sees the request; proxy.ts does the same under `next dev`
 * and on Vercel, and the route handlers read it back (`requestIdOf`, lib/core/log.ts).
 */

/** The header, lower-cased as Node.js and the Fetch API's `Headers` name it. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Set on a request by the production server once it has given the request its id, so that
 * proxy.ts leaves it alone there (its matcher skips requests that carry it).
 */
export const REQUEST_ID_SET_HEADER = 'x-storefront-request-id';

/** What an incoming id may be: 1-128 letters, digits, dots, underscores and hyphens. */
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The incoming id when it is a sane token, else undefined. Anything else (too long, spaces,
 * quotes, control characters) is never echoed or logged: a client cannot write into the log.
 * @param {string | string[] | null | undefined} value
 * @returns {string | undefined}
 */
export function acceptRequestId(value) {
  const text = Array.isArray(value) ? value[0] : value;
  return typeof text === 'string' && SANE_ID.test(text) ? text : undefined;
}

/**
 * The request's id: the incoming one when it is sane, else a new random UUID.
 * @param {string | string[] | null | undefined} incoming
 * @returns {string}
 */
export function requestIdFor(incoming) {
  return acceptRequestId(incoming) ?? globalThis.crypto.randomUUID();
}
