import { NextRequest } from 'next/server';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// An owner address in ADMIN_EMAILS, listed before the environment is read.
const OWNER = vi.hoisted(() => {
  const owner = `owner_${Math.random().toString(36).slice(2, 10)}@forgeline.com`;
  process.env.ADMIN_EMAILS = owner;
  delete process.env.AUTH_URL;
  return owner;
});

import { GET as authGet } from '@/app/api/auth/[...nextauth]/route';
import { DELETE as removeUserRoute } from '@/app/api/user/[email]/route';
import { DELETE as demoteRoute, PUT as makeAdminRoute } from '@/app/api/user/admin/[email]/route';
import { GET as listUsersRoute } from '@/app/api/user/route';
import { GET as adminCheckRoute } from '@/app/api/admin/[email]/route';
import { proxy } from '@/proxy';
import { settleBackgroundWork } from '@/lib/core/background';
import { closeConnection, collections, getDb } from '../support/db';
import {
  createPasswordUser,
  findUserById,
  markEmailVerified,
  resetPassword,
  roleOf,
} from '@/lib/accounts/store/users';
import { ROLE_CHANGE_STALE_MS } from '@/lib/accounts/store/admin-roles';
import { newSessionId } from '@/lib/accounts/claims';
import { issueAccessToken } from '@/lib/accounts/token';
import { createActor, params, request, sessionHeaders, type Actor } from '../support/users';

const ORIGIN = 'http://127.0.0.1:3000';
/** Rounds of each race: each with fresh users and nothing else in the users collection. */
const ROUNDS = 20;
const RING_ROUNDS = 10;
/** Each round signs up fresh users (scrypt hashing): generous on a busy machine. */
const RACE_TIMEOUT_MS = 180_000;

type Caller = { headers: Record<string, string> };

async function call(response: Response | Promise<Response>) {
  const res = await response;
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const removeUser = (actor: Caller, email: string) =>
  call(
    removeUserRoute(
      request(`/api/user/${email}`, { method: 'DELETE', headers: actor.headers }),
      params({ email }),
    ),
  );

const demote = (actor: Caller, email: string) =>
  call(
    demoteRoute(
      request(`/api/user/admin/${email}`, { method: 'DELETE', headers: actor.headers }),
      params({ email }),
    ),
  );

const promote = (actor: Caller, email: string) =>
  call(
    makeAdminRoute(
      request(`/api/user/admin/${email}`, { method: 'PUT', headers: actor.headers }),
      params({ email }),
    ),
  );

const listUsers = (actor: Caller) =>
  call(listUsersRoute(request('/api/user', { headers: actor.headers }), params({})));

async function users() {
  return collections(await getDb()).users;
}

/** Admins as the store counts them (stored role, or ADMIN_EMAILS once proven). */
async function adminEmails(): Promise<string[]> {
  const docs = await (await users()).find({}).toArray();
  return docs.filter((doc) => roleOf(doc) === 'admin').map((doc) => doc.email);
}

/** Every role-change mark still in the collection (none once the requests have answered). */
async function marksLeft(): Promise<number> {
  return (await users()).countDocuments({ roleChange: { $exists: true } });
}

/** A store whose only users are `count` new admins. */
async function onlyAdmins(count: number): Promise<Actor[]> {
  await (await users()).deleteMany({});
  return Promise.all(Array.from({ length: count }, () => createActor('admin')));
}

/**
 * The owner account named in ADMIN_EMAILS (admin by configuration only): verified, and its
 * password set through a reset link, which proves the mailbox and the password together.
 */
async function ownerActor(): Promise<Caller & { email: string }> {
  const result = await createPasswordUser({ name: 'Owner', email: OWNER, password: 'owner-pw' });
  if (!result.ok) throw new Error(result.reason);
  const created = result.user;
  await markEmailVerified(created.id, OWNER);
  await resetPassword(created.id, 'owner-pw');
  const user = (await findUserById(created.id))!;
  expect(user.role).toBe('admin');
  const token = issueAccessToken(user, newSessionId());
  return { email: OWNER, headers: { Authorization: `Bearer ${token}` } };
}

const allowed = [200, 401, 403, 409];

afterAll(async () => {
  await settleBackgroundWork();
  await closeConnection();
});

beforeEach(async () => {
  await (await users()).deleteMany({});
});

describe('two admins acting on each other at the same moment', () => {
  it(
    `removing each other always leaves an admin (${ROUNDS} rounds)`,
    { timeout: RACE_TIMEOUT_MS },
    async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const [a, b] = (await onlyAdmins(2)) as [Actor, Actor];
        const answers = await Promise.all([
          removeUser(a, b.user.email),
          removeUser(b, a.user.email),
        ]);
        for (const answer of answers) expect(allowed).toContain(answer.status);
        expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
        expect((await adminEmails()).length, `round ${round}`).toBeGreaterThanOrEqual(1);
        expect(await marksLeft()).toBe(0);
      }
    },
  );

  it(
    `demoting each other always leaves an admin (${ROUNDS} rounds)`,
    { timeout: RACE_TIMEOUT_MS },
    async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const [a, b] = (await onlyAdmins(2)) as [Actor, Actor];
        const answers = await Promise.all([demote(a, b.user.email), demote(b, a.user.email)]);
        for (const answer of answers) expect(allowed).toContain(answer.status);
        expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
        expect((await adminEmails()).length, `round ${round}`).toBeGreaterThanOrEqual(1);
        expect(await marksLeft()).toBe(0);
      }
    },
  );

  it(
    `both demoting themselves at once always leaves an admin (${ROUNDS} rounds)`,
    { timeout: RACE_TIMEOUT_MS },
    async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const [a, b] = (await onlyAdmins(2)) as [Actor, Actor];
        const answers = await Promise.all([demote(a, a.user.email), demote(b, b.user.email)]);
        for (const answer of answers) expect(allowed).toContain(answer.status);
        expect((await adminEmails()).length, `round ${round}`).toBeGreaterThanOrEqual(1);
        expect(await marksLeft()).toBe(0);
      }
    },
  );

  it(
    `a ring of three, removing and demoting one another at once, always leaves an admin (${RING_ROUNDS} rounds)`,
    { timeout: RACE_TIMEOUT_MS },
    async () => {
      for (let round = 0; round < RING_ROUNDS; round += 1) {
        const [x, y, z] = (await onlyAdmins(3)) as [Actor, Actor, Actor];
        const ring = await Promise.all([
          removeUser(x, y.user.email),
          demote(y, z.user.email),
          removeUser(z, x.user.email),
        ]);
        for (const answer of ring) expect(allowed).toContain(answer.status);
        expect((await adminEmails()).length, `round ${round}`).toBeGreaterThanOrEqual(1);
        expect(await marksLeft()).toBe(0);
      }
    },
  );

  it('the refusal is a 409 in the JSON error shape with a message', async () => {
    // Sequentially: the second request finds its actor gone or no longer admin.
    const [a, b] = (await onlyAdmins(2)) as [Actor, Actor];
    expect((await demote(a, b.user.email)).status).toBe(200);
    expect(await demote(a, a.user.email)).toEqual({
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: 'The last admin cannot stop being an admin. Make someone else admin first.',
        },
      },
    });
  });
});

describe('DELETE /api/user/admin/{email} (Remove admin)', () => {
  it('anonymous 401, buyer 403, unknown 404, a buyer 409; an admin demotes another admin', async () => {
    const [admin, other] = (await onlyAdmins(2)) as [Actor, Actor];
    const buyer = await createActor('user');
    expect((await demote({ headers: {} }, other.user.email)).status).toBe(401);
    expect((await demote(buyer, other.user.email)).status).toBe(403);
    expect((await demote(admin, 'nobody_here@example.com')).status).toBe(404);
    expect(await demote(admin, buyer.user.email)).toEqual({
      status: 409,
      body: { error: { code: 'conflict', message: 'This user is not an admin.' } },
    });
    expect(await demote(admin, other.user.email)).toEqual({
      status: 200,
      body: { email: other.user.email, role: 'user' },
    });
    expect(await adminEmails()).toEqual([admin.user.email]);
    // The demoted user is still there, as a buyer.
    const stored = await (await users()).findOne({ email: other.user.email });
    expect(stored && roleOf(stored)).toBe('user');
  });

  it('never the last admin: demoting or removing the only one is 409', async () => {
    const [admin] = (await onlyAdmins(1)) as [Actor];
    const buyer = await createActor('user');
    expect((await demote(admin, admin.user.email)).status).toBe(409);
    expect(await removeUser(admin, admin.user.email)).toEqual({
      status: 409,
      body: { error: { code: 'conflict', message: 'You cannot remove yourself.' } },
    });
    expect(await adminEmails()).toEqual([admin.user.email]);
    // Removing a buyer needs no other admin.
    expect((await removeUser(admin, buyer.user.email)).status).toBe(200);
    expect(await marksLeft()).toBe(0);
  });

  it('demoting yourself works while another admin remains', async () => {
    const [a, b] = (await onlyAdmins(2)) as [Actor, Actor];
    expect((await demote(a, a.user.email)).status).toBe(200);
    expect(await adminEmails()).toEqual([b.user.email]);
    expect((await demote(b, b.user.email)).status).toBe(409);
  });

  it('an address in ADMIN_EMAILS cannot be demoted by the database (409), but counts as an admin', async () => {
    const [admin] = (await onlyAdmins(1)) as [Actor];
    const owner = await ownerActor();
    expect((await adminEmails()).sort()).toEqual([admin.user.email, OWNER].sort());

    const refused = await demote(admin, OWNER);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(`${OWNER} is configured as an admin`);
    expect(refused.body.error.message).toContain('ADMIN_EMAILS');
    // Also when the stored role says admin too.
    expect((await promote(admin, OWNER)).status).toBe(200);
    expect((await demote(admin, OWNER)).status).toBe(409);
    // The configured admin counts: the other admin may step down, and the owner stays.
    expect((await demote(admin, admin.user.email)).status).toBe(200);
    expect(await adminEmails()).toEqual([OWNER]);
    expect((await listUsers(owner)).status).toBe(200);
    expect(await marksLeft()).toBe(0);
  });

  it('removing the configured admin counts it: allowed while another admin remains, never the last', async () => {
    const [a, b] = (await onlyAdmins(2)) as [Actor, Actor];
    await ownerActor();
    // Two stored admins and the owner: the owner may go.
    expect((await removeUser(a, OWNER)).status).toBe(200);
    await ownerActor();
    expect((await demote(a, b.user.email)).status).toBe(200);
    // a and the owner remain: a may demote itself, the owner is then the last admin.
    expect((await demote(a, a.user.email)).status).toBe(200);
    expect(await adminEmails()).toEqual([OWNER]);
  });

  it('a change already under way holds the target (409 busy); a mark left by a dead request expires', async () => {
    const [a, b] = (await onlyAdmins(2)) as [Actor, Actor];
    const c = await users();
    // A request that marked b and has not answered yet.
    await c.updateOne(
      { email: b.user.email },
      { $set: { roleChange: { token: 'in-flight', at: new Date() } } },
    );
    expect(await demote(a, b.user.email)).toEqual({
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: 'Another change to this user is under way. Please try again.',
        },
      },
    });
    // While b's change is under way, b does not count as an admin who stays.
    expect((await demote(a, a.user.email)).status).toBe(409);

    // The same mark, left by a request that died long ago: it no longer holds anything back,
    // and is cleared, so the dead request could no longer apply its change.
    await c.updateOne(
      { email: b.user.email },
      { $set: { 'roleChange.at': new Date(Date.now() - ROLE_CHANGE_STALE_MS - 1000) } },
    );
    expect((await demote(a, a.user.email)).status).toBe(200);
    expect(await marksLeft()).toBe(0);
    expect(await adminEmails()).toEqual([b.user.email]);
  });
});

describe('a demoted admin loses the rights at once, and keeps the session', () => {
  it('session cookie and bearer token: 403 on admin routes, still signed in, the proxy and Auth.js agree', async () => {
    const [admin, demoted] = (await onlyAdmins(2)) as [Actor, Actor];
    const cookie = await sessionHeaders(demoted.user);
    const session = { headers: cookie };
    const bearer = { headers: demoted.headers };

    const sessionRole = async () => {
      const response = await authGet(
        new NextRequest(`${ORIGIN}/api/auth/session`, {
          headers: { host: '127.0.0.1:3000', ...cookie },
        }),
      );
      return ((await response.json()) as { user?: { role?: string } } | null)?.user?.role;
    };
    const usersPage = async () => {
      const response = (await proxy(
        new NextRequest(`${ORIGIN}/dashboard/users`, {
          headers: { ...cookie, host: '127.0.0.1:3000', 'x-forwarded-proto': 'http' },
        }),
        {} as never,
      )) as Response;
      return response.headers.get('location');
    };

    expect((await listUsers(session)).status).toBe(200);
    expect((await listUsers(bearer)).status).toBe(200);
    expect(await sessionRole()).toBe('admin');
    expect(await usersPage()).toBeNull();

    expect((await demote(admin, demoted.user.email)).status).toBe(200);

    expect((await listUsers(session)).status).toBe(403);
    expect((await listUsers(bearer)).status).toBe(403);
    expect((await demote(session, admin.user.email)).status).toBe(403);
    expect((await removeUser(bearer, admin.user.email)).status).toBe(403);
    expect(await sessionRole()).toBe('user');
    expect(await usersPage()).toContain('error=AdminRequired');
    // Still signed in as a buyer.
    const own = await call(
      adminCheckRoute(
        request(`/api/admin/${demoted.user.email}`, { headers: cookie }),
        params({ email: demoted.user.email }),
      ),
    );
    expect(own).toEqual({ status: 200, body: { admin: false } });
  });
});
