import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients, startSmtpServer, type SmtpServer } from '../support/smtp';
import type { Actor } from '../support/users';

// The members, invitations and shipping addresses of a company, through their API on the real
// engine and a real SMTP server: roles and approval limits, removing and leaving, the last owner
// kept also under two demotions at once, invitations mailed with a single-use link that is
// accepted exactly once (also for two accepts at once), only by its address, not after it
// expired, was revoked or replaced; invitations that die with their sender's authority (removed,
// left or demoted: closed with why, and checked again at accept); an invitation mail whose subject
// carries the store's words only; inviting only with a verified email; addresses with exactly one
// default; and every id of another company answered 404. The environment is set before any app
// module is imported.

const TRUSTED = 'https://parts.forgeline.test';

let smtp: SmtpServer;
let db: typeof import('../support/db');
let users: typeof import('../support/users');
let make: typeof import('../support/factories');
let json: typeof import('../support/orders').json;
let background: typeof import('@/lib/core/background');
let createRoute: typeof import('@/app/api/companies/route').POST;
let meRoutes: typeof import('@/app/api/companies/me/route');
let membersRoute: typeof import('@/app/api/companies/me/members/route');
let memberRoutes: typeof import('@/app/api/companies/me/members/[userId]/route');
let invitationsRoutes: typeof import('@/app/api/companies/me/invitations/route');
let invitationRoute: typeof import('@/app/api/companies/me/invitations/[invitationId]/route');
let acceptRoute: typeof import('@/app/api/companies/invitations/accept/route');
let addressesRoute: typeof import('@/app/api/companies/me/addresses/route');
let addressRoutes: typeof import('@/app/api/companies/me/addresses/[addressId]/route');
let adminMemberRoutes: typeof import('@/app/api/admin/companies/[companyId]/members/[userId]/route');
let companyStore: typeof import('@/lib/companies/store');
let userRoutes: typeof import('@/app/api/user/[email]/route');
let storeName: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  Object.assign(process.env, {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Forgeline Parts <orders@forgeline.test>',
    AUTH_URL: TRUSTED,
  });
  db = await import('../support/db');
  users = await import('../support/users');
  make = await import('../support/factories');
  ({ json } = await import('../support/orders'));
  background = await import('@/lib/core/background');
  createRoute = (await import('@/app/api/companies/route')).POST;
  meRoutes = await import('@/app/api/companies/me/route');
  membersRoute = await import('@/app/api/companies/me/members/route');
  memberRoutes = await import('@/app/api/companies/me/members/[userId]/route');
  invitationsRoutes = await import('@/app/api/companies/me/invitations/route');
  invitationRoute = await import('@/app/api/companies/me/invitations/[invitationId]/route');
  acceptRoute = await import('@/app/api/companies/invitations/accept/route');
  addressesRoute = await import('@/app/api/companies/me/addresses/route');
  addressRoutes = await import('@/app/api/companies/me/addresses/[addressId]/route');
  adminMemberRoutes = await import('@/app/api/admin/companies/[companyId]/members/[userId]/route');
  companyStore = await import('@/lib/companies/store');
  userRoutes = await import('@/app/api/user/[email]/route');
  ({ storeName } = await import('@/lib/core/site'));
});

afterAll(async () => {
  await background?.settleBackgroundWork();
  await smtp?.close();
  await db?.closeConnection();
});

// ---- Calls ---------------------------------------------------------------------------------

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Handler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;

function call(
  handler: Handler,
  method: Method,
  path: string,
  who: Actor,
  { params = {}, body }: { params?: Record<string, string>; body?: unknown } = {},
) {
  return json(
    handler(
      users.request(path, {
        method,
        headers: who.headers,
        ...(body !== undefined ? { json: body } : {}),
      }),
      { params: Promise.resolve(params) },
    ),
  );
}

const getMine = (who: Actor) => call(meRoutes.GET, 'GET', '/api/companies/me', who);
const listMembers = (who: Actor) => call(membersRoute.GET, 'GET', '/api/companies/me/members', who);
const patchMember = (who: Actor, userId: string, body: unknown) =>
  call(memberRoutes.PATCH, 'PATCH', `/api/companies/me/members/${userId}`, who, {
    params: { userId },
    body,
  });
const removeMember = (who: Actor, userId: string) =>
  call(memberRoutes.DELETE, 'DELETE', `/api/companies/me/members/${userId}`, who, {
    params: { userId },
  });
const invite = (who: Actor, body: unknown) =>
  call(invitationsRoutes.POST, 'POST', '/api/companies/me/invitations', who, { body });
const listInvitations = (who: Actor) =>
  call(invitationsRoutes.GET, 'GET', '/api/companies/me/invitations', who);
const revoke = (who: Actor, invitationId: string) =>
  call(invitationRoute.DELETE, 'DELETE', `/api/companies/me/invitations/${invitationId}`, who, {
    params: { invitationId },
  });
const accept = (who: Actor, token: string) =>
  call(acceptRoute.POST, 'POST', '/api/companies/invitations/accept', who, { body: { token } });
const addAddress = (who: Actor, body: unknown) =>
  call(addressesRoute.POST, 'POST', '/api/companies/me/addresses', who, { body });
const patchAddress = (who: Actor, addressId: string, body: unknown) =>
  call(addressRoutes.PATCH, 'PATCH', `/api/companies/me/addresses/${addressId}`, who, {
    params: { addressId },
    body,
  });
const removeAddress = (who: Actor, addressId: string) =>
  call(addressRoutes.DELETE, 'DELETE', `/api/companies/me/addresses/${addressId}`, who, {
    params: { addressId },
  });

// ---- Fixtures ------------------------------------------------------------------------------

const companyFields = {
  name: 'Whitfield Engineering Ltd',
  billingAddress: '12 Mill Road\nSheffield S1 2AB',
};

async function all() {
  return db.collections(await db.getDb());
}

/** A new person whose email is verified (so they may invite) who owns a new company. */
async function owner(name = 'Dana Whitfield'): Promise<{ actor: Actor; companyId: string }> {
  const actor = await users.createActor('user', name);
  await make.verifyEmail(actor.user);
  const created = await call(createRoute, 'POST', '/api/companies', actor, {
    body: companyFields,
  });
  expect(created.status).toBe(201);
  return { actor, companyId: created.body._id };
}

/** A new person, made a member of the company directly in the database. */
async function memberOf(
  companyId: string,
  role: 'owner' | 'approver' | 'buyer' | 'accounts',
  name = 'Sam Member',
): Promise<Actor> {
  const actor = await users.createActor('user', name);
  const c = await all();
  await c.companyMembers.insertOne({
    _id: new ObjectId(),
    companyId: new ObjectId(companyId),
    userId: new ObjectId(actor.user.id),
    role,
    approvalLimitCents: null,
    joinedAt: new Date(),
  });
  if (role === 'owner') {
    await c.companies.updateOne({ _id: new ObjectId(companyId) }, { $inc: { ownerCount: 1 } });
  }
  return actor;
}

async function ownerCount(companyId: string): Promise<number> {
  return (await (await all()).companies.findOne({ _id: new ObjectId(companyId) }))!.ownerCount;
}

/** The token of the join link in the invitation mail to `email` (waits for the mail). */
async function mailedToken(email: string, after = 0): Promise<{ token: string; text: string }> {
  await background.settleBackgroundWork();
  const mail = await smtp.waitFor(
    (candidate) =>
      recipients(candidate).includes(email) &&
      smtp.messages.indexOf(candidate) >= after &&
      /^Invitation to join a company account on /.test(candidate.subject ?? ''),
  );
  const text = mail.text ?? '';
  const link = text.match(/https:\/\/\S+\/dashboard\/company\/join\?token=([\w-]+)/);
  expect(link, text).not.toBeNull();
  expect(link![0].startsWith(`${TRUSTED}/dashboard/company/join?token=`)).toBe(true);
  return { token: link![1]!, text };
}

const address = {
  label: 'Sheffield works',
  address: '12 Mill Road\nSheffield S1 2AB',
  phone: '01142345678',
};

// ---- Members -------------------------------------------------------------------------------

describe('members', () => {
  it('lists every member with the name and email of their account, to any member', async () => {
    const { actor: boss, companyId } = await owner('Dana Whitfield');
    const buyer = await memberOf(companyId, 'buyer', 'Priya Raman');
    const listed = await listMembers(buyer);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        userId: boss.user.id,
        name: 'Dana Whitfield',
        email: boss.user.email,
        role: 'owner',
        approvalLimitCents: null,
      }),
      expect.objectContaining({
        userId: buyer.user.id,
        name: 'Priya Raman',
        email: buyer.user.email,
        role: 'buyer',
      }),
    ]);
    const loner = await users.createActor('user', 'Solo Buyer');
    expect((await listMembers(loner)).status).toBe(404);
  });

  it('an owner changes a role and an approval limit; other roles may not', async () => {
    const { actor: boss, companyId } = await owner();
    const buyer = await memberOf(companyId, 'buyer');
    const approver = await memberOf(companyId, 'approver');
    const changed = await patchMember(boss, buyer.user.id, {
      role: 'approver',
      approvalLimitCents: 250_000,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      userId: buyer.user.id,
      role: 'approver',
      approvalLimitCents: 250_000,
    });
    const noLimit = await patchMember(boss, buyer.user.id, { approvalLimitCents: null });
    expect(noLimit.body).toMatchObject({ role: 'approver', approvalLimitCents: null });
    const safe = await patchMember(boss, buyer.user.id, {
      approvalLimitCents: Number.MAX_SAFE_INTEGER,
    });
    expect(safe.status).toBe(200);

    const refused = await patchMember(approver, buyer.user.id, { role: 'owner' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/does not allow/);
    expect((await getMine(buyer)).body.membership.role).toBe('approver');
    // Promoting counts the new owner.
    expect((await patchMember(boss, approver.user.id, { role: 'owner' })).status).toBe(200);
    expect(await ownerCount(companyId)).toBe(2);
  });

  it('refuses roles outside the table and limits that are not whole cents in range (422)', async () => {
    const { actor: boss, companyId } = await owner();
    const buyer = await memberOf(companyId, 'buyer');
    for (const body of [
      { role: 'admin' },
      { role: 'OWNER' },
      { approvalLimitCents: -1 },
      { approvalLimitCents: 1.5 },
      { approvalLimitCents: 2 ** 53 },
      { approvalLimitCents: '100' },
      {},
      { role: 'buyer', extra: true },
    ]) {
      const answer = await patchMember(boss, buyer.user.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.error.details.fields).toBeTruthy();
    }
    const bad = await patchMember(boss, buyer.user.id, { role: 'admin', approvalLimitCents: -1 });
    expect(Object.keys(bad.body.error.details.fields).sort()).toEqual([
      'approvalLimitCents',
      'role',
    ]);
    expect((await listMembers(boss)).body.items[1]).toMatchObject({
      role: 'buyer',
      approvalLimitCents: null,
    });
  });

  it('an owner removes a member, who loses access at once; a member leaves; the last owner cannot', async () => {
    const { actor: boss, companyId } = await owner();
    const buyer = await memberOf(companyId, 'buyer');
    const accounts = await memberOf(companyId, 'accounts');
    // A member other than an owner removes nobody else.
    expect((await removeMember(buyer, accounts.user.id)).status).toBe(403);
    expect((await removeMember(boss, buyer.user.id)).status).toBe(204);
    expect((await getMine(buyer)).status).toBe(404);
    expect((await listMembers(buyer)).status).toBe(404);
    expect((await removeMember(boss, buyer.user.id)).status).toBe(404);
    // Leaving: one's own user id.
    expect((await removeMember(accounts, accounts.user.id)).status).toBe(204);
    expect((await getMine(accounts)).status).toBe(404);
    // The last owner can neither leave nor be removed.
    const last = await removeMember(boss, boss.user.id);
    expect(last.status).toBe(409);
    expect(last.body.error.message).toMatch(/at least one owner/);
    expect((await getMine(boss)).body.memberCount).toBe(1);
    // With a second owner, one may leave.
    const second = await memberOf(companyId, 'owner');
    expect(await ownerCount(companyId)).toBe(2);
    expect((await removeMember(boss, boss.user.id)).status).toBe(204);
    expect(await ownerCount(companyId)).toBe(1);
    expect((await removeMember(second, second.user.id)).status).toBe(409);
  });

  it('refuses demoting the last owner', async () => {
    const { actor: boss, companyId } = await owner();
    const answer = await patchMember(boss, boss.user.id, { role: 'buyer' });
    expect(answer.status).toBe(409);
    expect(answer.body.error.message).toMatch(/at least one owner/);
    expect((await getMine(boss)).body.membership.role).toBe('owner');
    expect(await ownerCount(companyId)).toBe(1);
    // The limit alone may change, but an owner never lowers their own below what lets them
    // order alone (no limit).
    expect((await patchMember(boss, boss.user.id, { approvalLimitCents: null })).status).toBe(200);
    expect((await patchMember(boss, boss.user.id, { approvalLimitCents: 1 })).status).toBe(409);
  });

  it('of two demotions at once of the only two owners, exactly one goes through', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { actor: first, companyId } = await owner();
      const second = await memberOf(companyId, 'owner');
      expect(await ownerCount(companyId)).toBe(2);
      const answers = await Promise.all([
        patchMember(first, second.user.id, { role: 'buyer' }),
        patchMember(second, first.user.id, { role: 'buyer' }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(await ownerCount(companyId)).toBe(1);
      const owners = await (
        await all()
      ).companyMembers.countDocuments({
        companyId: new ObjectId(companyId),
        role: 'owner',
      });
      expect(owners).toBe(1);
    }
  });

  it('of two owners leaving at once, exactly one goes', async () => {
    const { actor: first, companyId } = await owner();
    const second = await memberOf(companyId, 'owner');
    const answers = await Promise.all([
      removeMember(first, first.user.id),
      removeMember(second, second.user.id),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 409]);
    expect(await ownerCount(companyId)).toBe(1);
  });
});

// ---- Invitations ---------------------------------------------------------------------------

describe('invitations', () => {
  it('mails a single-use link that joins the invited person as the role, once', async () => {
    const { actor: boss, companyId } = await owner('Dana Whitfield');
    const invitee = await users.createActor('user', 'Priya Raman');
    const before = smtp.messages.length;
    const invited = await invite(boss, {
      email: invitee.user.email.toUpperCase(),
      role: 'buyer',
      approvalLimitCents: 250_000,
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email: invitee.user.email,
      role: 'buyer',
      approvalLimitCents: 250_000,
    });
    const days = (Date.parse(invited.body.expiresAt) - Date.parse(invited.body.invitedAt)) / 864e5;
    expect(days).toBe(7);
    expect((await listInvitations(boss)).body.items).toEqual([invited.body]);

    // Only the hash is stored, never the token.
    const stored = await (
      await all()
    ).companyInvitations.findOne({
      _id: new ObjectId(invited.body._id),
    });
    const { token, text } = await mailedToken(invitee.user.email, before);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(text).toContain('Whitfield Engineering Ltd');
    expect(text).toContain('Dana Whitfield');
    expect(text).toMatch(/Buyer/);
    expect(text).toContain('$2,500.00');
    // Sent, so taken out of the outbox.
    const sent = await (await all()).companyInvitations.findOne({ _id: stored!._id });
    expect(sent?.outbox ?? []).toEqual([]);

    const joined = await accept(invitee, token);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({
      _id: companyId,
      memberCount: 2,
      membership: { role: 'buyer', approvalLimitCents: 250_000 },
    });
    expect((await getMine(invitee)).body._id).toBe(companyId);
    // Used up: neither again nor listed.
    const again = await accept(invitee, token);
    expect(again.status).toBe(404);
    expect((await listInvitations(boss)).body.items).toEqual([]);
  });

  it('is accepted exactly once by two accepts at the same moment', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { actor: boss, companyId } = await owner();
      const invitee = await users.createActor('user', 'Quick Twice');
      const before = smtp.messages.length;
      expect((await invite(boss, { email: invitee.user.email, role: 'owner' })).status).toBe(201);
      const { token } = await mailedToken(invitee.user.email, before);
      const answers = await Promise.all([accept(invitee, token), accept(invitee, token)]);
      // One joins. The other finds the invitation used (404), or, when it read the invitation
      // before the first used it and the membership after the first joined, finds the person
      // in a company already (409): either way it changes nothing.
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses[0]).toBe(200);
      expect([404, 409]).toContain(statuses[1]);
      const memberships = await (
        await all()
      ).companyMembers.countDocuments({
        userId: new ObjectId(invitee.user.id),
      });
      expect(memberships).toBe(1);
      // An owner by invitation is counted as one.
      expect(await ownerCount(companyId)).toBe(2);
    }
  });

  it('is refused to someone signed in with another email, and stays usable', async () => {
    const { actor: boss } = await owner();
    const invitee = await users.createActor('user', 'Right Person');
    const other = await users.createActor('user', 'Wrong Person');
    const before = smtp.messages.length;
    await invite(boss, { email: invitee.user.email, role: 'accounts' });
    const { token } = await mailedToken(invitee.user.email, before);
    const refused = await accept(other, token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/another email address/);
    expect((await getMine(other)).status).toBe(404);
    expect((await accept(invitee, token)).status).toBe(200);
  });

  it('is refused once expired, revoked or replaced by a new invitation', async () => {
    const { actor: boss } = await owner();
    const invitee = await users.createActor('user', 'Late Comer');
    let before = smtp.messages.length;
    const first = await invite(boss, { email: invitee.user.email, role: 'buyer' });
    const { token: expiredToken } = await mailedToken(invitee.user.email, before);
    await (
      await all()
    ).companyInvitations.updateOne(
      { _id: new ObjectId(first.body._id) },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    const expired = await accept(invitee, expiredToken);
    expect(expired.status).toBe(404);
    expect(expired.body.error.message).toMatch(/invalid, expired or already used/);
    expect((await listInvitations(boss)).body.items).toEqual([]);

    before = smtp.messages.length;
    const second = await invite(boss, { email: invitee.user.email, role: 'buyer' });
    const { token: revokedToken } = await mailedToken(invitee.user.email, before);
    expect((await revoke(boss, second.body._id)).status).toBe(204);
    expect((await revoke(boss, second.body._id)).status).toBe(404);
    expect((await accept(invitee, revokedToken)).status).toBe(404);

    // Re-inviting replaces the open invitation: the earlier link is dead.
    before = smtp.messages.length;
    await invite(boss, { email: invitee.user.email, role: 'buyer' });
    const { token: replacedToken } = await mailedToken(invitee.user.email, before);
    before = smtp.messages.length;
    const latest = await invite(boss, { email: invitee.user.email, role: 'approver' });
    const { token: latestToken } = await mailedToken(invitee.user.email, before);
    expect(latestToken).not.toBe(replacedToken);
    expect((await listInvitations(boss)).body.items).toEqual([latest.body]);
    expect((await accept(invitee, replacedToken)).status).toBe(404);
    const joined = await accept(invitee, latestToken);
    expect(joined.status).toBe(200);
    expect(joined.body.membership.role).toBe('approver');
    expect((await accept(invitee, 'not-a-token-at-all')).status).toBe(404);
  });

  it('refuses inviting a member of another company or of this one, and a caller in a company accepting', async () => {
    const { actor: boss, companyId } = await owner();
    const { actor: rival } = await owner('Rival Owner');
    const colleague = await memberOf(companyId, 'buyer');
    const elsewhere = await invite(boss, { email: rival.user.email, role: 'buyer' });
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.error.message).toContain(`${rival.user.email} already belongs`);
    const here = await invite(boss, { email: colleague.user.email, role: 'buyer' });
    expect(here.status).toBe(409);
    expect(here.body.error.message).toContain('already a member of your company');
    expect((await invite(boss, { email: boss.user.email, role: 'owner' })).status).toBe(409);

    // Someone invited, who creates a company of their own before accepting.
    const invitee = await users.createActor('user', 'Two Minds');
    await make.verifyEmail(invitee.user);
    const before = smtp.messages.length;
    await invite(boss, { email: invitee.user.email, role: 'buyer' });
    const { token } = await mailedToken(invitee.user.email, before);
    expect(
      (await call(createRoute, 'POST', '/api/companies', invitee, { body: companyFields })).status,
    ).toBe(201);
    const refused = await accept(invitee, token);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/already belong to a company/);
    expect((await listInvitations(boss)).body.items).toHaveLength(1);

    // Other roles neither invite nor see invitations.
    expect((await invite(colleague, { email: make.freshEmail(), role: 'buyer' })).status).toBe(403);
    expect((await listInvitations(colleague)).status).toBe(403);
    expect((await invite(boss, { email: 'not an email', role: 'buyer' })).status).toBe(422);
    expect((await invite(boss, { email: make.freshEmail(), role: 'boss' })).status).toBe(422);
  });

  it('holds at most 50 open invitations per company', async () => {
    const { actor: boss, companyId } = await owner();
    const now = new Date();
    await (
      await all()
    ).companyInvitations.insertMany(
      Array.from({ length: 50 }, (_, index) => ({
        _id: new ObjectId(),
        companyId: new ObjectId(companyId),
        email: `filler${index}_${companyId}@example.com`,
        role: 'buyer' as const,
        approvalLimitCents: null,
        invitedBy: new ObjectId(boss.user.id),
        inviterName: 'Dana',
        companyName: 'Whitfield',
        invitedAt: now,
        expiresAt: new Date(now.getTime() + 864e5),
        tokenHash: `filler-${companyId}-${index}`,
        tokenSeed: 'x',
        open: true,
      })),
    );
    const full = await invite(boss, { email: make.freshEmail(), role: 'buyer' });
    expect(full.status).toBe(409);
    expect(full.body.error.message).toMatch(/50 open invitations/);
    // Re-inviting one of them replaces it, so it is not one more.
    const again = await invite(boss, { email: `filler0_${companyId}@example.com`, role: 'buyer' });
    expect(again.status).toBe(201);
    expect((await listInvitations(boss)).body.items).toHaveLength(50);
  });
});

// ---- An invitation and its sender ----------------------------------------------------------

const HOSTILE_NAME = 'URGENT pay overdue invoice at https://evil.example/pay';

/** A member of the company (see memberOf) whose email is verified, so they may invite. */
async function verifiedMemberOf(
  companyId: string,
  role: 'owner' | 'approver' | 'buyer' | 'accounts',
  name: string,
): Promise<Actor> {
  const actor = await memberOf(companyId, role, name);
  await make.verifyEmail(actor.user);
  return actor;
}

/** `who` invites `email` as `role`; the token its mail carries. */
async function invitedToken(who: Actor, email: string, role: string): Promise<string> {
  const before = smtp.messages.length;
  expect((await invite(who, { email, role })).status).toBe(201);
  return (await mailedToken(email, before)).token;
}

/** The latest invitation stored for `email`. */
async function invitationTo(email: string) {
  return (await all()).companyInvitations.findOne({ email }, { sort: { invitedAt: -1, _id: -1 } });
}

async function membershipOf(actor: Actor) {
  return (await all()).companyMembers.findOne({ userId: new ObjectId(actor.user.id) });
}

/** Takes the member out of the company by the store alone, invitations left as they are. */
async function storeOnly(companyId: string, actor: Actor) {
  const member = await companyStore.findMemberIn(
    new ObjectId(companyId),
    new ObjectId(actor.user.id),
  );
  expect(member).not.toBeNull();
  return member!;
}

describe("an invitation and its sender's authority", () => {
  it("a removed owner's open owner invitation is refused afterwards, closed with why", async () => {
    const { actor: boss, companyId } = await owner();
    const coOwner = await verifiedMemberOf(companyId, 'owner', 'Rex Removed');
    const invitee = await users.createActor('user', 'Ivy Invitee');
    const token = await invitedToken(coOwner, invitee.user.email, 'owner');

    expect((await removeMember(boss, coOwner.user.id)).status).toBe(204);
    const stored = await invitationTo(invitee.user.email);
    expect(stored).toMatchObject({ open: false, closedBecause: 'inviter_removed' });
    expect(stored?.revokedAt).toBeInstanceOf(Date);
    expect(stored?.acceptedAt).toBeUndefined();
    expect((await listInvitations(boss)).body.items).toEqual([]);

    const refused = await accept(invitee, token);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toMatchObject({ code: 'not_found' });
    expect(await membershipOf(invitee)).toBeNull();
    expect(await ownerCount(companyId)).toBe(1);
  });

  it('a member who leaves, or whom the store admin removes, takes their invitations along', async () => {
    const { actor: boss, companyId } = await owner();
    const leaver = await verifiedMemberOf(companyId, 'owner', 'Lee Leaves');
    const removed = await verifiedMemberOf(companyId, 'owner', 'Ada Removes');
    const first = await users.createActor('user', 'Fay First');
    const second = await users.createActor('user', 'Sid Second');
    const firstToken = await invitedToken(leaver, first.user.email, 'buyer');
    const secondToken = await invitedToken(removed, second.user.email, 'approver');

    expect((await removeMember(leaver, leaver.user.id)).status).toBe(204);
    const admin = await users.createActor('admin', 'Ada Admin');
    const byAdmin = await call(
      adminMemberRoutes.DELETE,
      'DELETE',
      `/api/admin/companies/${companyId}/members/${removed.user.id}`,
      admin,
      { params: { companyId, userId: removed.user.id } },
    );
    expect(byAdmin.status).toBe(204);

    for (const [person, token] of [
      [first, firstToken],
      [second, secondToken],
    ] as const) {
      expect(await invitationTo(person.user.email)).toMatchObject({
        open: false,
        closedBecause: 'inviter_removed',
      });
      expect((await accept(person, token)).status).toBe(404);
      expect(await membershipOf(person)).toBeNull();
    }
    expect(await ownerCount(companyId)).toBe(1);
    // The owner who stays keeps inviting.
    const third = await users.createActor('user', 'Tia Third');
    expect((await accept(third, await invitedToken(boss, third.user.email, 'buyer'))).status).toBe(
      200,
    );
  });

  it("demoting an owner closes their invitations; another owner's stay open", async () => {
    const { actor: boss, companyId } = await owner();
    const demoted = await verifiedMemberOf(companyId, 'owner', 'Dee Moted');
    const invitee = await users.createActor('user', 'Ivy Invitee');
    const other = await users.createActor('user', 'Otto Other');
    const token = await invitedToken(demoted, invitee.user.email, 'owner');
    const otherToken = await invitedToken(boss, other.user.email, 'buyer');

    // A change that keeps their role leaves their invitations alone.
    expect((await patchMember(boss, demoted.user.id, { role: 'owner' })).status).toBe(200);
    expect(await invitationTo(invitee.user.email)).toMatchObject({ open: true });

    expect((await patchMember(boss, demoted.user.id, { role: 'buyer' })).status).toBe(200);
    expect(await invitationTo(invitee.user.email)).toMatchObject({
      open: false,
      closedBecause: 'inviter_role_changed',
    });
    expect(await invitationTo(other.user.email)).toMatchObject({ open: true });
    expect((await listInvitations(boss)).body.items).toEqual([
      expect.objectContaining({ email: other.user.email }),
    ]);

    expect((await accept(invitee, token)).status).toBe(404);
    expect(await membershipOf(invitee)).toBeNull();
    const joined = await accept(other, otherToken);
    expect(joined.status).toBe(200);
    expect(joined.body.membership.role).toBe('buyer');
  });

  it('an invitation of a sender whose account the store admin removed is refused', async () => {
    const { companyId } = await owner();
    const coOwner = await verifiedMemberOf(companyId, 'owner', 'Gus Gone');
    const invitee = await users.createActor('user', 'Ivy Invitee');
    const token = await invitedToken(coOwner, invitee.user.email, 'owner');
    const admin = await users.createActor('admin', 'Ada Admin');
    const removed = await call(
      userRoutes.DELETE,
      'DELETE',
      `/api/user/${encodeURIComponent(coOwner.user.email)}`,
      admin,
      { params: { email: coOwner.user.email } },
    );
    expect(removed.status).toBe(200);

    expect((await accept(invitee, token)).status).toBe(404);
    expect(await membershipOf(invitee)).toBeNull();
    expect(await invitationTo(invitee.user.email)).toMatchObject({ open: false });
  });

  it('an accept checks the sender again: removed or demoted with the invitations still open', async () => {
    for (const change of ['removed', 'demoted'] as const) {
      const { companyId } = await owner();
      const coOwner = await verifiedMemberOf(companyId, 'owner', 'Rex Changed');
      const invitee = await users.createActor('user', 'Ivy Invitee');
      const token = await invitedToken(coOwner, invitee.user.email, 'owner');
      // The membership changes by the store alone, as a crash right after it would leave it.
      const member = await storeOnly(companyId, coOwner);
      const changed =
        change === 'removed'
          ? await companyStore.deleteMember(member)
          : await companyStore.changeMember(member, { role: 'approver' });
      expect(changed.ok).toBe(true);
      expect(await invitationTo(invitee.user.email)).toMatchObject({ open: true });

      expect((await accept(invitee, token)).status).toBe(404);
      expect(await membershipOf(invitee)).toBeNull();
      expect(await invitationTo(invitee.user.email)).toMatchObject({
        open: false,
        closedBecause: change === 'removed' ? 'inviter_removed' : 'inviter_role_changed',
      });
      expect(await ownerCount(companyId)).toBe(1);
    }
  });
});

describe("the store admin's Remove User and the person's company", () => {
  const removeAccount = (admin: Actor, email: string) =>
    call(userRoutes.DELETE, 'DELETE', `/api/user/${encodeURIComponent(email)}`, admin, {
      params: { email },
    });

  /** The company's Stripe customer as billing keeps it (made here as billing would make it). */
  async function companyCustomer(companyId: string) {
    const { stripeCustomers } = (await import('@/lib/core/collections')).collections(
      await db.getDb(),
    );
    const key = `company:${companyId}`;
    if (!(await stripeCustomers.findOne({ _id: key }))) {
      await stripeCustomers.insertOne({
        _id: key,
        customerId: `cus_${companyId}`,
        createdAt: new Date(),
      });
    }
    return {
      clear: () => stripeCustomers.updateOne({ _id: key }, { $unset: { staleSince: '' } }),
      stale: async () => Boolean((await stripeCustomers.findOne({ _id: key }))?.staleSince),
    };
  }

  it('a removed co-owner leaves the company: no ghost owner, their invitations closed, the Stripe customer marked', async () => {
    const { actor: boss, companyId } = await owner();
    const coOwner = await verifiedMemberOf(companyId, 'owner', 'Gail Goner');
    const invitee = await users.createActor('user', 'Ivy Invitee');
    await invitedToken(coOwner, invitee.user.email, 'buyer');
    const customer = await companyCustomer(companyId);
    await customer.clear();
    expect(await ownerCount(companyId)).toBe(2);
    const admin = await users.createActor('admin', 'Ada Admin');

    expect((await removeAccount(admin, coOwner.user.email)).status).toBe(200);

    expect(await membershipOf(coOwner)).toBeNull();
    expect(await ownerCount(companyId)).toBe(1);
    expect(await invitationTo(invitee.user.email)).toMatchObject({
      open: false,
      closedBecause: 'inviter_removed',
    });
    expect(await customer.stale()).toBe(true);
    const members = await listMembers(boss);
    expect(members.body.items.map((m: { userId: string }) => m.userId)).toEqual([boss.user.id]);
    // The one real owner left is the last owner now: they can neither leave nor be demoted.
    expect((await removeMember(boss, boss.user.id)).status).toBe(409);
    expect((await patchMember(boss, boss.user.id, { role: 'buyer' })).status).toBe(409);
  });

  it('the only member of a company whose owner count a crash left low (0) may go too, never a 500', async () => {
    const { actor: boss, companyId } = await owner('Kit Lowcount');
    await (
      await all()
    ).companies.updateOne({ _id: new ObjectId(companyId) }, { $set: { ownerCount: 0 } });
    const admin = await users.createActor('admin', 'Ada Admin');
    expect((await removeAccount(admin, boss.user.email)).status).toBe(200);
    expect(await membershipOf(boss)).toBeNull();
    expect(await ownerCount(companyId)).toBe(0);
  });

  it('a membership left by an account removed before removals ended them goes at start-up; the owner count is true again', async () => {
    const { actor: boss, companyId } = await owner();
    const ghost = await memberOf(companyId, 'owner', 'Gil Ghost');
    const customer = await companyCustomer(companyId);
    // The account alone is removed, as Remove User did before it ended memberships.
    const { changeAdminRole } = await import('@/lib/accounts/store/admin-roles');
    expect(await changeAdminRole(ghost.user.id, 'remove')).toBe('done');
    expect(await membershipOf(ghost)).not.toBeNull();
    expect(await ownerCount(companyId)).toBe(2);
    await customer.clear();

    const { runMigrations } = await import('@/lib/startup/migrations');
    await runMigrations(await db.getDb());
    expect(await membershipOf(ghost)).toBeNull();
    expect(await ownerCount(companyId)).toBe(1);
    expect(await customer.stale()).toBe(true);
    await runMigrations(await db.getDb());
    expect(await ownerCount(companyId)).toBe(1);
    // The one real owner is the last one: they cannot leave.
    expect((await removeMember(boss, boss.user.id)).status).toBe(409);
  });

  it("the last owner of a company with other members is refused (409), nothing changed; the company's only member may go", async () => {
    const { actor: boss, companyId } = await owner('Lena Last');
    const buyer = await memberOf(companyId, 'buyer', 'Bo Buyer');
    const admin = await users.createActor('admin', 'Ada Admin');

    const refused = await removeAccount(admin, boss.user.email);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('conflict');
    expect(refused.body.error.message).toContain(companyFields.name);
    expect(await membershipOf(boss)).toMatchObject({ role: 'owner' });
    expect(await ownerCount(companyId)).toBe(1);
    expect((await getMine(boss)).status).toBe(200);

    // Without its other member, the owner's account may go; the company stays with no member.
    expect((await removeAccount(admin, buyer.user.email)).status).toBe(200);
    expect(await membershipOf(buyer)).toBeNull();
    expect((await removeAccount(admin, boss.user.email)).status).toBe(200);
    expect(await membershipOf(boss)).toBeNull();
    expect(await ownerCount(companyId)).toBe(0);
    expect(
      await (await all()).companyMembers.countDocuments({ companyId: new ObjectId(companyId) }),
    ).toBe(0);
    expect(await (await all()).companies.countDocuments({ _id: new ObjectId(companyId) })).toBe(1);
  });
});

describe('the invitation mail', () => {
  it("its subject carries the store's words only; the names are in the body, escaped", async () => {
    const { actor: boss } = await owner('Mallory <b>Payments</b>');
    const renamed = await call(meRoutes.PATCH, 'PATCH', '/api/companies/me', boss, {
      body: { name: HOSTILE_NAME },
    });
    expect(renamed.status).toBe(200);
    const invitee = await users.createActor('user', 'Ivy Invitee');
    const before = smtp.messages.length;
    expect((await invite(boss, { email: invitee.user.email, role: 'buyer' })).status).toBe(201);
    await background.settleBackgroundWork();
    const mail = await smtp.waitFor(
      (candidate) =>
        recipients(candidate).includes(invitee.user.email) &&
        smtp.messages.indexOf(candidate) >= before,
    );

    expect(mail.subject).toBe(`Invitation to join a company account on ${storeName}`);
    for (const strangersWords of ['URGENT', 'evil.example', 'Mallory', 'Payments']) {
      expect(mail.subject).not.toContain(strangersWords);
    }
    const html = typeof mail.html === 'string' ? mail.html : '';
    const text = mail.text ?? '';
    // The preview line an inbox lists beside the subject is the store's too.
    const preview = html.match(/<div[^>]*display:none[^>]*>([^<]*)/)?.[1] ?? '';
    expect(preview).toContain(storeName);
    expect(preview).not.toContain('evil.example');
    // The body names the company and the inviter as typed, as text: markup escaped, no link.
    expect(html).toContain(HOSTILE_NAME);
    expect(html).toContain('Mallory &lt;b&gt;Payments&lt;/b&gt;');
    expect(html).not.toContain('<b>Payments');
    const ours = (link: string) => link === TRUSTED || link.startsWith(`${TRUSTED}/`);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((href) => !ours(href))).toEqual([]);
    // The text part names them once each, labelled, beside a warning; its links are the store's.
    expect(text).toContain(`Company            ${HOSTILE_NAME}`);
    expect(text).toContain('Invited by         Mallory <b>Payments</b>');
    expect(text.split(HOSTILE_NAME)).toHaveLength(2);
    expect(text).toMatch(/typed by the person who invited you, not by us/);
    const textLinks = [...text.matchAll(/https?:\/\/[^\s\])>]+/g)].map((match) => match[0]);
    expect(textLinks.filter((link) => !ours(link))).toEqual(['https://evil.example/pay']);
  });
});

describe('inviting', () => {
  it('needs a verified email: refused in the error shape, nothing stored, nothing mailed', async () => {
    const { companyId } = await owner();
    // An owner of the company whose own email is not verified.
    const unverified = await memberOf(companyId, 'owner', 'Una Verified');
    const target = make.freshEmail('target');
    const before = smtp.messages.length;
    const refused = await invite(unverified, { email: target, role: 'owner' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: {
        code: 'forbidden',
        message:
          'Verify your email before inviting people into your company: open the link we sent you, or resend it from My Profile.',
        details: { emailVerified: false },
      },
    });
    expect(await (await all()).companyInvitations.countDocuments({ email: target })).toBe(0);
    await background.settleBackgroundWork();
    expect(smtp.messages.slice(before).filter((mail) => recipients(mail).includes(target))).toEqual(
      [],
    );

    // Once verified, the same owner invites.
    await make.verifyEmail(unverified.user);
    expect((await invite(unverified, { email: target, role: 'buyer' })).status).toBe(201);
    expect(await (await all()).companyInvitations.countDocuments({ email: target })).toBe(1);
  });
});

// ---- Shipping addresses --------------------------------------------------------------------

describe('shipping addresses', () => {
  it('keeps exactly one default: the first added, moved when asked, passed on when removed', async () => {
    const { actor: boss } = await owner();
    const first = await addAddress(boss, address);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ ...address, default: true });
    const second = await addAddress(boss, { ...address, label: 'Leeds depot' });
    expect(second.body.default).toBe(false);
    const third = await addAddress(boss, { ...address, label: 'Hull dock', default: true });
    expect(third.body.default).toBe(true);
    const defaults = async () =>
      (await getMine(boss)).body.shippingAddresses.map(
        (item: { label: string; default: boolean }) => [item.label, item.default],
      );
    expect(await defaults()).toEqual([
      ['Sheffield works', false],
      ['Leeds depot', false],
      ['Hull dock', true],
    ]);

    const moved = await patchAddress(boss, second.body._id, { default: true, phone: '0113' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ label: 'Leeds depot', phone: '0113', default: true });
    expect(await defaults()).toEqual([
      ['Sheffield works', false],
      ['Leeds depot', true],
      ['Hull dock', false],
    ]);
    // The default stays one until another is made the default.
    const unset = await patchAddress(boss, second.body._id, { default: false });
    expect(unset.status).toBe(422);
    expect(unset.body.error.details.fields.default).toBeTruthy();
    const renamed = await patchAddress(boss, first.body._id, { label: 'Sheffield main' });
    expect(renamed.body).toMatchObject({ label: 'Sheffield main', default: false });

    expect((await removeAddress(boss, second.body._id)).status).toBe(204);
    expect(await defaults()).toEqual([
      ['Sheffield main', true],
      ['Hull dock', false],
    ]);
    expect((await removeAddress(boss, second.body._id)).status).toBe(404);
    expect((await patchAddress(boss, second.body._id, { label: 'Gone' })).status).toBe(404);
    expect((await removeAddress(boss, first.body._id)).status).toBe(204);
    expect((await removeAddress(boss, third.body._id)).status).toBe(204);
    expect(await defaults()).toEqual([]);
  });

  it('holds at most 20, also when added at the same moment', async () => {
    const { actor: boss } = await owner();
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        addAddress(boss, { ...address, label: `Site ${index}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.filter((status) => status === 409)).toHaveLength(4);
    const full = answers.find((answer) => answer.status === 409)!;
    expect(full.body.error.message).toMatch(/20 shipping addresses/);
    const list = (await getMine(boss)).body.shippingAddresses;
    expect(list).toHaveLength(20);
    expect(list.filter((item: { default: boolean }) => item.default)).toHaveLength(1);
  });

  it('validates label, address and phone as the order form does, refusing control characters', async () => {
    const { actor: boss } = await owner();
    const cases: [unknown, string][] = [
      [{ ...address, label: 'Evil\u202E works' }, 'label'],
      [{ ...address, address: 'Mill Road\u0000' }, 'address'],
      [{ ...address, phone: '0114-234' }, 'phone'],
      [{ ...address, phone: '1'.repeat(21) }, 'phone'],
      [{ ...address, label: '' }, 'label'],
      [{ ...address, address: 'x'.repeat(301) }, 'address'],
      [{ label: 'Only a label' }, 'address'],
    ];
    for (const [body, field] of cases) {
      const answer = await addAddress(boss, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.error.details.fields[field], JSON.stringify(body)).toBeTruthy();
    }
    const created = await addAddress(boss, address);
    const control = await patchAddress(boss, created.body._id, { label: 'Tab\tbed' });
    expect(control.status).toBe(422);
    expect((await patchAddress(boss, created.body._id, {})).status).toBe(422);
    expect((await getMine(boss)).body.shippingAddresses).toHaveLength(1);
  });

  it('only a role that manages addresses changes them', async () => {
    const { actor: boss, companyId } = await owner();
    const buyer = await memberOf(companyId, 'buyer');
    const created = await addAddress(boss, address);
    expect((await addAddress(buyer, address)).status).toBe(403);
    expect((await patchAddress(buyer, created.body._id, { label: 'Mine' })).status).toBe(403);
    expect((await removeAddress(buyer, created.body._id)).status).toBe(403);
    expect((await getMine(boss)).body.shippingAddresses).toEqual([created.body]);
  });
});

// ---- Another company's ids -----------------------------------------------------------------

describe("another company's ids", () => {
  it('are answered 404 on every route, and change nothing', async () => {
    const { actor: boss } = await owner('Our Owner');
    const { actor: rival, companyId: rivalId } = await owner('Their Owner');
    const theirMember = await memberOf(rivalId, 'buyer');
    const theirAddress = (await addAddress(rival, address)).body;
    const theirInvitation = (await invite(rival, { email: make.freshEmail(), role: 'buyer' })).body;
    const before = JSON.stringify({
      members: (await listMembers(rival)).body,
      invitations: (await listInvitations(rival)).body,
      company: (await getMine(rival)).body,
    });

    for (const target of [theirMember.user.id, rival.user.id]) {
      const patched = await patchMember(boss, target, { role: 'owner' });
      expect(patched.status).toBe(404);
      expect(patched.body.error.message).toMatch(/no member with this id/);
      expect((await removeMember(boss, target)).status).toBe(404);
    }
    const revoked = await revoke(boss, theirInvitation._id);
    expect(revoked.status).toBe(404);
    const patchedAddress = await patchAddress(boss, theirAddress._id, { label: 'Ours now' });
    expect(patchedAddress.status).toBe(404);
    expect(patchedAddress.body.error.message).toMatch(/no shipping address with this id/);
    expect((await removeAddress(boss, theirAddress._id)).status).toBe(404);
    // And ids of nothing.
    const nothing = new ObjectId().toHexString();
    expect((await patchMember(boss, nothing, { role: 'buyer' })).status).toBe(404);
    expect((await removeMember(boss, nothing)).status).toBe(404);
    expect((await revoke(boss, nothing)).status).toBe(404);
    expect((await patchAddress(boss, nothing, { label: 'X' })).status).toBe(404);
    expect((await removeAddress(boss, nothing)).status).toBe(404);

    const after = JSON.stringify({
      members: (await listMembers(rival)).body,
      invitations: (await listInvitations(rival)).body,
      company: (await getMine(rival)).body,
    });
    expect(after).toBe(before);
  });
});
