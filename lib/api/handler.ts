import 'server-only';
import type { ZodType } from 'zod';
import { assertSameSite, BodyTooLargeError, MAX_JSON_BYTES, readBounded } from '@/lib/security';
import { requestCredential } from '@/lib/security/cross-site';
import { requestStarted } from '../core/activity';
import { requestIdOf } from '../core/log';
import { RefusalError, refuse as failure, refuseInvalid as validationError } from '../core/refusal';
import { errorResponse } from './errors';

type RouteContext<P> = { params: Promise<P> };
type Handler<P> = (request: Request, context: RouteContext<P>) => Promise<Response>;

/** Answers an error as the one JSON shape (lib/api/errors.ts). */
export { errorResponse };

/**
 * Wraps a route handler: first the cross-site rule (lib/security: a change made with the
 * session cookie must come from the store's own pages; 403 before the handler reads anything),
 * then the handler, whose every failure is answered with the JSON error shape and the status
 * derived from its code; unexpected errors are logged with the request's id (`X-Request-Id`,
 * lib/core/log.ts) and answered as a plain 500. Every
 * app/api handler but Auth.js's own (which has its CSRF token) and the JSON 404 is wrapped.
 * Each request is counted while it is answered (./activity.ts: under load, background work
 * waits for the load to ease). Every answer to a request that carries a credential is
 * `Cache-Control: private, no-store` (`privateWhenSignedIn`), unless `sameForEveryone`.
 */
export function route<P = Record<string, never>>(
  handler: Handler<P>,
  { sameForEveryone = false }: { sameForEveryone?: boolean } = {},
): Handler<P> {
  return async (request, context) => {
    const done = requestStarted();
    let response: Response;
    try {
      assertSameSite(request);
      response = await handler(request, context);
    } catch (error) {
      response = errorResponse(error, requestIdOf(request));
    } finally {
      done();
    }
    return sameForEveryone ? response : privateWhenSignedIn(request, response);
  };
}

/** What every answer to a signed-in caller says to caches: keep nothing, share nothing. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * Whether the request carries a credential: the session cookie, a bearer token, or any other
 * `Authorization` (the machine endpoints' secrets included), valid or not.
 */
export function carriesCredential(request: Request): boolean {
  return requestCredential(request.headers) !== 'none' || request.headers.has('authorization');
}

/**
 * The answer with `Cache-Control: private, no-store` when the request carries a credential
 * (whatever the handler said: an answer to a signed-in caller may hold their prices, their
 * company, their invoices, or only that they were refused), as it is otherwise: a public read
 * asked anonymously keeps its own caching. Errors, files, CSV and PDF answers alike.
 */
export function privateWhenSignedIn(request: Request, response: Response): Response {
  if (!carriesCredential(request)) return response;
  try {
    response.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    return response;
  } catch {
    // An answer with immutable headers (`Response.redirect`): the same answer, new headers.
    const copy = new Response(response.body, response);
    copy.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    return copy;
  }
}

/**
 * The request body as text, at most `limit` bytes: 413 (`request.too_large`) as soon as its
 * Content-Length or the bytes read pass the limit, before anything is parsed (lib/security/body.ts).
 */
export async function readText(request: Request, limit: number): Promise<string> {
  try {
    return new TextDecoder().decode(await readBounded(request, limit));
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    throw failure('request.too_large', {
      params: { limit: `${Math.floor(error.limit / 1024)} kB` },
      details: { limitBytes: error.limit },
    });
  }
}

/**
 * Reads a JSON request body of at most MAX_JSON_BYTES (64 kB; 413 beyond, see `readText`),
 * refusing anything that is not a JSON object.
 */
export async function readJson(request: Request): Promise<unknown> {
  let body: unknown;
  try {
    body = JSON.parse(await readText(request, MAX_JSON_BYTES));
  } catch (error) {
    if (error instanceof RefusalError) throw error;
    throw failure('request.not_json');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw failure('request.not_object');
  }
  return body;
}

/** Validates a value against a schema, answering 422 with the field issues on failure. */
export function parseWith<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * A path email, normalised once for every route: percent-decoded when it still is encoded,
 * trimmed and lower-cased; 400 when it is empty or longer than an email can be.
 */
export function emailParam(value: string): string {
  let email: string;
  try {
    email = decodeURIComponent(value);
  } catch {
    email = value;
  }
  email = email.trim().toLowerCase();
  if (!email || email.length > 254) throw failure('request.invalid_email');
  return email;
}
