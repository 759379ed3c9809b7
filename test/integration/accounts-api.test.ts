import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { settleBackgroundWork } from '@/lib/core/background';
import { closeConnection, collections, getDb } from '../support/db';
import { env } from '@/lib/core/env';
import { issueAccessToken, ACCESS_TOKEN_TTL_SECONDS } from '@/lib/accounts/token';
import { PUT as putUser, DELETE as deleteUserRoute } from '@/app/api/user/[email]/route';
import { GET as listUsersRoute } from '@/app/api/user/route';
import { PUT as makeAdminRoute } from '@/app/api/user/admin/[email]/route';
import { GET as adminRoute } from '@/app/api/admin/[email]/route';
import { GET as getDetail, PUT as putDetail } from '@/app/api/userdetail/[email]/route';
import { POST as signupRoute } from '@/app/api/signup/route';
import { POST as resetRoute } from '@/app/api/password-reset/route';
import { POST as resetConfirmRoute } from '@/app/api/password-reset/confirm/route';
import { buyersAndAdmin, createActor, params, request, type Actor } from '../support/users';

let a: Actor;
let b: Actor;
let admin: Actor;
const anonymous = { headers: {} as Record<string, string> };
const bodies: string[] = [];

async function call(response: Response | Promise<Response>) {
  const res = await response;
  const text = await res.text();
  bodies.push(text);
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  ({ a, b, admin } = await buyersAndAdmin());
});

afterAll(async () => {
  // No endpoint ever answers with a password hash.
  for (const body of bodies) {
    expect(body).not.toMatch(/scrypt\$|passwordHash/);
  }
  await settleBackgroundWork();
  await closeConnection();
});

describe('PUT /api/user/{email} (access token)', () => {
  const put = (actor: { headers: Record<string, string> }, email: string) =>
    call(
      putUser(
        request(`/api/user/${email}`, { method: 'PUT', headers: actor.headers, json: { email } }),
        params({ email }),
      ),
    );

  const withSession = (actor: Actor) => ({ headers: actor.session });

  it('anonymous 401, own 200 with a token, someone else 403 (admins too)', async () => {
    expect((await put(anonymous, a.user.email)).status).toBe(401);
    const own = await put(withSession(a), a.user.email);
    expect(own.status).toBe(200);
    expect(own.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await put(withSession(a), b.user.email)).status).toBe(403);
    expect((await put(withSession(admin), a.user.email)).status).toBe(403);
  });

  it('a bearer token cannot issue or renew a token, even its own', async () => {
    const own = await put(a, a.user.email);
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('forbidden');
    expect(own.body.token).toBeUndefined();
  });

  it('the issued token is accepted as identity', async () => {
    const { body } = await put(withSession(a), a.user.email);
    const res = await call(
      getDetail(
        request(`/api/userdetail/${a.user.email}`, {
          headers: { Authorization: `Bearer ${body.token}` },
        }),
        params({ email: a.user.email }),
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(a.user.email);
  });

  it('expired, forged, malformed and foreign-user tokens are refused', async () => {
    const expired = issueAccessToken(
      a.user,
      a.sessionId,
      Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000,
    );
    const valid = issueAccessToken(a.user, a.sessionId);
    const [head, payload, signature] = valid.split('.') as [string, string, string];
    const tamperedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        email: b.user.email,
        sub: b.user.id,
      }),
    ).toString('base64url');
    const forged = `${head}.${tamperedPayload}.${signature}`;
    const wrongSignature = `${head}.${payload}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    for (const token of [expired, forged, wrongSignature, 'not-a-token', '']) {
      const res = await put({ headers: { Authorization: `Bearer ${token}` } }, a.user.email);
      expect(res.status, token).toBe(401);
    }
    const basic = await put({ headers: { Authorization: 'Basic abc' } }, a.user.email);
    expect(basic.status).toBe(401);
  });
});

describe('GET /api/user (admin)', () => {
  it('anonymous 401, buyer 403, admin 200 without secrets', async () => {
    expect((await call(listUsersRoute(request('/api/user', anonymous), params({})))).status).toBe(
      401,
    );
    expect(
      (await call(listUsersRoute(request('/api/user', { headers: a.headers }), params({})))).status,
    ).toBe(403);
    const res = await call(
      listUsersRoute(request('/api/user', { headers: admin.headers }), params({})),
    );
    expect(res.status).toBe(200);
    const emails = res.body.map((user: { email: string }) => user.email);
    expect(emails).toEqual(expect.arrayContaining([a.user.email, b.user.email, admin.user.email]));
    for (const user of res.body)
      expect(Object.keys(user).sort()).toEqual(['_id', 'email', 'image', 'name', 'role']);
  });
});

describe('GET /api/admin/{email}', () => {
  const get = (actor: { headers: Record<string, string> }, email: string) =>
    call(adminRoute(request(`/api/admin/${email}`, { headers: actor.headers }), params({ email })));

  it('anonymous 401, own 200, someone else 403, admin may ask about anyone', async () => {
    expect((await get(anonymous, a.user.email)).status).toBe(401);
    expect(await get(a, a.user.email)).toEqual({ status: 200, body: { admin: false } });
    expect((await get(a, b.user.email)).status).toBe(403);
    expect((await get(b, admin.user.email)).status).toBe(403);
    expect(await get(admin, admin.user.email)).toEqual({ status: 200, body: { admin: true } });
    expect(await get(admin, a.user.email)).toEqual({ status: 200, body: { admin: false } });
  });
});

describe('PUT /api/user/admin/{email}', () => {
  it('anonymous 401, buyer 403, admin 200; the role counts at once', async () => {
    const target = await createActor('user');
    const put = (actor: { headers: Record<string, string> }, email = target.user.email) =>
      call(
        makeAdminRoute(
          request(`/api/user/admin/${email}`, { method: 'PUT', headers: actor.headers }),
          params({ email }),
        ),
      );
    expect((await put(anonymous)).status).toBe(401);
    expect((await put(a)).status).toBe(403);
    expect((await put(target)).status).toBe(403);
    expect((await put(admin, 'nobody_here@example.com')).status).toBe(404);
    expect(await put(admin)).toEqual({
      status: 200,
      body: { email: target.user.email, role: 'admin' },
    });
    // The old token of the promoted user now reaches admin endpoints: role comes from the database.
    expect(
      (await call(listUsersRoute(request('/api/user', { headers: target.headers }), params({}))))
        .status,
    ).toBe(200);
  });
});

describe('DELETE /api/user/{email} (Remove User)', () => {
  const del = (actor: { headers: Record<string, string> }, email: string) =>
    call(
      deleteUserRoute(
        request(`/api/user/${email}`, { method: 'DELETE', headers: actor.headers }),
        params({ email }),
      ),
    );

  it('anonymous 401, buyer 403, admin removes another user; the removed user is signed out', async () => {
    const target = await createActor('user');
    expect((await del(anonymous, target.user.email)).status).toBe(401);
    expect((await del(a, target.user.email)).status).toBe(403);
    expect((await del(admin, target.user.email)).status).toBe(200);
    expect(await collections(await getDb()).users.findOne({ email: target.user.email })).toBeNull();
    expect((await del(admin, target.user.email)).status).toBe(404);
    const after = await call(
      getDetail(
        request(`/api/userdetail/${target.user.email}`, { headers: target.headers }),
        params({ email: target.user.email }),
      ),
    );
    expect(after.status).toBe(401);
  });

  it('never yourself, never the last admin', async () => {
    expect((await del(admin, admin.user.email)).status).toBe(409);
    const users = collections(await getDb()).users;
    // Leave exactly one admin, then let a second admin try to remove it.
    await users.updateMany({ email: { $ne: admin.user.email } }, { $set: { role: 'user' } });
    const second = await createActor('admin');
    expect((await del(second, admin.user.email)).status).toBe(200);
    const third = await createActor('user');
    await users.updateOne({ email: third.user.email }, { $set: { role: 'admin' } });
    await users.updateOne({ email: second.user.email }, { $set: { role: 'user' } });
    // third is now the only admin; second is no longer an admin and cannot act.
    expect((await del(second, third.user.email)).status).toBe(403);
    admin = third;
  });
});

describe('PUT /api/userdetail/{email} (My Profile)', () => {
  const details = {
    education: 'BSc Mechanical Engineering',
    location: 'Leeds',
    link: 'https://example.com/me',
  };
  const put = (actor: { headers: Record<string, string> }, email: string, json: unknown) =>
    call(
      putDetail(
        request(`/api/userdetail/${email}`, { method: 'PUT', headers: actor.headers, json }),
        params({ email }),
      ),
    );

  it('anonymous 401, own 200 and saved, someone else 403 (admins too)', async () => {
    const body = { name: 'Buyer A Renamed', email: a.user.email, ...details };
    expect((await put(anonymous, a.user.email, body)).status).toBe(401);
    expect((await put(b, a.user.email, body)).status).toBe(403);
    expect((await put(admin, a.user.email, body)).status).toBe(403);
    // The business fields answer '' while none were given.
    const answered = { ...body, company: '', taxId: '' };
    expect(await put(a, a.user.email, body)).toEqual({ status: 200, body: answered });
    const saved = await call(
      getDetail(
        request(`/api/userdetail/${a.user.email}`, { headers: a.headers }),
        params({ email: a.user.email }),
      ),
    );
    expect(saved.body).toEqual(answered);
  });

  it.each([
    ['missing fields', { name: 'A' }],
    ['wrong types', { name: 1, email: 'x', education: [], location: {}, link: 5 }],
    [
      'operator objects',
      { name: { $gt: '' }, email: 'x', education: 'e', location: 'l', link: 'https://x.io' },
    ],
    [
      'extra fields',
      { name: 'A', email: 'x', education: 'e', location: 'l', link: 'https://x.io', role: 'admin' },
    ],
    [
      'a non-web link',
      { name: 'A', email: 'x', education: 'e', location: 'l', link: 'javascript:alert(1)' },
    ],
  ])('refuses %s with 422 and changes nothing', async (_label, body) => {
    const before = await collections(await getDb()).users.findOne({ email: b.user.email });
    const res = await put(b, b.user.email, body);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.fields).toBeTypeOf('object');
    const after = await collections(await getDb()).users.findOne({ email: b.user.email });
    expect(after).toEqual(before);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await call(
      putDetail(
        request(`/api/userdetail/${b.user.email}`, {
          method: 'PUT',
          headers: { ...b.headers, 'Content-Type': 'application/json' },
          body: '{oops',
        }),
        params({ email: b.user.email }),
      ),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });
});

describe('POST /api/signup', () => {
  const signup = (json: unknown, ip: string) =>
    call(
      signupRoute(
        request('/api/signup', { method: 'POST', json, headers: { 'x-forwarded-for': ip } }),
        params({}),
      ),
    );

  it('creates an account once, refuses duplicates and bad input', async () => {
    const email = `new_${Date.now()}@example.com`;
    const created = await signup({ name: 'New Buyer', email, password: 'secret12' }, '203.0.113.1');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), email, name: 'New Buyer' });
    const stored = await collections(await getDb()).users.findOne({ email });
    expect(stored?.passwordHash).toMatch(/^scrypt\$/);
    expect(stored?.passwordHash).not.toContain('secret12');

    const duplicate = await signup(
      { name: 'Again', email: email.toUpperCase(), password: 'secret12' },
      '203.0.113.1',
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.details.fields.email).toBeDefined();

    const invalid = await signup({ name: '', email: 'bad', password: '1' }, '203.0.113.1');
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.details.fields).toEqual({
      name: ['Name is Required'],
      email: ['Provide a valid Email'],
      password: ['Must be 6 characters to longer'],
    });
  });

  it('limits sign-ups per IP with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (
          await signup(
            { name: 'Flood', email: `flood${i}_${Date.now()}@example.com`, password: 'secret12' },
            '203.0.113.99',
          )
        ).status,
      );
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await signup(
      { name: 'Flood', email: `late_${Date.now()}@example.com`, password: 'secret12' },
      '203.0.113.99',
    );
    expect(limited.body.error).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(/Too many requests/),
      details: { retryAfter: expect.any(Number) },
    });
  });
});

describe('password reset', () => {
  const ask = (email: string, ip = '203.0.113.50') =>
    call(
      resetRoute(
        request('/api/password-reset', {
          method: 'POST',
          json: { email },
          headers: { 'x-forwarded-for': ip },
        }),
        params({}),
      ),
    );
  const confirm = (token: string, password: string) =>
    call(
      resetConfirmRoute(
        request('/api/password-reset/confirm', { method: 'POST', json: { token, password } }),
        params({}),
      ),
    );
  const outbox = () => path.join(env.DATA_DIR, 'outbox');
  const mails = () =>
    fs.existsSync(outbox())
      ? fs.readdirSync(outbox()).map((file) => fs.readFileSync(path.join(outbox(), file), 'utf8'))
      : [];

  it('answers the same whether or not the account exists, and mails a single-use link', async () => {
    const target = await createActor('user');
    const before = mails().length;
    const known = await ask(target.user.email);
    const unknown = await ask(`nobody_${Date.now()}@example.com`);
    expect(known).toEqual(unknown);
    expect(known).toEqual({ status: 200, body: { ok: true } });
    // The mail is sent after the answer, so both answers take the same time.
    const sent = await vi.waitFor(() => {
      const found = mails()
        .slice(before)
        .find((mail) => mail.includes(target.user.email));
      if (!found) throw new Error('no reset mail yet');
      return found;
    });
    const token = /reset-password\?token=3D([\w-]+)|reset-password\?token=([\w-]+)/.exec(
      sent!.replace(/=\r?\n/g, ''),
    );
    const value = token?.[1] ?? token?.[2];
    expect(value).toBeTruthy();

    const stored = await collections(await getDb()).passwordResets.findOne({});
    expect(JSON.stringify(stored)).not.toContain(value!);

    expect((await confirm(value!, '12')).status).toBe(422);
    expect(await confirm(value!, 'brand-new-pw')).toEqual({ status: 200, body: { ok: true } });
    expect((await confirm(value!, 'another-pw')).status).toBe(400);

    const { findCredentials } = await import('@/lib/accounts/store/users');
    const { verifyPassword } = await import('@/lib/accounts/password');
    const creds = await findCredentials(target.user.email);
    expect(await verifyPassword('brand-new-pw', creds!.passwordHash)).toBe(true);
  });

  it('refuses expired tokens', async () => {
    const target = await createActor('user');
    const { createPasswordReset } = await import('@/lib/accounts/store/password-resets');
    const token = await createPasswordReset(
      target.user.id,
      new Date(Date.now() - 2 * 60 * 60 * 1000),
    );
    expect((await confirm(token, 'brand-new-pw')).status).toBe(400);
  });

  it('limits reset requests per email with 429', async () => {
    const target = await createActor('user');
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await ask(target.user.email, `203.0.113.${60 + i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
