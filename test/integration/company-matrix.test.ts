import { ObjectId } from 'mongodb';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListedOperation } from '@/lib/api/contract/document';
import type { CompanyRole } from '@/lib/companies';
import { startStripeStandIn } from '../support/stripe';
import type { Actor } from '../support/users';
import type { OperationCall, OperationKey } from '../support/operations';

/**
 * The company matrix: every company-aware operation × every kind of company member, each cell
 * the exact status written by hand below. The expectations come from the companies' role table
 * (lib/companies/roles.ts) and the company orders' rules (lib/orders/access.ts, approvals.ts):
 * the owner does everything; an approver approves and sees; a buyer orders and sees; accounts
 * sees, reads invoices and pays; a member of another company, however powerful in their own,
 * is told that company X's ids do not exist; someone in no company has no company to act on.
 *
 * As in the main matrix (authorization-matrix.test.ts), each cell is its own test with a valid
 * request, so that the status is the authorization decision and never a validation failure,
 * with its own fixtures where the call changes something; a refusal has the API's error shape
 * and a refused change leaves every collection as it was (rate-limit counters aside).
 */

vi.hoisted(() => {
  // The store's origin is the one each request is made on; no address is an admin by
  // configuration; mail goes to the local outbox.
  delete process.env.AUTH_URL;
  delete process.env.ADMIN_EMAILS;
  delete process.env.SMTP_URL;
  // The machine column's secret is the store's CRON_SECRET: still nobody's sign-in.
  process.env.CRON_SECRET = 'cron-secret-of-the-company-matrix-0123456789';
});

// Card payments go to the local Stripe stand-in, which must be in the environment before any
// app module reads it (lib/core/env parses it once): app modules are imported after it started.
const { standIn, stripe } = await startStripeStandIn();
const { listOperations } = await import('@/lib/api/contract/document');
const ops = await import('../support/operations');
const users = await import('../support/users');
const factories = await import('../support/factories');
const { closeConnection, collections, getDb } = await import('../support/db');
const { settleBackgroundWork } = await import('@/lib/core/background');
const { drainOutbox } = await import('@/lib/core/mail/outbox');
const { findUserById } = await import('@/lib/accounts/store/users');
const { cancelUnpaidOrder, placeOrder } = await import('@/lib/orders/store');
const { preparePayment } = await import('@/lib/orders');
const cart = await import('@/lib/cart');
const companies = await import('@/lib/companies');
const { parseId } = await import('@/lib/core/ids');
const companyFixtures = await import('../support/companies');
const { invitationTokenOf, newInvitationToken } = await import('@/lib/companies/invitation-token');

const actors = [
  'owner',
  'approver',
  'buyer',
  'accounts',
  'other',
  'none',
  'unverified',
  'admin',
  'machine',
] as const;
type ActorName = (typeof actors)[number];
type Row = readonly [number, number, number, number, number, number, number, number, number];

/**
 * The expected status of every cell, in the column order of `actors`: the owner, an approver,
 * a buyer (no approval limit) and an accounts member of company X; `other`, the OWNER of
 * another company Y (every right, in Y only); `none`, a verified buyer in no company;
 * `unverified`, a buyer in no company whose email is not verified; `admin`, the store admin
 * (verified, a member of no company: the store's pages, never a company's own); `machine`, a
 * scheduler sending `Authorization: Bearer <CRON_SECRET>`, nobody's sign-in. These emails are
 * verified but `unverified`'s. People sign in with the session cookie from the store's own
 * page. "X's order" is an order placed by X's buyer.
 */
// prettier-ignore
const expected = {
  //                                                    owner appr  buyer acct  other none  unver admin mach
  // A person belongs to one company at most; creating one needs a verified email.
  'POST /api/companies':                              [409, 409, 409, 409, 409, 201, 403, 201, 401],
  // Each member reads their own company (`other`: Y); changing it is `manageCompany`.
  'GET /api/companies/me':                            [200, 200, 200, 200, 200, 404, 404, 404, 401],
  'PATCH /api/companies/me':                          [200, 403, 403, 403, 200, 404, 404, 404, 401],
  'GET /api/companies/me/members':                    [200, 200, 200, 200, 200, 404, 404, 404, 401],
  // A member of X (a fresh buyer): `manageMembers`; to another company's owner, unknown.
  'PATCH /api/companies/me/members/{userId}':         [200, 403, 403, 403, 404, 404, 404, 404, 401],
  'DELETE /api/companies/me/members/{userId}':        [204, 403, 403, 403, 404, 404, 404, 404, 401],
  'POST /api/companies/me/invitations':               [201, 403, 403, 403, 201, 404, 404, 404, 401],
  'GET /api/companies/me/invitations':                [200, 403, 403, 403, 200, 404, 404, 404, 401],
  'DELETE /api/companies/me/invitations/{invitationId}':[204, 403, 403, 403, 404, 404, 404, 404, 401],
  // An invitation of X to the caller's own email: members of a company cannot join another.
  'POST /api/companies/invitations/accept':           [409, 409, 409, 409, 409, 200, 200, 200, 401],
  // Addresses: `manageAddresses`; an address of X is unknown to Y's owner.
  'POST /api/companies/me/addresses':                 [201, 403, 403, 403, 201, 404, 404, 404, 401],
  'PATCH /api/companies/me/addresses/{addressId}':    [200, 403, 403, 403, 404, 404, 404, 404, 401],
  'DELETE /api/companies/me/addresses/{addressId}':   [204, 403, 403, 403, 404, 404, 404, 404, 401],
  // The company's orders: every role sees them; approving is `approveOrders`.
  'GET /api/companies/me/orders':                     [200, 200, 200, 200, 200, 404, 404, 404, 401],
  'GET /api/approvals':                               [200, 200, 403, 403, 200, 404, 404, 404, 401],
  // An order of X's buyer awaiting approval: approvers and owners of X decide it.
  'POST /api/orders/{id}/approve':                    [200, 200, 403, 403, 404, 404, 404, 404, 401],
  'POST /api/orders/{id}/reject':                     [200, 200, 403, 403, 404, 404, 404, 404, 401],
  // X's orders: every member of X sees them; only their placer deletes them (others reject);
  // paying is `payOrders`, the invoice `viewInvoices`; order again is the placer's shortcut.
  // The store admin reads, deletes, pays and prints any order, as in the main matrix, but
  // orders again their own only: to them, as to anyone outside X, X's order is unknown there.
  'GET /api/orders/{id}':                             [200, 200, 200, 200, 404, 404, 404, 200, 401],
  'DELETE /api/order/{emailOrId}':                    [403, 403, 200, 403, 404, 404, 404, 200, 401],
  'POST /api/create-payment-intent':                  [200, 403, 200, 200, 404, 404, 404, 200, 401],
  'POST /api/orders/{id}/bank-transfer':              [200, 403, 200, 200, 404, 404, 404, 200, 401],
  'PATCH /api/order/{emailOrId}':                     [200, 403, 200, 200, 404, 404, 404, 200, 401],
  'GET /api/orders/{id}/invoice':                     [200, 200, 200, 200, 404, 404, 404, 200, 401],
  'POST /api/orders/{id}/reorder':                    [403, 403, 200, 403, 404, 404, 404, 404, 401],
  // Placing and asking quotes: `placeOrders` (approvers and accounts place nothing); someone
  // in no company orders as always.
  'POST /api/order':                                  [201, 403, 201, 403, 201, 201, 201, 201, 401],
  'POST /api/checkout':                               [201, 403, 201, 403, 201, 201, 201, 201, 401],
  'POST /api/quick-order':                            [200, 403, 200, 403, 200, 200, 200, 200, 401],
  'POST /api/quotes':                                 [201, 403, 201, 403, 201, 201, 201, 201, 401],
  'POST /api/quotes/cart':                            [201, 403, 201, 403, 201, 201, 201, 201, 401],
  // The store admin's company pages: the store admin only, whatever a member's role in their
  // company.
  'GET /api/admin/companies':                         [403, 403, 403, 403, 403, 403, 403, 200, 401],
  'GET /api/admin/companies/{companyId}':             [403, 403, 403, 403, 403, 403, 403, 200, 401],
  'PATCH /api/admin/companies/{companyId}':           [403, 403, 403, 403, 403, 403, 403, 200, 401],
  'POST /api/admin/companies/{companyId}/members':    [403, 403, 403, 403, 403, 403, 403, 201, 401],
  'DELETE /api/admin/companies/{companyId}/members/{userId}':[403, 403, 403, 403, 403, 403, 403, 204, 401],
  'GET /api/admin/companies/{companyId}/terms':       [403, 403, 403, 403, 403, 403, 403, 200, 401],
  'PATCH /api/admin/companies/{companyId}/terms':     [403, 403, 403, 403, 403, 403, 403, 200, 401],
  // Invoices on account: the roles that see and pay invoices (owners, accounts) read their
  // company's (Y's owner reads Y's); an invoice of X is unknown to Y's owner. Recording a
  // payment and voiding are the store admin's, whatever a member's role.
  'GET /api/invoices':                                [200, 403, 403, 200, 200, 404, 404, 200, 401],
  'GET /api/invoices/{id}':                           [200, 403, 403, 200, 404, 404, 404, 200, 401],
  'GET /api/account/statement':                       [200, 403, 403, 200, 200, 404, 404, 404, 401],
  'POST /api/admin/invoices/{id}/payments':           [403, 403, 403, 403, 403, 403, 403, 200, 401],
  'POST /api/admin/invoices/{id}/void':               [403, 403, 403, 403, 403, 403, 403, 200, 401],
} satisfies Record<OperationKey, Row>;
type RowKey = keyof typeof expected;

/** Whether the operation concerns companies by its path: each must have a row above. */
const isCompanyOperation = ({ path }: Pick<ListedOperation, 'path'>) =>
  path.startsWith('/api/companies') ||
  path.startsWith('/api/admin/companies') ||
  path.startsWith('/api/invoices') ||
  path.startsWith('/api/account/') ||
  path.startsWith('/api/admin/invoices') ||
  path.startsWith('/api/approvals') ||
  path.endsWith('/approve') ||
  path.endsWith('/reject');

const operations = listOperations();

// ---- The callers and the shared fixtures ----------------------------------------------------

let owner: Actor;
let approver: Actor;
let buyer: Actor;
let accounts: Actor;
/** The owner of company Y. */
let other: Actor;
/** Signed in, in no company. */
let none: Actor;
/** Signed in, in no company, email not verified. */
let unverified: Actor;
/** The store admin, in no company. */
let admin: Actor;
let companyX: ObjectId;
let companyY: ObjectId;
let product: Awaited<ReturnType<typeof factories.makeProduct>>;
/** A paid order of X's buyer: read only (its invoice, order again). */
let paidOrderOfBuyer: { _id: string };
/** A buyer of X, for the cells that must leave them as they are (refused). */
let sharedBuyerOfX: string;
/** A person in no company, for the refused cells that would add them to X. */
let outsider: Awaited<ReturnType<typeof factories.makeUser>>;

/** The signed-in person of a column (the machine is nobody). */
const person = (actor: Exclude<ActorName, 'machine'>): Actor =>
  ({ owner, approver, buyer, accounts, other, none, unverified, admin })[actor];

/** The company whose `me` the actor is: X for its members, Y for `other`, else none. */
const companyOf = (actor: ActorName): ObjectId | null =>
  actor === 'other'
    ? companyY
    : ['owner', 'approver', 'buyer', 'accounts'].includes(actor)
      ? companyX
      : null;

/** What the column sends: a person's session cookie, or the machine's bearer secret. */
const credentialsOf = (actor: ActorName): Record<string, string> =>
  actor === 'machine'
    ? { Authorization: `Bearer ${process.env.CRON_SECRET}` }
    : person(actor).session;

let ipCounter = 0;
/** Each request from its own client address, so per-address limits never decide a cell. */
const freshIp = () => `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

/** A signed-in person with a verified email (the usual unpaid-orders cap and hold). */
async function verifiedActor(name: string, role: 'user' | 'admin' = 'user'): Promise<Actor> {
  const actor = await users.createActor(role, name);
  await factories.verifyEmail(actor.user);
  return { ...actor, user: (await findUserById(actor.user.id))! };
}

/** Adds `actor` to company X as `role`, as an accepted invitation does. */
async function joinX(actor: Actor, role: CompanyRole): Promise<void> {
  await collections(await getDb()).companyMembers.insertOne({
    _id: new ObjectId(),
    companyId: companyX,
    userId: new ObjectId(actor.user.id),
    role,
    approvalLimitCents: null,
    joinedAt: new Date(),
  });
}

beforeAll(async () => {
  [owner, approver, buyer, accounts, other, none, unverified, admin] = await Promise.all([
    verifiedActor('Olive Owner'),
    verifiedActor('Abe Approver'),
    verifiedActor('Bea Buyer'),
    verifiedActor('Cal Accounts'),
    verifiedActor('Otto Other'),
    verifiedActor('Nia None'),
    users.createActor('user', 'Una Verified'),
    verifiedActor('Ada Admin', 'admin'),
  ]);
  const [x, y] = await Promise.all([
    companies.createCompanyFor(owner.user, {
      name: 'X Matrix Works Ltd',
      taxId: null,
      billingAddress: '1 Matrix Way, Leeds',
    }),
    companies.createCompanyFor(other.user, {
      name: 'Y Other Works Ltd',
      taxId: null,
      billingAddress: '9 Other Road, York',
    }),
  ]);
  companyX = new ObjectId(x._id);
  companyY = new ObjectId(y._id);
  await Promise.all([
    joinX(approver, 'approver'),
    joinX(buyer, 'buyer'),
    joinX(accounts, 'accounts'),
  ]);
  [product, sharedBuyerOfX, outsider] = await Promise.all([
    factories.makeProduct({ availableQuantity: 1_000_000_000 }),
    freshBuyerOfX(),
    factories.makeUser({ name: 'Out Sider' }),
  ]);
  paidOrderOfBuyer = await orderOfX({ paidWith: paymentId() });
});

afterAll(async () => {
  await settleBackgroundWork();
  await standIn.stop();
  await closeConnection();
});

// ---- Fixtures for the cells that change something ------------------------------------------

const paymentId = () => `pi_company${randomBytes(6).toString('hex')}`;
const matrixAddress = { label: 'Matrix works', address: '1 Matrix Way, Leeds', phone: '0113' };
const delivery = { address: '12 Foundry Lane, Sheffield', phone: '01142345678' };

/**
 * An order of X's buyer as a member's order is placed (the company and its placer on it): unpaid,
 * awaiting approval (as above a limit of 0), or paid with `paidWith`.
 */
async function orderOfX({
  awaiting = false,
  paidWith,
}: { awaiting?: boolean; paidWith?: string } = {}) {
  const placed = await placeOrder({
    lines: [{ productId: product._id, quantity: product.minimumOrderQuantity }],
    ...delivery,
    user: { id: buyer.user.id, name: buyer.user.name, email: buyer.user.email },
    maxUnpaid: Number.MAX_SAFE_INTEGER,
    holdMs: 24 * 60 * 60 * 1000,
    company: {
      companyId: companyX.toHexString(),
      limitCents: awaiting ? 0 : null,
      approval: { holdMs: 72 * 60 * 60 * 1000, outbox: [], allowed: true },
    },
  });
  if (!placed.ok) throw new Error(`orderOfX: refused (${placed.reason})`);
  expect(placed.status).toBe(awaiting ? 'awaiting_approval' : 'unpaid');
  if (paidWith) await factories.payOrder(placed.insertedId, paidWith);
  return { _id: placed.insertedId };
}

let invoiceOfXId: string | null = null;

/** A new invoice on account of company X (as `invoiceOfX`), for a cell that changes it. */
function newInvoiceOfX(): Promise<string> {
  return companyFixtures.openInvoiceOf(admin.user, companyX.toHexString(), buyer.user, product);
}

/**
 * An invoice on account of company X, issued (once, shared by the cells: none of them changes
 * it): X on net 30 invoiced at ordering, an order X's buyer places on account, the invoice job.
 */
async function invoiceOfX(): Promise<string> {
  invoiceOfXId ??= await companyFixtures.openInvoiceOf(
    (await users.createActor('admin', 'Ada Admin')).user,
    companyX.toHexString(),
    buyer.user,
    product,
  );
  return invoiceOfXId;
}

/** An unpaid order of X's buyer whose PaymentIntent Stripe (the stand-in) says succeeded. */
async function orderOfXPaidAtStripe() {
  const order = await orderOfX();
  const { clientSecret } = await preparePayment(buyer.user, order._id, 'http://127.0.0.1');
  const intentId = clientSecret.split('_secret_')[0]!;
  await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
  return { order, intentId };
}

/**
 * Cancels every open order made so far (unpaid or awaiting approval), so the unpaid-orders cap
 * never decides a cell that places one.
 */
async function clearOpenOrders() {
  const open = await collections(await getDb())
    .orders.find(
      { status: { $in: ['unpaid', 'awaiting_approval'] } },
      { projection: { _id: 1, status: 1 } },
    )
    .toArray();
  for (const { _id, status } of open) {
    await cancelUnpaidOrder(_id.toHexString(), { kind: 'system' }, 'cancelled_by_store', {
      from: status as 'unpaid' | 'awaiting_approval',
    });
  }
}

/** A new buyer in company X: the member a member cell changes. */
async function freshBuyerOfX(): Promise<string> {
  const member = await factories.makeUser({ name: 'Mem Ber' });
  await collections(await getDb()).companyMembers.insertOne({
    _id: new ObjectId(),
    companyId: companyX,
    userId: new ObjectId(member.id),
    role: 'buyer',
    approvalLimitCents: null,
    joinedAt: new Date(),
  });
  return member.id;
}

/** A new shipping address of X (its list emptied first, so it never runs full). */
async function addressOfX(): Promise<string> {
  await collections(await getDb()).companies.updateOne(
    { _id: companyX },
    { $set: { shippingAddresses: [] } },
  );
  return (await companies.addShippingAddress(owner.user, matrixAddress))._id;
}

/**
 * The token of an open invitation into X for `email`: sent by X's owner as the store sends it,
 * or stored as such when the person belongs to a company already (the store refuses to invite
 * them; an invitation sent before they joined one is still open).
 */
async function invitationOfX(email: string, member: boolean): Promise<string> {
  const invitations = collections(await getDb()).companyInvitations;
  if (!member) {
    await companies.inviteMember(owner.user, { email, role: 'buyer' }, 'http://127.0.0.1');
  } else {
    const now = new Date();
    const { tokenSeed, tokenHash } = newInvitationToken();
    await invitations.insertOne({
      _id: new ObjectId(),
      companyId: companyX,
      email: email.toLowerCase(),
      role: 'buyer',
      approvalLimitCents: null,
      invitedBy: new ObjectId(owner.user.id),
      inviterName: owner.user.name,
      companyName: 'X Matrix Works Ltd',
      invitedAt: now,
      expiresAt: new Date(now.getTime() + 7 * 86_400_000),
      tokenHash,
      tokenSeed,
      open: true,
    });
  }
  const stored = await invitations.findOne({ email: email.toLowerCase(), open: true });
  return invitationTokenOf(stored!)!;
}

// ---- A valid request for each operation ----------------------------------------------------

type Answer = Awaited<ReturnType<typeof ops.readAnswer>>;

/** A cell's request, with anything to check beyond the status. */
interface Prepared extends OperationCall {
  /** Checks of the answer beyond its status (`answer` already read). */
  verify?: (answer: Answer, actor: ActorName) => void;
}

/** The answer is about the caller's own company (X, or Y for `other`). */
const aboutOwnCompany = (answer: Answer, actor: ActorName) => {
  if (answer.status !== 200) return;
  expect(answer.json).toMatchObject({ _id: companyOf(actor)!.toHexString() });
};

/** The statement is of the caller's own company (X, or Y for `other`). */
const aboutOwnCompanyId = (answer: Answer, actor: ActorName) => {
  if (answer.status !== 200) return;
  expect(answer.json).toMatchObject({ companyId: companyOf(actor)!.toHexString() });
};

/**
 * A new person of the column's kind in no company, for the cells that make someone in no
 * company join or create one (`none`, `unverified`, `admin`), so that the column's own person
 * stays in none.
 */
async function freshNone(actor: ActorName): Promise<Actor | null> {
  if (actor === 'none') return verifiedActor('Nia New');
  if (actor === 'unverified') return users.createActor('user', 'Una New');
  if (actor === 'admin') return verifiedActor('Ada New', 'admin');
  return null;
}

/** The session cookie of `fresh` in place of the caller's, if there is one. */
const sessionOf = (fresh: Actor | null): Record<string, string> =>
  fresh ? { Cookie: fresh.session.Cookie! } : {};

/**
 * Each operation's valid request from `actor`, whose expected `status` tells whether the call
 * changes something: a cell that must be refused may use the shared fixtures (the snapshot
 * shows they stay as they were); a cell that succeeds gets fresh ones.
 */
const cases: Record<RowKey, (actor: ActorName, status: number) => Promise<Prepared>> = {
  'POST /api/companies': async (actor) => {
    const fresh = await freshNone(actor);
    return {
      headers: sessionOf(fresh),
      json: { name: 'Matrix Works Ltd', billingAddress: '1 Matrix Way, Leeds' },
      verify: (answer) => {
        if (answer.status === 201) {
          expect(answer.json).toMatchObject({ membership: { role: 'owner' } });
        }
      },
    };
  },
  'GET /api/companies/me': async () => ({
    verify: (answer, actor) => {
      aboutOwnCompany(answer, actor);
      if (answer.status === 200) {
        const role = { owner: 'owner', other: 'owner' }[actor as 'owner'] ?? actor;
        expect(answer.json).toMatchObject({ membership: { role } });
      }
    },
  }),
  'PATCH /api/companies/me': async () => ({
    json: { billingAddress: '2 Matrix Way, Leeds' },
    verify: aboutOwnCompany,
  }),
  'GET /api/companies/me/members': async () => ({
    verify: (answer, actor) => {
      if (answer.status !== 200) return;
      const { items } = answer.json as { items: Array<{ userId: string }> };
      const ids = items.map((item) => item.userId);
      expect(ids).toContain(person(actor as 'owner').user.id);
      // Y's owner sees Y's members only.
      if (actor === 'other') expect(ids).not.toContain(owner.user.id);
    },
  }),
  'PATCH /api/companies/me/members/{userId}': async (_, status) => ({
    params: { userId: status < 400 ? await freshBuyerOfX() : sharedBuyerOfX },
    json: { role: 'approver', approvalLimitCents: 100_000 },
  }),
  'DELETE /api/companies/me/members/{userId}': async (_, status) => ({
    params: { userId: status < 400 ? await freshBuyerOfX() : sharedBuyerOfX },
  }),
  'POST /api/companies/me/invitations': async () => ({
    json: { email: factories.freshEmail('invitee'), role: 'buyer' },
    verify: (answer) => {
      if (answer.status === 201) expect(answer.json).toMatchObject({ role: 'buyer' });
    },
  }),
  'GET /api/companies/me/invitations': async () => ({}),
  'DELETE /api/companies/me/invitations/{invitationId}': async () => {
    const invitation = await companies.inviteMember(
      owner.user,
      { email: factories.freshEmail('invitee'), role: 'buyer' },
      'http://127.0.0.1',
    );
    return { params: { invitationId: invitation._id } };
  },
  'POST /api/companies/invitations/accept': async (actor) => {
    const fresh = await freshNone(actor);
    const caller = fresh ?? (actor === 'machine' ? none : person(actor));
    return {
      headers: sessionOf(fresh),
      json: { token: await invitationOfX(caller.user.email, !fresh) },
      verify: (answer) => {
        if (answer.status === 200) {
          expect(answer.json).toMatchObject({
            _id: companyX.toHexString(),
            membership: { role: 'buyer' },
          });
        }
      },
    };
  },
  'POST /api/companies/me/addresses': async () => ({ json: matrixAddress }),
  'PATCH /api/companies/me/addresses/{addressId}': async () => ({
    params: { addressId: await addressOfX() },
    json: { label: 'Matrix depot', default: true },
  }),
  'DELETE /api/companies/me/addresses/{addressId}': async () => ({
    params: { addressId: await addressOfX() },
  }),
  'GET /api/companies/me/orders': async () => ({}),
  'GET /api/approvals': async () => ({}),
  'POST /api/orders/{id}/approve': async () => ({
    params: { id: (await orderOfX({ awaiting: true }))._id },
    verify: (answer) => {
      if (answer.status === 200) expect(answer.json).toMatchObject({ status: 'unpaid' });
    },
  }),
  'POST /api/orders/{id}/reject': async () => ({
    params: { id: (await orderOfX({ awaiting: true }))._id },
    json: { reason: 'Over this quarter’s budget.' },
    verify: (answer) => {
      if (answer.status === 200) expect(answer.json).toMatchObject({ status: 'cancelled' });
    },
  }),
  'GET /api/orders/{id}': async () => ({ params: { id: (await orderOfX())._id } }),
  'DELETE /api/order/{emailOrId}': async () => ({
    params: { emailOrId: (await orderOfX())._id },
  }),
  'POST /api/create-payment-intent': async () => ({
    json: { orderId: (await orderOfX())._id, price: 1 },
  }),
  'POST /api/orders/{id}/bank-transfer': async () => ({
    params: { id: (await orderOfX())._id },
  }),
  'PATCH /api/order/{emailOrId}': async () => {
    const { order, intentId } = await orderOfXPaidAtStripe();
    return {
      params: { emailOrId: order._id },
      json: { order: order._id, transactionId: intentId },
      verify: (answer) => {
        if (answer.status === 200) expect(answer.json).toMatchObject({ status: 'paid' });
      },
    };
  },
  'GET /api/orders/{id}/invoice': async () => ({
    params: { id: paidOrderOfBuyer._id },
    verify: (answer) => {
      if (answer.status === 200) expect(answer.contentType).toBe('application/pdf');
    },
  }),
  'POST /api/orders/{id}/reorder': async () => ({
    params: { id: paidOrderOfBuyer._id },
    verify: (answer) => {
      if (answer.status === 200) expect(answer.json).toMatchObject({ skipped: [] });
    },
  }),
  'POST /api/order': async () => {
    await clearOpenOrders();
    return {
      json: { productId: product._id, quantity: 500, ...delivery, poNumber: 'PO-4711' },
    };
  },
  'POST /api/checkout': async (actor) => {
    await clearOpenOrders();
    if (actor !== 'machine') {
      await cart.setCartQuantity(person(actor).user, parseId(product._id)!, 500);
    }
    return {
      json: delivery,
      verify: (answer) => {
        if (answer.status === 201) {
          expect(answer.json).toMatchObject({ insertedId: expect.any(String) });
        }
      },
    };
  },
  'POST /api/quick-order': async () => {
    await clearOpenOrders();
    return {
      json: { text: `${product.sku},500`, ...delivery },
      verify: (answer) => {
        if (answer.status === 200) {
          expect(answer.json).toMatchObject({ order: { _id: expect.any(String) }, failed: [] });
        }
      },
    };
  },
  'POST /api/quotes': async () => ({
    json: {
      productId: product._id,
      quantity: 50_000,
      neededBy: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      ...delivery,
      note: 'Two pallets.',
    },
  }),
  'POST /api/quotes/cart': async (actor) => {
    if (actor !== 'machine') {
      await cart.setCartQuantity(person(actor).user, parseId(product._id)!, 1_000);
    }
    return {
      json: delivery,
      verify: (answer) => {
        if (answer.status === 201) {
          expect(answer.json).toMatchObject({ lines: [{ productId: product._id }] });
        }
      },
    };
  },
  'GET /api/admin/companies': async () => ({ query: 'q=matrix&limit=5' }),
  'GET /api/admin/companies/{companyId}': async () => ({
    params: { companyId: companyX.toHexString() },
  }),
  'PATCH /api/admin/companies/{companyId}': async () => ({
    params: { companyId: companyX.toHexString() },
    json: { priceListId: null },
  }),
  // Refused to all but the store admin, who is given a person and a member of their own.
  'POST /api/admin/companies/{companyId}/members': async (_, status) => ({
    params: { companyId: companyX.toHexString() },
    json: {
      email: status < 400 ? (await factories.makeUser({ name: 'Jo Ining' })).email : outsider.email,
      role: 'buyer',
    },
  }),
  'DELETE /api/admin/companies/{companyId}/members/{userId}': async (_, status) => ({
    params: {
      companyId: companyX.toHexString(),
      userId: status < 400 ? await freshBuyerOfX() : sharedBuyerOfX,
    },
  }),
  'GET /api/admin/companies/{companyId}/terms': async () => ({
    params: { companyId: companyX.toHexString() },
  }),
  'PATCH /api/admin/companies/{companyId}/terms': async () => ({
    params: { companyId: companyX.toHexString() },
    json: { mode: 'net', netDays: 30, creditLimitCents: 1_000_000 },
  }),
  'GET /api/invoices': async () => ({
    verify: (answer, actor) => {
      if (answer.status !== 200) return;
      const { items } = answer.json as { items: Array<{ companyId: string }> };
      // Each member reads their own company's only (Y's owner: Y's); the store admin every
      // company's.
      if (actor === 'admin') return;
      for (const item of items) expect(item.companyId).toBe(companyOf(actor)!.toHexString());
    },
  }),
  'GET /api/invoices/{id}': async () => {
    const id = await invoiceOfX();
    return {
      params: { id },
      verify: (answer) => {
        if (answer.status === 200) expect(answer.json).toMatchObject({ _id: id });
      },
    };
  },
  'GET /api/account/statement': async () => ({
    verify: aboutOwnCompanyId,
  }),
  // The shared invoice for the refused cells; a new one for the store admin's.
  'POST /api/admin/invoices/{id}/payments': async (_, status) => ({
    params: { id: status < 400 ? await newInvoiceOfX() : await invoiceOfX() },
    json: { amountCents: 1, reference: 'Cheque 000123' },
  }),
  'POST /api/admin/invoices/{id}/void': async (_, status) => ({
    params: { id: status < 400 ? await newInvoiceOfX() : await invoiceOfX() },
  }),
};

// ---- The matrix ------------------------------------------------------------------------------

function operationOf(key: RowKey): ListedOperation {
  const operation = operations.find((listed) => ops.operationKey(listed) === key);
  if (!operation) throw new Error(`${key} is not an operation of the OpenAPI document`);
  return operation;
}

describe('the company matrix', () => {
  it('has a row for every company operation of the OpenAPI document, and only real operations', () => {
    const company = operations.filter(isCompanyOperation).map(ops.operationKey).sort();
    expect(company.length).toBeGreaterThan(10);
    const rows = new Set<string>(Object.keys(expected));
    expect(company.filter((key) => !rows.has(key))).toEqual([]);
    const documented = new Set<string>(operations.map(ops.operationKey));
    expect(Object.keys(expected).filter((key) => !documented.has(key))).toEqual([]);
    expect(Object.keys(cases).sort()).toEqual(Object.keys(expected).sort());
  });

  describe.each(Object.keys(expected) as RowKey[])('%s', (key) => {
    actors.forEach((actor, column) => {
      const status = expected[key][column]!;
      it(`${actor} → ${status}`, async () => {
        const operation = operationOf(key);
        const { verify, ...call } = await cases[key](actor, status);
        const refusedChange = status >= 400 && operation.method !== 'GET';
        if (refusedChange) {
          // Work started by earlier cells (mails queued by their orders, sent after their
          // answers or by a sweep) must not count as a change made by this refused request.
          await settleBackgroundWork();
          await drainOutbox();
        }
        const before = refusedChange ? await ops.databaseSnapshot() : null;

        const answer = await ops.readAnswer(
          await ops.callOperation(operation, {
            ...call,
            headers: { ...credentialsOf(actor), 'x-forwarded-for': freshIp(), ...call.headers },
          }),
        );

        expect(answer.status, `${actor}: ${answer.text.slice(0, 300)}`).toBe(status);
        if (status >= 400) expect(ops.errorShapeProblem(answer)).toBeNull();
        if (before) {
          await settleBackgroundWork();
          expect(ops.snapshotChanges(before, await ops.databaseSnapshot())).toEqual([]);
        }
        // Every caller here sends a credential: answered privately (private-answers.test.ts).
        expect(answer.headers.get('cache-control')).toBe('private, no-store');
        verify?.(answer, actor);
      });
    });
  });
});
