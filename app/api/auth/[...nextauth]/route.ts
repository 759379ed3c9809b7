import { NextRequest, NextResponse } from 'next/server';
import { handlers } from '@/auth';
import { failure } from '@/lib/api/errors';
import { errorResponse, privateWhenSignedIn, readText } from '@/lib/api/handler';
import { authJsAcceptsCallbackUrl } from '@/lib/accounts';
import { env } from '@/lib/core/env';
import { requestIdOf } from '@/lib/core/log';
import { authOrigin, MAX_AUTH_BYTES } from '@/lib/security';

/**
 * A copy of `request` at `url` with `headers` (and `body`, once read). Without AUTH_URL Auth.js
 * reads only the standard Request API, and a plain Request keeps the URL as given (a
 * NextRequest would turn 127.0.0.1 into localhost, see below); with AUTH_URL, next-auth reads
 * `nextUrl`, which only a NextRequest has.
 */
function rebuilt(
  request: NextRequest,
  url: string,
  headers: Headers,
  body: BodyInit | null = request.body,
): NextRequest {
  const bodyless = request.method === 'GET' || request.method === 'HEAD';
  const init = { method: request.method, headers, duplex: 'half' } as RequestInit;
  if (!bodyless) init.body = body;
  return env.AUTH_URL
    ? new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1])
    : (new Request(url, init) as NextRequest);
}

/**
 * Auth.js builds its callback and redirect URLs on the request's URL; without AUTH_URL it
 * would trust the Host header (`trustHost`), which any client talking to the server directly
 * may choose, and Next.js normalises 127.0.0.1 to `localhost` in that URL. Without AUTH_URL,
 * Auth.js gets a plain Request on the store's own origin (`http://HOST:PORT`), or on its other
 * loopback spelling when the browser is there (its cookies live there): picked from that fixed
 * list (`authOrigin`, lib/security/links.ts), never echoed from the Host header.
 */
function onStoreOrigin(request: NextRequest): NextRequest {
  if (env.AUTH_URL) return request;
  const origin = authOrigin(request.headers.get('host'));
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.set('host', new URL(origin).host);
  headers.delete('x-forwarded-host');
  return rebuilt(request, `${origin}${url.pathname}${url.search}`, headers);
}

const CALLBACK_COOKIES = new Set(['authjs.callback-url', '__Secure-authjs.callback-url']);

function cookieValue(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Auth.js refuses a `callbackUrl` query parameter or callback-url cookie that is not an http(s)
 * URL or a path (`authJsAcceptsCallbackUrl`), but answers it as a server configuration error,
 * 500, on every one of its endpoints. The client chose it, so a refused parameter is answered
 * here as 400 in the API's error shape, and a refused cookie (which the browser would send
 * again with every request, making sign-in fail until it expires) is left out of what Auth.js
 * reads, so Auth.js uses its default.
 */
function checkCallbackUrl(request: NextRequest): NextRequest | Response {
  const url = new URL(request.url);
  // Every value of the parameter: Auth.js reads the query as an object, where the last of
  // repeated parameters wins, so a refused value anywhere is refused.
  const parameters = url.searchParams.getAll('callbackUrl');
  if (parameters.some((value) => value && !authJsAcceptsCallbackUrl(value, url.origin))) {
    return errorResponse(failure('auth.invalid_callback_url'));
  }
  const cookies = (request.headers.get('cookie') ?? '').split(';');
  const kept = cookies.filter((cookie) => {
    const [name = '', ...value] = cookie.split('=');
    if (!CALLBACK_COOKIES.has(name.trim())) return true;
    const callback = cookieValue(value.join('=').trim());
    return !callback || authJsAcceptsCallbackUrl(callback, url.origin);
  });
  if (kept.length === cookies.length) return request;
  const headers = new Headers(request.headers);
  headers.set('cookie', kept.join(';'));
  return rebuilt(request, request.url, headers);
}

/** The request as Auth.js should see it, or the answer to a request it must not see. */
function forAuthJs(request: NextRequest): NextRequest | Response {
  return checkCallbackUrl(onStoreOrigin(request));
}

/**
 * The request with its body read, at most MAX_AUTH_BYTES (8 kB; a sign-in form is a few hundred
 * bytes), or the 413 in the JSON error shape as soon as its Content-Length or the bytes read
 * pass that, before Auth.js parses anything (scripts/serve.mjs bounds it before Next.js, too).
 */
async function withBoundedBody(request: NextRequest): Promise<NextRequest | Response> {
  try {
    const body = await readText(request, MAX_AUTH_BYTES);
    return rebuilt(request, request.url, new Headers(request.headers), body);
  } catch (error) {
    return errorResponse(error, requestIdOf(request));
  }
}

/** Every answer to a caller with a credential is `private, no-store`, as the API edge's. */
export async function GET(incoming: NextRequest) {
  const request = forAuthJs(incoming);
  const answer = request instanceof Response ? request : await handlers.GET(request);
  return privateWhenSignedIn(incoming, answer);
}

/** Where Auth.js sends the person after a POST: the JSON `url` or the Location, if any. */
async function redirectTarget(response: Response): Promise<string | null> {
  const location = response.headers.get('location');
  if (location) return location;
  if (!response.headers.get('content-type')?.includes('application/json')) return null;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { url?: unknown } | null;
  return typeof body?.url === 'string' ? body.url : null;
}

function isRateLimited(target: string | null): target is string {
  if (!target) return false;
  return new URL(target, 'http://store.invalid').searchParams.get('code') === 'rate_limited';
}

/**
 * Auth.js's POST handler, after its body is bounded (8 kB, 413 beyond). The sign-in limits are enforced inside the credentials provider's
 * `authorize()` (auth.ts), on the email Auth.js actually uses; a refusal there comes back as
 * Auth.js's `error=CredentialsSignin&code=rate_limited`, answered here as 429 in the JSON error
 * shape, plus the `url` that Auth.js's client reads, so `signIn()` reports code `rate_limited`.
 */
export async function POST(incoming: NextRequest) {
  return privateWhenSignedIn(incoming, await answerPost(incoming));
}

async function answerPost(incoming: NextRequest): Promise<Response> {
  const bounded = await withBoundedBody(incoming);
  if (bounded instanceof Response) return bounded;
  const request = forAuthJs(bounded);
  if (request instanceof Response) return request;
  const response = await handlers.POST(request);
  const target = await redirectTarget(response);
  if (!isRateLimited(target)) return response;
  const error = failure('auth.sign_in_rate_limited');
  const limited = NextResponse.json({ ...error.toBody(), url: target }, { status: error.status });
  for (const cookie of response.headers.getSetCookie())
    limited.headers.append('set-cookie', cookie);
  return limited;
}
