import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it, vi } from 'vitest';

// The store's owner address, listed before the environment is read.
const OWNER = vi.hoisted(() => {
  const owner = `owner_${Math.random().toString(36).slice(2, 10)}@forgeline.com`;
  process.env.ADMIN_EMAILS = owner;
  delete process.env.SMTP_URL;
  delete process.env.AUTH_URL;
  return owner;
});

import { GET as authGet, POST as authPost } from '@/app/api/auth/[...nextauth]/route';
import { POST as signupRoute } from '@/app/api/signup/route';
import { GET as verifyLink, POST as verifyResend } from '@/app/api/verify-email/route';
import { POST as resetConfirmRoute } from '@/app/api/password-reset/confirm/route';
import { PUT as putUser } from '@/app/api/user/[email]/route';
import { GET as listUsersRoute } from '@/app/api/user/route';
import { GET as getDetail } from '@/app/api/userdetail/[email]/route';
import CompletePage from '@/app/auth/complete/page';
import LoginPage from '@/app/login/page';
import { proxy } from '@/proxy';
import { settleBackgroundWork } from '@/lib/core/background';
import { createPasswordReset } from '@/lib/accounts/store/password-resets';
import { findUserByEmail } from '@/lib/accounts/store/users';
import { closeConnection, collections, getDb } from '../support/db';
import { env } from '@/lib/core/env';
import { hostile, ordinary } from '../support/redirects';
import { createActor, params, request, sessionHeaders, STORE_ORIGIN } from '../support/users';

afterAll(async () => {
  await settleBackgroundWork();
  await closeConnection();
});

const ORIGIN = 'http://127.0.0.1:3000';
let ipCounter = 0;
/** A new client address for each request: the per-email limit must hold whatever the IP. */
const freshIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

/** Every mail in the local outbox for `to`, newest last. */
function outboxMailsTo(to: string): string[] {
  const dir = path.join(env.DATA_DIR, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => fs.readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, ''))
    .filter((mail) => mail.toLowerCase().includes(`to: ${to}`));
}

async function verificationToken(email: string): Promise<string> {
  return vi.waitFor(() => {
    const mail = outboxMailsTo(email).at(-1);
    const token = mail && /verify-email\?token=3D([\w-]+)|verify-email\?token=([\w-]+)/.exec(mail);
    if (!token) throw new Error('no verification mail yet');
    return (token[1] ?? token[2])!;
  });
}

const signup = (email: string, password = 'secret12') =>
  signupRoute(
    request('/api/signup', {
      method: 'POST',
      json: { name: 'Owner', email, password },
      headers: { 'x-forwarded-for': freshIp() },
    }),
    params({}),
  );

const openVerificationLink = (token: string) =>
  verifyLink(
    request(`/api/verify-email?token=${token}`, { headers: { host: '127.0.0.1:3000' } }),
    params({}),
  );

describe('ADMIN_EMAILS promotes only a proven owner, never by verification alone', () => {
  it('a sign-up with a listed address stays a buyer once its link is opened; a password reset makes it admin', async () => {
    // Someone signs up first with the owner's address and a password of their own.
    expect((await signup(OWNER, 'squatter-pw')).status).toBe(201);
    const before = await findUserByEmail(OWNER);
    expect(before).toMatchObject({ role: 'user', emailVerified: false });
    const squatter = await sessionHeaders(before!);
    const asBuyer = await listUsersRoute(request('/api/user', { headers: squatter }), params({}));
    expect(asBuyer.status).toBe(403);

    // The mailbox's owner opens the verification link: the email is verified, and the account
    // (whose password someone else may have chosen) is still a buyer.
    const token = await verificationToken(OWNER);
    const stored = await collections(await getDb()).emailVerifications.findOne({
      email: OWNER,
    });
    expect(stored?.tokenHash).toBeTruthy();
    expect(JSON.stringify(stored)).not.toContain(token);

    const opened = await openVerificationLink(token);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`${ORIGIN}/dashboard?verified=1`);
    const verified = await findUserByEmail(OWNER);
    expect(verified).toMatchObject({ role: 'user', emailVerified: true });
    for (const headers of [squatter, await sessionHeaders(verified!)]) {
      const stillBuyer = await listUsersRoute(request('/api/user', { headers }), params({}));
      expect(stillBuyer.status).toBe(403);
    }

    // The link is single-use.
    const again = await openVerificationLink(token);
    expect(again.headers.get('location')).toBe(`${ORIGIN}/dashboard?verified=invalid`);

    // A password reset through the mailbox proves both: admin now, and the squatter's session
    // and password are over.
    const reset = await resetConfirmRoute(
      request('/api/password-reset/confirm', {
        method: 'POST',
        json: { token: await createPasswordReset(verified!.id), password: 'owners-own-pw' },
      }),
      params({}),
    );
    expect(reset.status).toBe(200);
    const after = await findUserByEmail(OWNER);
    expect(after).toMatchObject({ role: 'admin', emailVerified: true });
    const asAdmin = await listUsersRoute(
      request('/api/user', { headers: await sessionHeaders(after!) }),
      params({}),
    );
    expect(asAdmin.status).toBe(200);
    const oldSession = await listUsersRoute(
      request('/api/user', { headers: squatter }),
      params({}),
    );
    expect(oldSession.status).toBe(401);
  });

  it('an expired or unknown link verifies nothing', async () => {
    const email = `late_${randomBytes(4).toString('hex')}@example.com`;
    expect((await signup(email)).status).toBe(201);
    const user = (await findUserByEmail(email))!;
    const { createEmailVerification } = await import('@/lib/accounts/store/email-verifications');
    const old = await createEmailVerification(user, new Date(Date.now() - 25 * 60 * 60 * 1000));
    for (const token of [old, 'x'.repeat(43), 'short']) {
      const opened = await openVerificationLink(token);
      expect(opened.headers.get('location')).toBe(`${ORIGIN}/dashboard?verified=invalid`);
    }
    expect((await findUserByEmail(email))?.emailVerified).toBe(false);
  });

  it('"send again" mails a new link to the signed-in person, at most 3 an hour', async () => {
    const actor = await createActor('user');
    const resend = async (headers: Record<string, string>) =>
      (await verifyResend(request('/api/verify-email', { method: 'POST', headers }), params({})))
        .status;
    expect(await resend({})).toBe(401);
    expect([
      await resend(actor.session),
      await resend(actor.session),
      await resend(actor.session),
      await resend(actor.session),
    ]).toEqual([200, 200, 200, 429]);
    expect(outboxMailsTo(actor.user.email)).toHaveLength(3);
    await openVerificationLink(await verificationToken(actor.user.email));
    expect(await resend(actor.session)).toBe(409);
  });
});

/** Auth.js's CSRF token and cookie, as the login form gets them. */
async function csrf(): Promise<{ token: string; cookie: string }> {
  const response = await authGet(
    new NextRequest(`${ORIGIN}/api/auth/csrf`, { headers: { host: '127.0.0.1:3000' } }),
  );
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { token: csrfToken, cookie };
}

type Encoding = 'form' | 'json' | 'repeated';

/** POST /api/auth/callback/credentials as a browser or a script would send it. */
async function signInAttempt(email: string, password: string, encoding: Encoding) {
  const { token, cookie } = await csrf();
  const headers: Record<string, string> = {
    host: '127.0.0.1:3000',
    cookie,
    'x-forwarded-for': freshIp(),
    'X-Auth-Return-Redirect': '1',
  };
  let body: string;
  if (encoding === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify({ email, password, csrfToken: token, callbackUrl: '/' });
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    const form = new URLSearchParams({ csrfToken: token, callbackUrl: '/' });
    // A decoy first: Auth.js takes the last of repeated fields, and so must the limit.
    if (encoding === 'repeated') form.append('email', `decoy_${ipCounter}@example.com`);
    form.append('email', email);
    form.append('password', password);
    body = form.toString();
  }
  const response = await authPost(
    new NextRequest(`${ORIGIN}/api/auth/callback/credentials`, { method: 'POST', headers, body }),
  );
  const json = (await response.json()) as { url?: string; error?: { code: string } };
  const signedIn =
    response.status === 200 &&
    !json.url?.includes('error=') &&
    response.headers.getSetCookie().some((line) => line.startsWith('authjs.session-token='));
  return { status: response.status, body: json, signedIn, response };
}

describe('the sign-in limit holds whatever the body looks like', () => {
  it.each<Encoding>(['form', 'json', 'repeated'])(
    '%s bodies: 10 failures, then 429, and the right password is refused while limited',
    async (encoding) => {
      const victim = await createActor('user');
      const good = await signInAttempt(victim.user.email, victim.password, encoding);
      expect(good.signedIn).toBe(true);
      for (let i = 0; i < 10; i++) {
        const wrong = await signInAttempt(victim.user.email, `wrong-${i}-pw`, encoding);
        expect(wrong.status, `attempt ${i + 1}`).toBe(200);
        expect(wrong.body.url).toContain('error=CredentialsSignin');
        expect(wrong.signedIn).toBe(false);
      }
      const limited = await signInAttempt(victim.user.email, 'wrong-again', encoding);
      expect(limited.status).toBe(429);
      expect(limited.body.error?.code).toBe('rate_limited');
      expect(limited.body.url).toContain('code=rate_limited');

      const correct = await signInAttempt(victim.user.email, victim.password, encoding);
      expect(correct.status).toBe(429);
      expect(correct.signedIn).toBe(false);
    },
  );

  it('a password reset lets the owner in at once', async () => {
    const victim = await createActor('user');
    for (let i = 0; i < 11; i++) await signInAttempt(victim.user.email, `wrong-${i}`, 'form');
    expect((await signInAttempt(victim.user.email, victim.password, 'form')).status).toBe(429);
    const token = await createPasswordReset(victim.user.id);
    await resetConfirmRoute(
      request('/api/password-reset/confirm', {
        method: 'POST',
        json: { token, password: 'a-new-password' },
      }),
      params({}),
    );
    expect((await signInAttempt(victim.user.email, 'a-new-password', 'form')).signedIn).toBe(true);
  });
});

describe('sessions and tokens end', () => {
  const detail = (email: string, headers: Record<string, string>) =>
    getDetail(request(`/api/userdetail/${email}`, { headers }), params({ email }));

  it('a session and a bearer token issued before a password reset are refused after it', async () => {
    const actor = await createActor('user');
    // A real session cookie from Auth.js, and a token issued with it.
    const signedIn = await signInAttempt(actor.user.email, actor.password, 'form');
    const cookie = signedIn.response.headers
      .getSetCookie()
      .find((line) => line.startsWith('authjs.session-token='))!
      .split(';')[0]!;
    // From the store's own page, as the browser sends it (Origin).
    const issued = await putUser(
      request(`/api/user/${actor.user.email}`, {
        method: 'PUT',
        headers: { cookie, origin: STORE_ORIGIN },
      }),
      params({ email: actor.user.email }),
    );
    expect(issued.status).toBe(200);
    const bearer = {
      Authorization: `Bearer ${((await issued.json()) as { token: string }).token}`,
    };
    expect((await detail(actor.user.email, { cookie })).status).toBe(200);
    expect((await detail(actor.user.email, bearer)).status).toBe(200);

    const token = await createPasswordReset(actor.user.id);
    const reset = await resetConfirmRoute(
      request('/api/password-reset/confirm', {
        method: 'POST',
        json: { token, password: 'after-the-reset' },
      }),
      params({}),
    );
    expect(reset.status).toBe(200);

    expect((await detail(actor.user.email, { cookie })).status).toBe(401);
    expect((await detail(actor.user.email, bearer)).status).toBe(401);
    // Auth.js's own session read ends it too (pages and the proxy use that one).
    const session = await authGet(
      new NextRequest(`${ORIGIN}/api/auth/session`, {
        headers: { host: '127.0.0.1:3000', cookie },
      }),
    );
    expect(await session.json()).toBeNull();
    // A new sign-in works.
    const again = await signInAttempt(actor.user.email, 'after-the-reset', 'form');
    expect(again.signedIn).toBe(true);
  });

  it('a session older than its lifetime is refused even when used every day', async () => {
    const actor = await createActor('user');
    const eightDaysAgo = Math.floor(Date.now() / 1000) - 8 * 24 * 60 * 60;
    const stale = await sessionHeaders(actor.user, eightDaysAgo);
    expect((await detail(actor.user.email, actor.session)).status).toBe(200);
    expect((await detail(actor.user.email, stale)).status).toBe(401);
  });

  it('a bearer token cannot renew itself', async () => {
    const actor = await createActor('user');
    const renewed = await putUser(
      request(`/api/user/${actor.user.email}`, { method: 'PUT', headers: actor.headers }),
      params({ email: actor.user.email }),
    );
    expect(renewed.status).toBe(403);
  });
});

describe('safe redirects', () => {
  it('the proxy sends a signed-in person on /login to the safe path only', async () => {
    const actor = await createActor('user');
    const redirectFor = async (callbackUrl: string) => {
      const url = new URL(`${ORIGIN}/login`);
      url.searchParams.set('callbackUrl', callbackUrl);
      // As Next.js passes them: the Host and the protocol it was served on.
      const headers = { ...actor.session, host: '127.0.0.1:3000', 'x-forwarded-proto': 'http' };
      const response = (await proxy(new NextRequest(url, { headers }), {} as never)) as Response;
      return response.headers.get('location') ?? `no redirect (${response.status})`;
    };
    for (const value of hostile)
      expect(await redirectFor(value), value).toMatch(/^http:\/\/[^/]+\/$/);
    for (const value of ordinary) {
      const location = new URL((await redirectFor(value))!);
      expect(location.pathname + location.search).toBe(value);
    }
  });

  it('the login page and the sign-in completion use the same rule', async () => {
    for (const value of [...hostile, ...ordinary]) {
      const expected = ordinary.includes(value) ? value : '/';
      const login = await LoginPage({ searchParams: Promise.resolve({ callbackUrl: value }) });
      expect(login.props.children.props.callbackPath, value).toBe(expected);
      const complete = await CompletePage({
        searchParams: Promise.resolve({ callbackUrl: value }),
      });
      expect(complete.props.callbackPath, value).toBe(expected);
    }
  });
});
