import { createHash } from 'node:crypto';
import { NextRequest } from 'next/server';
import { OAuth2Issuer, OAuth2Server } from 'oauth2-mock-server';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * ADMIN_EMAILS and Google sign-in, through Auth.js's own endpoints and a local OpenID Connect
 * issuer standing in for Google (oauth2-mock-server, as e2e/stand-ins/oidc.mjs): a Google
 * sign-in proves the mailbox, and leaves no password chosen by someone else on the account, so
 * a listed address becomes admin with it; opening the verification link alone does not.
 */

const OWNER = `owner_${Math.random().toString(36).slice(2, 10)}@forgeline.com`;
const SQUATTED = `owner2_${Math.random().toString(36).slice(2, 10)}@forgeline.com`;
const CLIENT_ID = 'storefront-test.apps.example';

// The issuer must be listening before lib/core/env reads its address: app modules come after.
const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
await server.start(0, '127.0.0.1');
const issuer: OAuth2Issuer = server.issuer;
issuer.url = `http://127.0.0.1:${server.address().port}`;

let identity = { email: OWNER, name: 'Olive Owner' };
server.service.on('beforeTokenSigning', (token) => {
  token.payload.sub = createHash('sha256').update(identity.email).digest('hex').slice(0, 21);
  token.payload.aud = CLIENT_ID;
  token.payload.email = identity.email;
  token.payload.email_verified = true;
  token.payload.name = identity.name;
});
server.service.on('beforeUserinfo', (response) => {
  response.body = { ...response.body, email: identity.email, email_verified: true };
});

process.env.ADMIN_EMAILS = `${OWNER},${SQUATTED}`;
process.env.AUTH_GOOGLE_ID = CLIENT_ID;
process.env.AUTH_GOOGLE_SECRET = 'storefront-test-google-secret';
process.env.AUTH_GOOGLE_ISSUER = issuer.url;
delete process.env.AUTH_URL;
delete process.env.SMTP_URL;

const { GET: authGet, POST: authPost } = await import('@/app/api/auth/[...nextauth]/route');
const { GET: listUsersRoute } = await import('@/app/api/user/route');
const { POST: signupRoute } = await import('@/app/api/signup/route');
const { settleBackgroundWork } = await import('@/lib/core/background');
const { closeConnection } = await import('@/lib/core/db');
const { findUserByEmail } = await import('@/lib/accounts/store/users');
const { params, request, STORE_ORIGIN } = await import('../support/users');

const ORIGIN = 'http://127.0.0.1:3000';

afterAll(async () => {
  await settleBackgroundWork();
  await closeConnection();
  await server.stop();
});

/** The `name=value` part of each Set-Cookie of a response, by name. */
function cookiesOf(response: Response, into = new Map<string, string>()): Map<string, string> {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    const name = pair.slice(0, pair.indexOf('='));
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) into.delete(name);
    else into.set(name, pair);
  }
  return into;
}

const cookieHeader = (jar: Map<string, string>) => [...jar.values()].join('; ');

/** Auth.js sees the request on the store's own host, as Next.js hands it over. */
const authRequest = (
  path: string,
  jar: Map<string, string>,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) =>
  new NextRequest(`${ORIGIN}${path}`, {
    ...init,
    headers: { host: '127.0.0.1:3000', cookie: cookieHeader(jar), ...init.headers },
  });

/**
 * "Continue with Google" as the browser does it: the CSRF token, Auth.js's redirect to the
 * issuer, the issuer's redirect back with a code, and Auth.js's callback. The session cookie.
 */
async function signInWithGoogle(who: { email: string; name: string }): Promise<string | null> {
  identity = who;
  const jar = new Map<string, string>();
  const csrf = await authGet(authRequest('/api/auth/csrf', jar));
  cookiesOf(csrf, jar);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };

  const start = await authPost(
    authRequest('/api/auth/signin/google', jar, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken, callbackUrl: '/dashboard' }).toString(),
    }),
  );
  cookiesOf(start, jar);
  const authorize = start.headers.get('location')!;
  expect(authorize.startsWith(`${issuer.url}/authorize`), authorize).toBe(true);

  const atIssuer = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(atIssuer.headers.get('location')!);
  expect(back.pathname).toBe('/api/auth/callback/google');

  const callback = await authGet(authRequest(`${back.pathname}${back.search}`, jar));
  cookiesOf(callback, jar);
  expect(callback.headers.get('location') ?? '').not.toContain('error=');
  return jar.get('authjs.session-token') ?? null;
}

const listUsers = async (cookie: string) =>
  (
    await listUsersRoute(
      request('/api/user', { headers: { cookie, origin: STORE_ORIGIN } }),
      params({}),
    )
  ).status;

describe('ADMIN_EMAILS with Google sign-in', () => {
  it('a first Google sign-in with a listed address is an admin', async () => {
    const session = await signInWithGoogle({ email: OWNER, name: 'Olive Owner' });
    expect(session).toBeTruthy();
    expect(await findUserByEmail(OWNER)).toMatchObject({ role: 'admin', emailVerified: true });
    expect(await listUsers(session!)).toBe(200);
  });

  it('a listed address someone else signed up with (unverified): a Google sign-in takes it over, and the owner is admin', async () => {
    // Someone signs up first with the owner's address and a password of their own.
    const signup = await signupRoute(
      request('/api/signup', {
        method: 'POST',
        json: { name: 'Squatter', email: SQUATTED, password: 'squatter-pw' },
      }),
      params({}),
    );
    expect(signup.status).toBe(201);
    const squatted = (await findUserByEmail(SQUATTED))!;
    expect(squatted.role).toBe('user');

    // The Google identity takes the unverified account over: the squatter's password is gone.
    const session = await signInWithGoogle({ email: SQUATTED, name: 'Real Owner' });
    expect(session).toBeTruthy();
    const owner = (await findUserByEmail(SQUATTED))!;
    expect(owner).toMatchObject({ id: squatted.id, role: 'admin', hasPassword: false });
    expect(await listUsers(session!)).toBe(200);
  });
});
