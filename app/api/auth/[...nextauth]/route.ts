import { NextRequest, NextResponse } from 'next/server';
import { handlers } from '@/auth';
import { failure } from '@/lib/api/errors';
import { env } from '@/lib/env';
import { requestOrigin } from '@/lib/request';

/**
 * Next.js normalises 127.0.0.1 to `localhost` in a route handler's request.url, and Auth.js
 * builds its callback and redirect URLs from that URL. Without AUTH_URL, hand Auth.js a plain
 * Request whose URL uses the Host header the browser sent (Auth.js trusts it: `trustHost`),
 * so sign-in cookies and redirects stay on the origin the person is using.
 */
function onRequestHost(request: NextRequest): NextRequest {
  if (env.AUTH_URL || !request.headers.get('host')) return request;
  const url = new URL(request.url);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body;
  // Auth.js reads only the standard Request API when AUTH_URL is unset.
  return new Request(`${requestOrigin(request, undefined)}${url.pathname}${url.search}`, {
    method: request.method,
    headers: request.headers,
    body,
    duplex: 'half',
  } as RequestInit) as NextRequest;
}

export function GET(request: NextRequest) {
  return handlers.GET(onRequestHost(request));
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
 * Auth.js's POST handler. The sign-in limits are enforced inside the credentials provider's
 * `authorize()` (auth.ts), on the email Auth.js actually uses; a refusal there comes back as
 * Auth.js's `error=CredentialsSignin&code=rate_limited`, answered here as 429 in the JSON error
 * shape, plus the `url` that Auth.js's client reads, so `signIn()` reports code `rate_limited`.
 */
export async function POST(incoming: NextRequest) {
  const response = await handlers.POST(onRequestHost(incoming));
  const target = await redirectTarget(response);
  if (!isRateLimited(target)) return response;
  const error = failure('auth.sign_in_rate_limited');
  const limited = NextResponse.json({ ...error.toBody(), url: target }, { status: error.status });
  for (const cookie of response.headers.getSetCookie())
    limited.headers.append('set-cookie', cookie);
  return limited;
}
