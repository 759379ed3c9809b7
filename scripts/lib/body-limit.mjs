// @ts-check
// Request bodies bounded by the production server (scripts/serve.mjs) before Next.js sees them.
// The route handlers bound their own bodies (lib/security/body.ts), but a handler that stops
// reading can only cancel the stream, and Node.js then destroys the connection before the 413 is
// written: a client still sending sees a reset. The server owns the socket, so it answers 413 as
// soon as the bound is passed, discards what the client still sends (memory stays flat), and
// closes the connection if the client is still sending after a grace period (DISCARD_MS).
//
//  - Auth.js's routes (/api/auth/*): their forms (CSRF token, email, password, callback URL)
//    are well under AUTH_BODY_LIMIT, so the body is read here whole, at most that, and handed
//    to Next.js as a fresh stream.
//  - Every other request: a declared Content-Length above SERVER_BODY_LIMIT (larger than any
//    body the store accepts: an upload and its form) is refused before a byte is read; the
//    handlers' own, smaller bounds apply while they read.
import { PassThrough } from 'node:stream';

/** Auth.js's POSTs (sign-in, sign-out, callbacks): a sign-in form is a few hundred bytes. */
export const AUTH_BODY_LIMIT = 8 * 1024;

/** Any other request: above the largest body a route accepts (a 5 MB upload and its form). */
export const SERVER_BODY_LIMIT = 8 * 1024 * 1024;

/** How long a refused request may go on sending (discarded) before its connection is closed. */
export const DISCARD_MS = 5_000;

/**
 * The body of the 413 answer, in the API's error shape, as `readText` (lib/api/handler.ts)
 * answers it (the message of `request.too_large` in lib/core/messages.ts; a unit test keeps the
 * two equal).
 * @param {number} limit
 */
export function tooLargeBody(limit) {
  return JSON.stringify({
    error: {
      code: 'payload_too_large',
      message: `The request body is too large (at most ${Math.floor(limit / 1024)} kB).`,
      details: { limitBytes: limit },
    },
  });
}

/**
 * The bound of a request's body and whether the server reads it whole itself (Auth.js), or
 * only checks its declared length.
 * @param {string | undefined} method
 * @param {string | undefined} url
 * @returns {{ limit: number, buffered: boolean }}
 */
export function bodyBound(method, url) {
  const path = (url ?? '/').split('?')[0] ?? '/';
  const auth = path === '/api/auth' || path.startsWith('/api/auth/');
  const safe = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
  return auth && !safe
    ? { limit: AUTH_BODY_LIMIT, buffered: true }
    : { limit: SERVER_BODY_LIMIT, buffered: false };
}

/** @param {string | string[] | undefined} value */
function declaredLength(value) {
  return typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : null;
}

/**
 * Answers 413 and discards the rest of the body: the connection stays open while the client
 * sends, at most `DISCARD_MS`, then it is closed. Closing it at once would make the client's
 * next write fail (EPIPE, a reset) before it has read the answer.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {number} limit
 */
function refuse(request, response, limit) {
  request.removeAllListeners('data');
  request.resume();
  if (!response.headersSent) {
    const body = tooLargeBody(limit);
    response.writeHead(413, {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'no-store',
    });
    response.end(body);
  }
  if (request.complete) return;
  const timer = setTimeout(() => request.socket.destroy(), DISCARD_MS);
  timer.unref();
  request.once('end', () => clearTimeout(timer));
  request.once('close', () => clearTimeout(timer));
}

/**
 * Makes `request` read as `body` from now on, as Next.js itself swaps a request's body for a
 * buffered copy (`replaceRequestBody`, next/dist/server/body-streams.js): the fresh stream's
 * state and methods are copied onto the request (methods bound to it), everything else
 * (headers, url, socket) stays.
 * @param {import('node:http').IncomingMessage} request
 * @param {Buffer} body
 */
function replaceBody(request, body) {
  const fresh = new PassThrough();
  fresh.end(body);
  /** @type {Record<string, unknown>} */
  const target = /** @type {never} */ (request);
  /** @type {Record<string, unknown>} */
  const source = /** @type {never} */ (fresh);
  for (const key in fresh) {
    const value = source[key];
    target[key] = typeof value === 'function' ? value.bind(request) : value;
  }
}

/**
 * Hands `request` to `handle` once its body is known to be within its bound, or answers 413
 * (the JSON error shape) as soon as it is not: by its Content-Length before a byte is read,
 * else while it streams. Auth.js's bodies are read whole here (at most AUTH_BODY_LIMIT);
 * other bodies stream on to the handler, which bounds them itself.
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {() => void} handle
 */
export function boundRequestBody(request, response, handle) {
  const { limit, buffered } = bodyBound(request.method, request.url);
  const declared = declaredLength(request.headers['content-length']);
  if (declared !== null && declared > limit) return refuse(request, response, limit);
  if (!buffered || declared === 0) return handle();

  /** @type {Buffer[]} */
  const chunks = [];
  let total = 0;
  let refused = false;
  request.on('data', (/** @type {Buffer} */ chunk) => {
    if (refused) return;
    total += chunk.byteLength;
    if (total > limit) {
      refused = true;
      chunks.length = 0;
      refuse(request, response, limit);
      return;
    }
    chunks.push(chunk);
  });
  request.once('end', () => {
    if (refused) return;
    request.removeAllListeners('data');
    replaceBody(request, Buffer.concat(chunks, total));
    handle();
  });
  request.once('error', () => {
    if (!refused) request.socket.destroy();
  });
}
