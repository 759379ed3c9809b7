import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipients, startSmtpServer, type SmtpServer } from '../support/smtp';
import { hostile, ordinary } from '../support/redirects';
import type { Id } from '@/lib/core/ids';

// An invitation survives signing in and signing up, on the real engine and a real SMTP server:
// the read-only look-up of an invitation by its token (what a join link shows: the company and
// the role only, for an invitation that accepting could use, and nothing for an unknown, used,
// expired, revoked or orphaned one), the sign-in and sign-up pages that show it when its link is
// their callback, and the verification mail's link that leads back to it (safe paths only). The
// environment is set before any app module is imported.

const TRUSTED = 'https://parts.forgeline.test';
const COMPANY = 'Whitfield Engineering Ltd';

let smtp: SmtpServer;
let db: typeof import('../support/db');
let make: typeof import('../support/factories');
let companies: typeof import('@/lib/companies');
let tokens: typeof import('@/lib/companies/invitation-token');
let access: typeof import('@/lib/accounts/access');
let background: typeof import('@/lib/core/background');
let refusalText: typeof import('@/lib/core/refusal').refusalText;
let signupRoute: typeof import('@/app/api/signup/route').POST;
let verifyLink: typeof import('@/app/api/verify-email/route').GET;
let LoginPage: typeof import('@/app/login/page').default;
let SignupPage: typeof import('@/app/signup/page').default;
let users: typeof import('../support/users');

beforeAll(async () => {
  smtp = await startSmtpServer();
  Object.assign(process.env, {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Forgeline Parts <orders@forgeline.test>',
    AUTH_URL: TRUSTED,
  });
  db = await import('../support/db');
  make = await import('../support/factories');
  users = await import('../support/users');
  companies = await import('@/lib/companies');
  tokens = await import('@/lib/companies/invitation-token');
  access = await import('@/lib/accounts/access');
  background = await import('@/lib/core/background');
  ({ refusalText } = await import('@/lib/core/refusal'));
  signupRoute = (await import('@/app/api/signup/route')).POST;
  verifyLink = (await import('@/app/api/verify-email/route')).GET;
  LoginPage = (await import('@/app/login/page')).default;
  SignupPage = (await import('@/app/signup/page')).default;
});

afterAll(async () => {
  await background?.settleBackgroundWork();
  await smtp?.close();
  await db?.closeConnection();
});

async function all() {
  return db.collections(await db.getDb());
}

/** A verified owner of a new company (so they may invite). */
async function ownerOfCompany(name = COMPANY) {
  const owner = await make.makeUser({ name: 'Dana Whitfield', verified: true });
  const company = await companies.createCompanyFor(owner, {
    name,
    taxId: null,
    billingAddress: '12 Mill Road\nSheffield S1 2AB',
  });
  return { owner, companyId: company._id };
}

/** `inviter` invites a new person as `role`: the invitee, and the token of the mailed link. */
async function invite(
  inviter: Awaited<ReturnType<typeof make.makeUser>>,
  role: 'owner' | 'approver' | 'buyer' | 'accounts' = 'buyer',
) {
  const invitee = await make.makeUser({ name: 'Ivy Invitee' });
  const invitation = await companies.inviteMember(
    inviter,
    { email: invitee.email, role, approvalLimitCents: 250_000 },
    TRUSTED,
  );
  const doc = await (
    await all()
  ).companyInvitations.findOne({
    _id: new ObjectId(invitation._id),
  });
  const token = tokens.invitationTokenOf(doc!);
  expect(token).toBeTruthy();
  return { invitee, invitationId: doc!._id, token: token! };
}

const joinPath = (token: string) => `/dashboard/company/join?token=${encodeURIComponent(token)}`;
const refusal = () => refusalText({ key: 'company.invitation_not_found' });

describe('the look-up of an invitation by its token', () => {
  it('shows an open invitation as its company and role, and nothing else', async () => {
    const { owner } = await ownerOfCompany();
    const { invitee, token } = await invite(owner, 'approver');
    const preview = await companies.previewInvitation(token);
    expect(preview).toStrictEqual({ companyName: COMPANY, role: 'approver' });
    // Neither the address it was sent to, nor who sent it, nor the approval limit.
    const shown = JSON.stringify(preview);
    for (const hidden of [invitee.email, owner.email, owner.name, '250000', '2500']) {
      expect(shown).not.toContain(hidden);
    }
  });

  it('names the company as it is called now', async () => {
    const { owner } = await ownerOfCompany('Old Name Fixings Ltd');
    const { token } = await invite(owner);
    await (
      await all()
    ).companies.updateOne({ name: 'Old Name Fixings Ltd' }, { $set: { name: 'New Name Ltd' } });
    expect(await companies.previewInvitation(token)).toStrictEqual({
      companyName: 'New Name Ltd',
      role: 'buyer',
    });
  });

  it('shows nothing for an unknown, malformed, used, expired, revoked or replaced invitation', async () => {
    const { owner } = await ownerOfCompany();
    expect(await companies.previewInvitation('not-a-real-token')).toBeNull();
    expect(await companies.previewInvitation('')).toBeNull();
    expect(await companies.previewInvitation('x'.repeat(201))).toBeNull();

    // Used: accepted once.
    const used = await invite(owner);
    await companies.acceptInvitation(used.invitee, used.token);
    expect(await companies.previewInvitation(used.token)).toBeNull();

    // Expired.
    const expired = await invite(owner);
    await (
      await all()
    ).companyInvitations.updateOne(
      { _id: expired.invitationId },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    expect(await companies.previewInvitation(expired.token)).toBeNull();

    // Revoked.
    const revoked = await invite(owner);
    await companies.revokeInvitation(owner, revoked.invitationId.toHexString() as Id);
    expect(await companies.previewInvitation(revoked.token)).toBeNull();

    // Replaced by a newer invitation of the same person: the older link is dead.
    const first = await invite(owner);
    await companies.inviteMember(
      owner,
      { email: first.invitee.email, role: 'accounts', approvalLimitCents: null },
      TRUSTED,
    );
    expect(await companies.previewInvitation(first.token)).toBeNull();
  });

  it('shows nothing once its sender may no longer invite as its role, and writes nothing itself', async () => {
    const { companyId } = await ownerOfCompany();
    // A second owner invites an owner, then is made a buyer by a change that did not get as far
    // as closing their invitations (a crash between the two writes).
    const second = await make.makeUser({ name: 'Sol Second', verified: true });
    await companies.adminAddCompanyMember(companyId, {
      email: second.email,
      role: 'owner',
      approvalLimitCents: null,
    });
    const { invitee, invitationId, token } = await invite(second, 'owner');
    expect(await companies.previewInvitation(token)).toStrictEqual({
      companyName: COMPANY,
      role: 'owner',
    });
    const c = await all();
    await c.companyMembers.updateOne(
      { companyId: new ObjectId(companyId), userId: new ObjectId(second.id) },
      { $set: { role: 'buyer' } },
    );
    await c.companies.updateOne({ _id: new ObjectId(companyId) }, { $inc: { ownerCount: -1 } });
    const before = await c.companyInvitations.findOne({ _id: invitationId });

    expect(await companies.previewInvitation(token)).toBeNull();
    // Read-only: the invitation is as it was (the accept closes it, and refuses alike).
    expect(await c.companyInvitations.findOne({ _id: invitationId })).toStrictEqual(before);
    await expect(companies.acceptInvitation(invitee, token)).rejects.toMatchObject({
      refusal: { key: 'company.invitation_not_found' },
    });
    expect((await c.companyInvitations.findOne({ _id: invitationId }))?.open).toBe(false);
  });
});

describe('a join link as the callback of signing in or up', () => {
  it('is read from the join page’s path only', () => {
    expect(companies.invitationTokenInPath('/dashboard/company/join?token=abc-123')).toBe(
      'abc-123',
    );
    expect(companies.invitationTokenInPath('/dashboard/company/join?token=a%2Bb&verified=1')).toBe(
      'a+b',
    );
    for (const other of [
      '/',
      '/dashboard/company/join',
      '/dashboard/company/join?token=',
      '/dashboard/company/joined?token=abc',
      '/dashboard/company?token=abc',
      '/login?callbackUrl=%2Fdashboard%2Fcompany%2Fjoin%3Ftoken%3Dabc',
    ]) {
      expect(companies.invitationTokenInPath(other), other).toBeNull();
    }
  });

  it('the login and sign-up pages show the invitation, or the accept’s refusal for a dead link', async () => {
    const { owner } = await ownerOfCompany();
    const { token } = await invite(owner, 'accounts');
    const path = joinPath(token);

    const login = await LoginPage({ searchParams: Promise.resolve({ callbackUrl: path }) });
    expect(login.props.children.props.callbackPath).toBe(path);
    expect(login.props.children.props.invitation).toStrictEqual({
      companyName: COMPANY,
      role: 'accounts',
    });
    const signup = await SignupPage({ searchParams: Promise.resolve({ callbackUrl: path }) });
    expect(signup.props.children.props.callbackPath).toBe(path);
    expect(signup.props.children.props.invitation).toStrictEqual({
      companyName: COMPANY,
      role: 'accounts',
    });

    const dead = joinPath('not-a-real-token');
    for (const page of [LoginPage, SignupPage]) {
      const rendered = await page({ searchParams: Promise.resolve({ callbackUrl: dead }) });
      expect(rendered.props.children.props.invitation).toStrictEqual({ refusal: refusal() });
    }
    // Any other callback shows no invitation.
    const plain = await LoginPage({ searchParams: Promise.resolve({ callbackUrl: '/dashboard' }) });
    expect(plain.props.children.props.invitation).toBeNull();
  });

  it('the sign-up page keeps a safe callback path only, as the login page does', async () => {
    for (const value of [...hostile, ...ordinary]) {
      const page = await SignupPage({ searchParams: Promise.resolve({ callbackUrl: value }) });
      const expected = ordinary.includes(value) ? value : null;
      expect(page.props.children.props.callbackPath, value).toBe(expected);
    }
    const none = await SignupPage({ searchParams: Promise.resolve({}) });
    expect(none.props.children.props.callbackPath).toBeNull();
    expect(none.props.children.props.invitation).toBeNull();
  });
});

describe('the verification mail leads back to the page signed up from', () => {
  let ip = 0;
  const signup = (email: string, callbackUrl?: string) =>
    signupRoute(
      users.request('/api/signup', {
        method: 'POST',
        json: { name: 'Ivy Invitee', email, password: 'secret12', callbackUrl },
        headers: { 'x-forwarded-for': `203.0.113.${(ip++ % 250) + 1}` },
      }),
      users.params({}),
    );

  /** The verification link mailed to `email`. */
  async function mailedLink(email: string): Promise<URL> {
    await background.settleBackgroundWork();
    const mail = await smtp.waitFor(
      (candidate) =>
        recipients(candidate).includes(email) && /^Verify your email/.test(candidate.subject ?? ''),
    );
    const found = /https:\/\/\S+\/api\/verify-email\?\S+/.exec(mail.text ?? '');
    expect(found, mail.text).not.toBeNull();
    return new URL(found![0]);
  }

  const open = (link: URL) =>
    verifyLink(users.request(`${link.pathname}${link.search}`), users.params({}));

  it('an invitee who signs up from the invitation comes back to it once verified', async () => {
    const { owner } = await ownerOfCompany();
    const email = make.freshEmail('invitee');
    const invitation = await companies.inviteMember(
      owner,
      { email, role: 'buyer', approvalLimitCents: null },
      TRUSTED,
    );
    const doc = await (
      await all()
    ).companyInvitations.findOne({
      _id: new ObjectId(invitation._id),
    });
    const path = joinPath(tokens.invitationTokenOf(doc!)!);

    expect((await signup(email, path)).status).toBe(201);
    const link = await mailedLink(email);
    expect(link.origin).toBe(TRUSTED);
    expect(link.searchParams.get('callbackUrl')).toBe(path);
    // The path travels in the link only: the stored verification holds no invitation token.
    const stored = await (await all()).emailVerifications.findOne({ email });
    expect(JSON.stringify(stored)).not.toContain(tokens.invitationTokenOf(doc!)!);

    const opened = await open(link);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`${TRUSTED}${path}&verified=1`);

    // Opened again: used up, so My Profile says the link is invalid, wherever it pointed.
    const again = await open(link);
    expect(again.headers.get('location')).toBe(`${TRUSTED}/dashboard?verified=invalid`);
  });

  it('a sign-up without a page to return to, or with an unsafe one, leads to My Profile', async () => {
    for (const callbackUrl of [undefined, 'https://evil.example/x', '//evil.example', '/\\evil']) {
      const email = make.freshEmail('plain');
      expect((await signup(email, callbackUrl)).status, String(callbackUrl)).toBe(201);
      const link = await mailedLink(email);
      expect(link.searchParams.has('callbackUrl'), String(callbackUrl)).toBe(false);
      const opened = await open(link);
      expect(opened.headers.get('location')).toBe(`${TRUSTED}/dashboard?verified=1`);
    }
  });

  it('a link edited to point elsewhere leads nowhere but the store', async () => {
    const email = make.freshEmail('edited');
    expect((await signup(email)).status).toBe(201);
    const link = await mailedLink(email);
    link.searchParams.set('callbackUrl', '//evil.example/phish');
    const opened = await open(link);
    expect(opened.headers.get('location')).toBe(`${TRUSTED}/dashboard?verified=1`);
  });

  it('where each outcome leads (afterVerificationPath)', () => {
    const path = '/dashboard/company/join?token=abc';
    expect(access.afterVerificationPath('1', path)).toBe(`${path}&verified=1`);
    expect(access.afterVerificationPath('already', path)).toBe(`${path}&verified=already`);
    expect(access.afterVerificationPath('invalid', path)).toBe('/dashboard?verified=invalid');
    expect(access.afterVerificationPath('1', null)).toBe('/dashboard?verified=1');
    for (const value of hostile) {
      expect(access.afterVerificationPath('1', value), value).toBe('/dashboard?verified=1');
    }
  });
});
