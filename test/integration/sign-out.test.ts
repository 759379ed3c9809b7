import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  delete process.env.AUTH_URL;
  delete process.env.SMTP_URL;
});

import { GET as authGet, POST as authPost } from '@/app/api/auth/[...nextauth]/route';
import { DELETE as signOutEverywhereRoute } from '@/app/api/sessions/route';
import { PUT as putUser } from '@/app/api/user/[email]/route';
import { GET as getDetail } from '@/app/api/userdetail/[email]/route';
import { proxy } from '@/proxy';
import { SESSION_MAX_AGE_SECONDS } from '@/lib/accounts/claims';
import { ACCESS_TOKEN_TTL_SECONDS } from '@/lib/accounts/token';
import { settleBackgroundWork } from '@/lib/core/background';
import { closeConnection, collections, getDb } from '../support/db';
import { makeUser, type TestUser } from '../support/factories';
import { params, request, STORE_ORIGIN } from '../support/users';

/**
 * Signing out ends the session on the server, not only in the browser: a copy of the session
 * cookie taken before (another device, a stolen cookie) and every access token issued with it
 * are refused afterwards, by the API, by Auth.js's own session read (pages) and by the proxy.
 * "Sign out everywhere" ends every session and token of the account.
 */

const ORIGIN = 'http://127.0.0.1:3000';
let ipCounter = 0;
const freshIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`;

afterAll(async () => {
  await settleBackgroundWork();
  await closeConnection();
});

const cookiePair = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${name}=`))
    ?.split(';')[0];

/** Auth.js's CSRF token and cookie, as the login form gets them. */
async function csrf(): Promise<{ token: string; cookie: string }> {
  const response = await authGet(
    new NextRequest(`${ORIGIN}/api/auth/csrf`, { headers: { host: '127.0.0.1:3000' } }),
  );
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  return { token: csrfToken, cookie: cookiePair(response, 'authjs.csrf-token')! };
}

/** Signs in with the password as the login form does: the session cookie (`name=value`). */
async function signIn(user: TestUser): Promise<string> {
  const { token, cookie } = await csrf();
  const response = await authPost(
    new NextRequest(`${ORIGIN}/api/auth/callback/credentials`, {
      method: 'POST',
      headers: {
        host: '127.0.0.1:3000',
        cookie,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': freshIp(),
        'X-Auth-Return-Redirect': '1',
      },
      body: new URLSearchParams({
        email: user.email,
        password: user.password,
        csrfToken: token,
        callbackUrl: '/',
      }).toString(),
    }),
  );
  const session = cookiePair(response, 'authjs.session-token');
  expect(session, 'signed in').toBeTruthy();
  return session!;
}

/** The Sign Out of the navigation bar: Auth.js's sign-out with the session cookie. */
async function signOut(session: string): Promise<Response> {
  const { token, cookie } = await csrf();
  return authPost(
    new NextRequest(`${ORIGIN}/api/auth/signout`, {
      method: 'POST',
      headers: {
        host: '127.0.0.1:3000',
        cookie: `${cookie}; ${session}`,
        'content-type': 'application/x-www-form-urlencoded',
        'X-Auth-Return-Redirect': '1',
      },
      body: new URLSearchParams({ csrfToken: token, callbackUrl: '/' }).toString(),
    }),
  );
}

/** An access token issued with this session (PUT /api/user/{email}), as a bearer header. */
async function tokenOf(user: TestUser, session: string): Promise<Record<string, string>> {
  const response = await putUser(
    request(`/api/user/${user.email}`, {
      method: 'PUT',
      headers: { cookie: session, origin: STORE_ORIGIN },
    }),
    params({ email: user.email }),
  );
  expect(response.status).toBe(200);
  return { Authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
}

/** GET /api/userdetail/{email}: the API's answer to this credential. */
async function apiStatus(user: TestUser, headers: Record<string, string>): Promise<number> {
  const response = await getDetail(
    request(`/api/userdetail/${user.email}`, { headers }),
    params({ email: user.email }),
  );
  return response.status;
}

/** Auth.js's session read, which pages and the proxy use: the email signed in, or null. */
async function sessionEmail(session: string): Promise<string | null> {
  const response = await authGet(
    new NextRequest(`${ORIGIN}/api/auth/session`, {
      headers: { host: '127.0.0.1:3000', cookie: session },
    }),
  );
  const body = (await response.json()) as { user?: { email?: string } } | null;
  return body?.user?.email ?? null;
}

/** Where the proxy sends a request for My Profile with this cookie (null: it lets it through). */
async function profilePageRedirect(session: string): Promise<string | null> {
  const response = (await proxy(
    new NextRequest(`${ORIGIN}/dashboard`, {
      headers: { cookie: session, host: '127.0.0.1:3000', 'x-forwarded-proto': 'http' },
    }),
    {} as never,
  )) as Response;
  return response.headers.get('location');
}

async function expectSignedIn(user: TestUser, session: string, bearer?: Record<string, string>) {
  expect(await apiStatus(user, { cookie: session })).toBe(200);
  if (bearer) expect(await apiStatus(user, bearer)).toBe(200);
  expect(await sessionEmail(session)).toBe(user.email);
  expect(await profilePageRedirect(session)).toBeNull();
}

async function expectRefused(user: TestUser, session: string, bearer?: Record<string, string>) {
  expect(await apiStatus(user, { cookie: session })).toBe(401);
  if (bearer) expect(await apiStatus(user, bearer)).toBe(401);
  expect(await sessionEmail(session)).toBeNull();
  expect(await profilePageRedirect(session)).toMatch(/\/login\?callbackUrl=%2Fdashboard$/);
}

describe('signing out ends the session on the server', () => {
  it('a copy of the cookie, and a token issued with it, are refused after sign-out', async () => {
    const user = await makeUser();
    const copied = await signIn(user);
    const bearer = await tokenOf(user, copied);
    await expectSignedIn(user, copied, bearer);

    const signedOut = await signOut(copied);
    expect(signedOut.status).toBe(200);
    // The browser's cookie is cleared, as before.
    expect(
      signedOut.headers.getSetCookie().some((line) => /^authjs\.session-token=;/.test(line)),
    ).toBe(true);

    // Whoever kept a copy of the cookie, or the token, is signed out too.
    await expectRefused(user, copied, bearer);

    // The sign-out is recorded until neither the session nor a token issued at its last moment
    // could still be valid; expiry is checked in the query, the TTL index only cleans up.
    const { sessionRevocations } = collections(await getDb());
    const [record] = await sessionRevocations
      .find({})
      .toArray()
      .then((all) => all.filter((doc) => doc.userId.toHexString() === user.id));
    const signedInAt = (record!.revokedAt.getTime() / 1000) | 0;
    const lifetime = (record!.expiresAt.getTime() / 1000 - signedInAt) | 0;
    expect(lifetime).toBeGreaterThan(SESSION_MAX_AGE_SECONDS + ACCESS_TOKEN_TTL_SECONDS - 120);
    expect(lifetime).toBeLessThanOrEqual(SESSION_MAX_AGE_SECONDS + ACCESS_TOKEN_TTL_SECONDS);
    const indexes = await sessionRevocations.indexes();
    expect(indexes).toContainEqual(
      expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }),
    );

    // A new sign-in works.
    await expectSignedIn(user, await signIn(user));
  });

  it("signing out ends that session only: the person's other sessions go on", async () => {
    const user = await makeUser();
    const laptop = await signIn(user);
    const phone = await signIn(user);
    const phoneToken = await tokenOf(user, phone);
    await signOut(laptop);
    await expectRefused(user, laptop);
    await expectSignedIn(user, phone, phoneToken);
  });

  it('a sign-out that is sent twice, or with a session already ended, changes nothing more', async () => {
    const user = await makeUser();
    const session = await signIn(user);
    expect((await signOut(session)).status).toBe(200);
    expect((await signOut(session)).status).toBe(200);
    await expectRefused(user, session);
  });
});

describe('"Sign out everywhere" (DELETE /api/sessions)', () => {
  const everywhere = (headers: Record<string, string>) =>
    signOutEverywhereRoute(
      request('/api/sessions', { method: 'DELETE', headers: { origin: STORE_ORIGIN, ...headers } }),
      params({}),
    );

  it('ends every session and token of the account, this one included, and clears its cookie', async () => {
    const user = await makeUser();
    const other = await makeUser();
    const laptop = await signIn(user);
    const phone = await signIn(user);
    const phoneToken = await tokenOf(user, phone);
    const someoneElse = await signIn(other);

    const answer = await everywhere({ cookie: laptop });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    expect(
      answer.headers.getSetCookie().some((line) => /^authjs\.session-token=;/.test(line)),
    ).toBe(true);

    await expectRefused(user, laptop);
    await expectRefused(user, phone, phoneToken);
    // Nobody else is signed out.
    await expectSignedIn(other, someoneElse);
    // Signing in again works.
    await expectSignedIn(user, await signIn(user));
  });

  it('needs the session cookie: 401 without one, 403 with an access token, refused from another site', async () => {
    const user = await makeUser();
    const session = await signIn(user);
    const bearer = await tokenOf(user, session);
    expect((await everywhere({})).status).toBe(401);
    expect((await everywhere(bearer)).status).toBe(403);
    expect((await everywhere({ cookie: session, origin: 'https://evil.example' })).status).toBe(
      403,
    );
    await expectSignedIn(user, session, bearer);
  });
});
