/**
 * Request bodies read with a bound: refused by their Content-Length before a byte is read, and
 * while streaming as soon as they pass the bound (a chunked body has no length to check), so a
 * client can never make the server buffer more than the bound. Tested in
 * test/unit/security-body.test.ts.
 */

/** JSON bodies of the API: the largest real one (a product with its description) is a few kB. */
export const MAX_JSON_BYTES = 64 * 1024;

/**
 * Auth.js's POSTs (sign-in, sign-out, callbacks): a form with the CSRF token, email, password and
 * callback URL is a few hundred bytes. scripts/serve.mjs holds the same bound
 * (scripts/lib/body-limit.mjs `AUTH_BODY_LIMIT`) before Next.js reads the body.
 */
export const MAX_AUTH_BYTES = 8 * 1024;

/** Stripe's webhook events, read raw for their signature: larger than our own JSON, still bounded. */
export const MAX_WEBHOOK_BYTES = 512 * 1024;

/** The body passed its bound; `tooLarge` of `readBounded` turns it into the caller's error. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes.`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Whether the declared Content-Length is above `limit`. A missing or malformed length declares
 * nothing (the streamed read still holds the bound).
 */
export function declaresMoreThan(headers: Headers, limit: number): boolean {
  const declared = headers.get('content-length');
  if (declared === null || !/^\s*\d+\s*$/.test(declared)) return false;
  return Number(declared) > limit;
}

/**
 * The whole body, at most `limit` bytes: throws `BodyTooLargeError` as soon as more is declared
 * or read, after cancelling the stream (so the rest is never pulled). An absent body is empty.
 */
export async function readBounded(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  if (declaresMoreThan(request.headers, limit)) {
    await request.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(limit);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
