import { NextRequest, NextResponse } from 'next/server';
import { handlers } from '@/auth';
import { ApiError } from '@/lib/api/errors';
import { errorResponse } from '@/lib/api/handler';
import { enforce } from '@/lib/rate-limit';
import { signInLimits } from '@/lib/auth/limits';
import { env } from '@/lib/env';
import { requestProtocol } from '@/lib/request';

/**
 * Next.js normalises 127.0.0.1 to `localhost` in a route handler's request.url, and Auth.js
 * builds its callback and redirect URLs from that URL. Without AUTH_URL, hand Auth.js a plain
 * Request whose URL uses the Host header the browser sent (Auth.js trusts it: `trustHost`),
 * so sign-in cookies and redirects stay on the origin the person is using.
 */
function onRequestHost(request: NextRequest): NextRequest {
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  if (env.AUTH_URL || !host) return request;
  const url = new URL(request.url);
  const protocol = requestProtocol(request);
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body;
  // Auth.js reads only the standard Request API when AUTH_URL is unset.
  return new Request(`${protocol}://${host}${url.pathname}${url.search}`, {
    method: request.method,
    headers: request.headers,
    body,
    duplex: 'half',
  } as RequestInit) as NextRequest;
}

export function GET(request: NextRequest) {
  return handlers.GET(onRequestHost(request));
}

/**
 * Auth.js's POST handler, with email-and-password sign-in rate limited per IP and per email.
 * A refused attempt answers 429 with the JSON error shape, plus the `url` that Auth.js's
 * client reads, so `signIn()` reports it as code `rate_limited`.
 */
export async function POST(incoming: NextRequest) {
  const request = onRequestHost(incoming);
  const url = new URL(request.url);
  if (url.pathname.endsWith('/callback/credentials')) {
    const form = await request
      .clone()
      .formData()
      .catch(() => null);
    const email = String(form?.get('email') ?? '');
    try {
      await enforce(signInLimits(request, email));
    } catch (error) {
      if (!(error instanceof ApiError)) return errorResponse(error);
      const loginUrl = new URL('/login', url.origin);
      loginUrl.searchParams.set('error', 'CredentialsSignin');
      loginUrl.searchParams.set('code', 'rate_limited');
      return NextResponse.json(
        { ...error.toBody(), url: loginUrl.toString() },
        { status: error.status },
      );
    }
  }
  return handlers.POST(request);
}
