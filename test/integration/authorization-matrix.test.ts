import { ObjectId } from 'mongodb';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListedOperation } from '@/lib/api/contract/document';
import { pngImage } from '../../e2e/fixtures/images';
import { startStripeStandIn } from '../support/stripe';
import type { Actor } from '../support/users';
import type { OperationCall, OperationKey } from '../support/operations';

/**
 * The authorization matrix: every operation of the OpenAPI document × every kind of caller,
 * each cell the exact status written by hand below. The expectations come from what each
 * operation is for (the specification and the access rules), not from the document, so a
 * handler that checks less than it should fails here even when its declaration agrees with it.
 *
 * Each cell is its own test with its own fixtures where the call changes something (an order
 * of buyer A to delete, a paid order for its invoice, a user to remove), and a valid request,
 * so that the status is the authorization decision and never a validation failure. A refused
 * change must also leave every collection as it was (rate-limit counters aside).
 */

vi.hoisted(() => {
  // The store's origin is the one each request is made on; no address is an admin by
  // configuration; mail goes to the local outbox.
  delete process.env.AUTH_URL;
  delete process.env.ADMIN_EMAILS;
  delete process.env.SMTP_URL;
  // GET /api/metrics and GET /api/cron/{job} are on: the machine column sends their secrets
  // (both off, 404, without them: test/integration/metrics-off.test.ts, machine-secrets.test.ts).
  process.env.METRICS_TOKEN = 'metrics-token-of-the-matrix-0123456789';
  process.env.CRON_SECRET = 'cron-secret-of-the-matrix-0123456789abcdef';
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
const { changeAdminRole } = await import('@/lib/accounts/store/admin-roles');
const { findUserById } = await import('@/lib/accounts/store/users');
const { cancelUnpaidOrder } = await import('@/lib/orders/store');
const { createPasswordReset } = await import('@/lib/accounts/store/password-resets');
const { placeOrderFor, preparePayment } = await import('@/lib/orders');
const quotes = await import('@/lib/quotes');
const cart = await import('@/lib/cart');
const companies = await import('@/lib/companies');
const pricing = await import('@/lib/pricing');
const { parseId } = await import('@/lib/core/ids');
const companyFixtures = await import('../support/companies');
const { invitationTokenOf } = await import('@/lib/companies/invitation-token');

const actors = [
  'anonymous',
  'buyerA',
  'buyerB',
  'verified',
  'admin',
  'machine',
  'removedToken',
  'removedSession',
  'demotedAdmin',
] as const;
type ActorName = (typeof actors)[number];

/**
 * The expected status of every cell, in the column order of `actors`:
 * anonymous; buyer A (who owns the orders and the account the path names) and buyer B (another
 * buyer), both with their email NOT verified (the unverified buyer: at most 3 unpaid orders,
 * held 30 minutes); `verified`, another buyer whose email is verified; the store admin; the
 * machine, a scheduler or scraper sending `Authorization: Bearer <CRON_SECRET>` (its
 * METRICS_TOKEN to GET /api/metrics), which is nobody's sign-in; a removed user's bearer token
 * and session cookie, both issued before the removal and not yet expired; an admin demoted to
 * buyer, with the session from before. People use the session cookie from the store's own
 * page, as the browser does. A company's roles (owner, approver, buyer, accounts) and another
 * company's member are the columns of test/integration/company-matrix.test.ts; here each
 * signed-in person acts as the owner of a company of their own where a cell needs one.
 */
// prettier-ignore
const expected: Record<OperationKey, readonly [number, number, number, number, number, number, number, number, number]> = {
  //                                            anon    A      B  verif admin mach  rmTok rmSes demoted
  'GET /api/product':                         [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/product':                        [401, 403, 403, 403, 201, 401, 401, 401, 403],
  'GET /api/product/{productId}':             [200, 200, 200, 200, 200, 200, 200, 200, 200],
  // The fixture's picture is on this origin: a redirect to it, for anyone.
  'GET /api/product/{productId}/picture':     [307, 307, 307, 307, 307, 307, 307, 307, 307],
  'PATCH /api/product/{productId}':           [401, 403, 403, 403, 200, 401, 401, 401, 403],
  'DELETE /api/product/{productId}':          [401, 403, 403, 403, 200, 401, 401, 401, 403],
  'POST /api/order':                          [401, 201, 201, 201, 201, 401, 401, 401, 201],
  // The order list: everyone signed in has their own; checkout places it as one order.
  'GET /api/cart':                            [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'DELETE /api/cart':                         [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'GET /api/cart/count':                      [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'POST /api/cart/lines':                     [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'PUT /api/cart/lines/{productId}':          [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'DELETE /api/cart/lines/{productId}':       [401, 200, 200, 200, 200, 401, 401, 401, 200],
  // Sending one's list to a colleague who orders, in one's own company (each signed-in actor
  // owns one here, with a buyer): any member, whatever their role or verification.
  'POST /api/cart/share':                     [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'POST /api/checkout':                       [401, 201, 201, 201, 201, 401, 401, 401, 201],
  // Companies: anyone signed in whose email is verified creates one (when they belong to none;
  // these actors' emails are not verified: 403) and reads and changes their own (as its owner,
  // here).
  'POST /api/companies':                      [401, 403, 403, 201, 403, 401, 401, 401, 403],
  'GET /api/companies/me':                    [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'PATCH /api/companies/me':                  [401, 200, 200, 200, 200, 401, 401, 401, 200],
  // A company's members, invitations and addresses: each signed-in actor as the owner of their
  // own company; an id of buyer A's company is A's alone (404 to every other company's owner,
  // admins included: the store admin's pages are /api/admin/companies). Accepting: anyone
  // signed in, with an invitation to their own email.
  'GET /api/companies/me/members':            [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'PATCH /api/companies/me/members/{userId}': [401, 200, 404, 404, 404, 401, 401, 401, 404],
  'DELETE /api/companies/me/members/{userId}':[401, 204, 404, 404, 404, 401, 401, 401, 404],
  // Inviting needs a verified email: these actors' emails are not verified.
  'POST /api/companies/me/invitations':       [401, 403, 403, 201, 403, 401, 401, 401, 403],
  'GET /api/companies/me/invitations':        [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'DELETE /api/companies/me/invitations/{invitationId}':[401, 204, 404, 404, 404, 401, 401, 401, 404],
  'POST /api/companies/invitations/accept':   [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'POST /api/companies/me/addresses':         [401, 201, 201, 201, 201, 401, 401, 401, 201],
  'PATCH /api/companies/me/addresses/{addressId}':[401, 200, 404, 404, 404, 401, 401, 401, 404],
  'DELETE /api/companies/me/addresses/{addressId}':[401, 204, 404, 404, 404, 401, 401, 401, 404],
  // The store admin's company pages: admins only (a company's own owner uses /api/companies/me).
  'GET /api/admin/companies':                 [401, 403, 403, 403, 200, 401, 401, 401, 403],
  'GET /api/admin/companies/{companyId}':     [401, 403, 403, 403, 200, 401, 401, 401, 403],
  'GET /api/admin/companies/{companyId}/terms':[401, 403, 403, 403, 200, 401, 401, 401, 403],
  'PATCH /api/admin/companies/{companyId}/terms':[401, 403, 403, 403, 200, 401, 401, 401, 403],
  // Price lists (contract prices): admins only.
  'PATCH /api/admin/companies/{companyId}':   [401, 403, 403, 403, 200, 401, 401, 401, 403],
  'GET /api/admin/price-lists':               [401, 403, 403, 403, 200, 401, 401, 401, 403],
  'POST /api/admin/price-lists':              [401, 403, 403, 403, 201, 401, 401, 401, 403],
  'GET /api/admin/price-lists/{id}':          [401, 403, 403, 403, 200, 401, 401, 401, 403],
  'PATCH /api/admin/price-lists/{id}':        [401, 403, 403, 403, 200, 401, 401, 401, 403],
  'DELETE /api/admin/price-lists/{id}':       [401, 403, 403, 403, 200, 401, 401, 401, 403],
  'PUT /api/admin/price-lists/{id}/entries/{productId}':[401, 403, 403, 403, 200, 401, 401, 401, 403],
  'DELETE /api/admin/price-lists/{id}/entries/{productId}':[401, 403, 403, 403, 200, 401, 401, 401, 403],
  'POST /api/admin/price-lists/{id}/entries/import':[401, 403, 403, 403, 200, 401, 401, 401, 403],
  // A member's own contract prices: anyone may ask (a guest, or a caller without a valid
  // credential, is answered no prices), always privately.
  'GET /api/prices':                          [200, 200, 200, 200, 200, 200, 200, 200, 200],
  // Invoices on account: each signed-in actor reads their own company's (as its owner), admins
  // every company's; an invoice of A's company is unknown to every other company's owner.
  // Recording a payment and voiding: admins only.
  'GET /api/invoices':                        [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'GET /api/invoices/{id}':                   [401, 200, 404, 404, 200, 401, 401, 401, 404],
  'GET /api/account/statement':               [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'POST /api/admin/invoices/{id}/payments':   [401, 403, 403, 403, 200, 401, 401, 401, 403],
  'POST /api/admin/invoices/{id}/void':       [401, 403, 403, 403, 200, 401, 401, 401, 403],
  // Money to return marked returned (each cell its own entry): admins only.
  'POST /api/admin/money-to-return/{id}/returned':[401, 403, 403, 403, 200, 401, 401, 401, 403],
  'POST /api/admin/companies/{companyId}/members':[401, 403, 403, 403, 201, 401, 401, 401, 403],
  'DELETE /api/admin/companies/{companyId}/members/{userId}':[401, 403, 403, 403, 204, 401, 401, 401, 403],
  'GET /api/order/{emailOrId}':               [401, 200, 403, 403, 200, 401, 401, 401, 403],
  'DELETE /api/order/{emailOrId}':            [401, 200, 403, 403, 200, 401, 401, 401, 403],
  'PATCH /api/order/{emailOrId}':             [401, 200, 403, 403, 200, 401, 401, 401, 403],
  // Quick order: any signed-in person, as POST /api/order (an admin orders for themself).
  'POST /api/quick-order/check':              [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'POST /api/quick-order':                    [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'POST /api/quick-order/cart':               [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'GET /api/orders/{id}':                     [401, 200, 403, 403, 200, 401, 401, 401, 403],
  // A company's orders and approvals: each signed-in caller owns a company of their own. An
  // order awaiting the approval of A's company is decided by A (its owner) only: to everyone
  // else, admins included (they are not members), it is an unknown id.
  'GET /api/companies/me/orders':             [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'GET /api/approvals':                       [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'POST /api/orders/{id}/approve':            [401, 200, 404, 404, 404, 401, 401, 401, 404],
  'POST /api/orders/{id}/reject':             [401, 200, 404, 404, 404, 401, 401, 401, 404],
  'PATCH /api/orders/{id}/status':            [401, 403, 403, 403, 200, 401, 401, 401, 403],
  'GET /api/orders/{id}/invoice':             [401, 200, 403, 403, 200, 401, 401, 401, 403],
  // Order again: only the order's buyer (an admin does not refill a buyer's list).
  'POST /api/orders/{id}/reorder':            [401, 200, 403, 403, 403, 401, 401, 401, 403],
  'GET /api/allOrder':                        [401, 403, 403, 403, 200, 401, 401, 401, 403],
  // Quotes: everyone signed in lists their own (admins all) and requests; admins answer; only
  // the quote's buyer accepts it (an admin does not accept for them).
  'GET /api/quotes':                          [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'POST /api/quotes':                         [401, 201, 201, 201, 201, 401, 401, 401, 201],
  'PATCH /api/quotes/{id}':                   [401, 403, 403, 403, 200, 401, 401, 401, 403],
  'POST /api/quotes/{id}/accept':             [401, 201, 403, 403, 403, 401, 401, 401, 403],
  // A quote for the whole order list: anyone signed in, for their own list.
  'POST /api/quotes/cart':                    [401, 201, 201, 201, 201, 401, 401, 401, 201],
  'POST /api/create-payment-intent':          [401, 200, 403, 403, 200, 401, 401, 401, 403],
  // Paying by bank transfer: as the card payment, the order's buyer or an admin.
  'POST /api/orders/{id}/bank-transfer':      [401, 200, 403, 403, 200, 401, 401, 401, 403],
  // Only Stripe's signature authorizes an event; no credential of ours stands in for it.
  'POST /api/webhooks/stripe':                [400, 400, 400, 400, 400, 400, 400, 400, 400],
  'GET /api/review':                          [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/review':                         [401, 201, 201, 201, 201, 401, 401, 401, 201],
  'POST /api/images':                         [401, 201, 201, 201, 201, 401, 401, 401, 201],
  'GET /api/images/{imageId}':                [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/user':                            [401, 403, 403, 403, 200, 401, 401, 401, 403],
  // Your own token only, and only with the session cookie: not even an admin gets A's.
  'PUT /api/user/{email}':                    [401, 200, 403, 403, 403, 401, 401, 401, 403],
  // Signing out everywhere: anyone signed in, with the session cookie only (a token may not).
  'DELETE /api/sessions':                     [401, 200, 200, 200, 200, 401, 401, 401, 200],
  'DELETE /api/user/{email}':                 [401, 403, 403, 403, 200, 401, 401, 401, 403],
  'PUT /api/user/admin/{email}':              [401, 403, 403, 403, 200, 401, 401, 401, 403],
  'DELETE /api/user/admin/{email}':           [401, 403, 403, 403, 200, 401, 401, 401, 403],
  'GET /api/admin/{email}':                   [401, 200, 403, 403, 200, 401, 401, 401, 403],
  // My Profile is its owner's only: admins do not read or write other people's profiles.
  'GET /api/userdetail/{email}':              [401, 200, 403, 403, 403, 401, 401, 401, 403],
  'PUT /api/userdetail/{email}':              [401, 200, 403, 403, 403, 401, 401, 401, 403],
  'POST /api/signup':                         [201, 201, 201, 201, 201, 201, 201, 201, 201],
  'POST /api/password-reset':                 [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/password-reset/confirm':         [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/verify-email':                    [303, 303, 303, 303, 303, 303, 303, 303, 303],
  'POST /api/verify-email':                   [401, 200, 200, 409, 200, 401, 401, 401, 200],
  'GET /api/auth/csrf':                       [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/callback/credentials':      [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/auth/session':                    [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/auth/signout':                   [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'POST /api/contact':                        [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/health':                          [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/health/live':                     [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/health/ready':                    [200, 200, 200, 200, 200, 200, 200, 200, 200],
  // Only the machine's bearer token opens it (401 otherwise, whoever asks); off without
  // METRICS_TOKEN (test/integration/metrics-off.test.ts).
  'GET /api/metrics':                         [401, 401, 401, 401, 401, 200, 401, 401, 401],
  // Only the machine's bearer secret runs a job (401 otherwise, whoever asks); off without
  // CRON_SECRET (test/integration/machine-secrets.test.ts).
  'GET /api/cron/{job}':                      [401, 401, 401, 401, 401, 200, 401, 401, 401],
  'GET /api/openapi.json':                    [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/docs':                            [200, 200, 200, 200, 200, 200, 200, 200, 200],
  'GET /api/docs/scalar.js':                  [200, 200, 200, 200, 200, 200, 200, 200, 200],
};

const operations = listOperations();

/** A signed-in buyer whose email is verified, as opening the verification link makes them. */
async function verifiedActor(name: string): Promise<Actor> {
  const actor = await users.createActor('user', name);
  await factories.verifyEmail(actor.user);
  return { ...actor, user: (await findUserById(actor.user.id))! };
}

/** Makes the signed-in actor the owner of a company of their own, unless they have one. */
async function ownCompany(actor: ActorName): Promise<void> {
  const person = { buyerA, buyerB, verified, admin, demotedAdmin: demoted }[actor as 'buyerA'];
  if (!person) return;
  if (await companies.companyOfMember(person.user)) return;
  // Through the store: POST /api/companies needs a verified email, and these actors' are not.
  await (
    await import('@/lib/companies/store')
  ).createCompany(new ObjectId(person.user.id), {
    name: 'Matrix Works Ltd',
    taxId: null,
    billingAddress: '1 Matrix Way, Leeds',
  });
}

/** A new company of its own owner with one buyer, for the admin's company operations. */
async function supportCompany(): Promise<{ companyId: string; buyerId: string }> {
  const [owner, member] = await Promise.all([
    factories.makeUser({ name: 'Su Pport', verified: true }),
    factories.makeUser({ name: 'Mem Ber' }),
  ]);
  const company = await companies.createCompanyFor(owner, {
    name: 'Matrix Support Ltd',
    taxId: null,
    billingAddress: '3 Matrix Way, Leeds',
  });
  await companies.adminAddCompanyMember(company._id, {
    email: member.email,
    role: 'buyer',
    approvalLimitCents: null,
  });
  return { companyId: company._id, buyerId: member.id };
}

/** The signed-in actor's own account, or nothing for those who are not signed in. */
function signedIn(actor: ActorName): Actor | undefined {
  return { buyerA, buyerB, verified, admin, demotedAdmin: demoted }[actor as 'buyerA'];
}

/** A new price list of the admin's, for the price-list operations. */
function matrixPriceList() {
  return pricing.createPriceList(admin.user, { name: 'Matrix list', percentOff: 5 });
}

/** Buyer A's company (A owning one unless A belongs to one). */
async function companyOfA() {
  await ownCompany('buyerA');
  return (await companies.companyOfMember(buyerA.user))!.company;
}

/** A new buyer in buyer A's company: the member the member cells change. */
async function memberOfA(): Promise<string> {
  const company = await companyOfA();
  const person = await factories.makeUser({ name: 'Mem Ber' });
  await collections(await getDb()).companyMembers.insertOne({
    _id: new ObjectId(),
    companyId: company._id,
    userId: new ObjectId(person.id),
    role: 'buyer',
    approvalLimitCents: null,
    joinedAt: new Date(),
  });
  return person.id;
}

/** A new owner of A's company whose email is verified: who sends A's company's invitations. */
async function verifiedOwnerOfA() {
  const company = await companyOfA();
  const person = await factories.makeUser({ name: 'Co Owner', verified: true });
  const { companies: all, companyMembers } = collections(await getDb());
  await companyMembers.insertOne({
    _id: new ObjectId(),
    companyId: company._id,
    userId: new ObjectId(person.id),
    role: 'owner',
    approvalLimitCents: null,
    joinedAt: new Date(),
  });
  await all.updateOne({ _id: company._id }, { $inc: { ownerCount: 1 } });
  return person;
}

/**
 * An order placed by a new buyer of A's company above their limit (0): awaiting approval (its
 * placer verified: an order that waits for an approval needs a verified email).
 */
async function orderAwaitingApprovalOfA(): Promise<string> {
  const company = await companyOfA();
  const placer = await factories.makeUser({ name: 'Plac Er', verified: true });
  await collections(await getDb()).companyMembers.insertOne({
    _id: new ObjectId(),
    companyId: company._id,
    userId: new ObjectId(placer.id),
    role: 'buyer',
    approvalLimitCents: 0,
    joinedAt: new Date(),
  });
  return placeOrderFor(
    placer,
    {
      productId: product._id,
      quantity: product.minimumOrderQuantity,
      address: '12 Foundry Lane, Sheffield',
      phone: '01142345678',
    },
    'http://127.0.0.1',
  );
}

const matrixAddress = { label: 'Matrix works', address: '1 Matrix Way, Leeds', phone: '0113' };

/**
 * A new invoice on account of buyer A's company (its terms set to net 30, invoiced at ordering):
 * an order A places on account, issued by the invoice job.
 */
async function invoiceOfA(): Promise<string> {
  const company = await companyOfA();
  return companyFixtures.openInvoiceOf(admin.user, company._id.toHexString(), buyerA.user, product);
}

// ---- The callers ---------------------------------------------------------------------------

let buyerA: Actor;
let buyerB: Actor;
/** A buyer whose email is verified. */
let verified: Actor;
let admin: Actor;
/** Signed in (bearer token and session cookie), then removed by an admin. */
let removed: Actor;
/** An admin signed in, then demoted: the session is still valid, as a buyer's. */
let demoted: Actor;
/** Whose email and password the sign-in cell sends, whoever sends them. */
let signer: Awaited<ReturnType<typeof factories.makeUser>>;
let product: Awaited<ReturnType<typeof factories.makeProduct>>;
let orderOfA: Awaited<ReturnType<typeof factories.makeOrder>>;
let imageId: string;

let ipCounter = 0;
/** Each request from its own client address, so per-address limits never decide a cell. */
const freshIp = () => `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

/** The machine's secret: METRICS_TOKEN to the metrics, CRON_SECRET to anything else. */
function machineSecret(key: OperationKey): string {
  return key === 'GET /api/metrics' ? process.env.METRICS_TOKEN! : process.env.CRON_SECRET!;
}

function credentials(actor: ActorName, key: OperationKey): Record<string, string> {
  switch (actor) {
    case 'anonymous':
      return {};
    case 'verified':
      return verified.session;
    case 'machine':
      return { Authorization: `Bearer ${machineSecret(key)}` };
    case 'buyerA':
      return buyerA.session;
    case 'buyerB':
      return buyerB.session;
    case 'admin':
      return admin.session;
    case 'removedToken':
      return removed.headers;
    case 'removedSession':
      return removed.session;
    case 'demotedAdmin':
      return demoted.session;
  }
}

beforeAll(async () => {
  [buyerA, buyerB, admin, removed, demoted] = await Promise.all([
    users.createActor('user', 'Buyer A'),
    users.createActor('user', 'Buyer B'),
    users.createActor('admin', 'Ada Admin'),
    users.createActor('user', 'Rem Oved'),
    users.createActor('admin', 'Dee Moted'),
  ]);
  expect(await changeAdminRole(removed.user.id, 'remove')).toBe('done');
  expect(await changeAdminRole(demoted.user.id, 'demote')).toBe('done');
  verified = await verifiedActor('Vera Verified');
  signer = await factories.makeUser({ name: 'Sig Ner' });
  product = await factories.makeProduct({ availableQuantity: 1_000_000_000 });
  orderOfA = await factories.makeOrder(buyerA.user, product);
  const upload = await ops.callOperation(
    { method: 'POST', path: '/api/images' },
    { headers: admin.session, body: imageForm() },
  );
  expect(upload.status).toBe(201);
  imageId = ((await upload.json()) as { data: { id: string } }).data.id;
});

afterAll(async () => {
  await settleBackgroundWork();
  await standIn.stop();
  await closeConnection();
});

// ---- A valid request for each operation ----------------------------------------------------

/** A cell's request, with anything to check beyond the status. */
interface Prepared extends OperationCall {
  /** Cookies the request needs besides the caller's (Auth.js's CSRF cookie). */
  cookies?: string[];
  /** Checks of the answer beyond its status (`answer` already read). */
  verify?: (answer: Awaited<ReturnType<typeof ops.readAnswer>>, actor: ActorName) => void;
}

function imageForm(fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('image', new Blob([pngImage({ seed: ipCounter })], { type: 'image/png' }), 'part.png');
  return form;
}

const freshSku = () => factories.freshSku('MX');
const paymentId = () => `pi_matrix${randomBytes(6).toString('hex')}`;

/** Auth.js's CSRF token and the cookie it belongs with, as the login form gets them. */
async function csrf(): Promise<{ token: string; cookie: string }> {
  const response = await ops.callOperation({ method: 'GET', path: '/api/auth/csrf' });
  const { csrfToken } = (await response.json()) as { csrfToken: string };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  return { token: csrfToken, cookie };
}

/** An unpaid order of buyer A with a PaymentIntent that Stripe (the stand-in) says succeeded. */
async function orderPaidAtStripe() {
  const order = await factories.makeOrder(buyerA.user, product);
  const { clientSecret } = await preparePayment(buyerA.user, order._id, 'http://127.0.0.1');
  const intentId = clientSecret.split('_secret_')[0]!;
  await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' });
  return { order, intentId };
}

/**
 * Cancels every unpaid order made so far: the actors' emails are not verified (POST
 * /api/verify-email sends them a link), and such an account holds at most 3 unpaid orders, so
 * a cell that places one first clears the earlier ones, as the store would.
 */
async function clearOpenOrders() {
  const open = await collections(await getDb())
    .orders.find({ status: 'unpaid' }, { projection: { _id: 1 } })
    .toArray();
  for (const { _id } of open) {
    await cancelUnpaidOrder(_id.toHexString(), { kind: 'system' }, 'cancelled_by_store');
  }
}

/** A quote of buyer A, requested, and answered by the admin unless told. */
async function quoteOfA({ answer = true } = {}) {
  const quote = await quotes.requestQuote(
    buyerA.user,
    {
      productId: product._id,
      quantity: 50_000,
      neededBy: undefined,
      address: '12 Foundry Lane',
      phone: '0114',
      note: undefined,
    },
    'http://127.0.0.1',
  );
  if (!answer) return quote;
  const validUntil = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  return quotes.decideQuote(
    admin.user,
    quote._id,
    { action: 'answer', unitPrice: 0.11, validUntil },
    'http://127.0.0.1',
  );
}

const cases: Record<OperationKey, (actor: ActorName) => Promise<Prepared>> = {
  'GET /api/product': async () => ({ query: 'q=bolt&limit=5' }),
  'POST /api/product': async () => ({
    json: {
      name: 'Shoulder bolt M10',
      description: 'Hardened shoulder bolts, M10, sold by the box.',
      minimumOrderQuantity: 500,
      availableQuantity: 20_000,
      price: 2.5,
      priceTiers: [
        { minQuantity: 500, price: 2.5 },
        { minQuantity: 5_000, price: 2.1 },
      ],
      picture: '/images/products/hex-flange-bolt.webp',
      sku: freshSku(),
      category: 'fasteners',
    },
  }),
  'GET /api/product/{productId}': async () => ({ params: { productId: product._id } }),
  'GET /api/product/{productId}/picture': async () => ({ params: { productId: product._id } }),
  'PATCH /api/product/{productId}': async () => {
    const target = await factories.makeProduct();
    return { params: { productId: target._id }, json: { sku: freshSku(), category: 'fasteners' } };
  },
  'DELETE /api/product/{productId}': async () => {
    const target = await factories.makeProduct();
    return { params: { productId: target._id } };
  },
  'POST /api/order': async () => {
    await clearOpenOrders();
    return {
      json: {
        productId: product._id,
        quantity: 500,
        address: '12 Foundry Lane, Sheffield',
        phone: '01142345678',
        poNumber: 'PO-4711',
      },
    };
  },
  'GET /api/cart': async () => ({}),
  'DELETE /api/cart': async () => ({}),
  'GET /api/cart/count': async () => ({}),
  'POST /api/cart/lines': async () => ({ json: { productId: product._id, quantity: 500 } }),
  'PUT /api/cart/lines/{productId}': async () => ({
    params: { productId: product._id },
    json: { quantity: 600 },
  }),
  'POST /api/cart/share': async (actor) => {
    // The signed-in actors each own a company with a new buyer, and have a line to send them.
    const person = signedIn(actor);
    if (!person) return { json: { userId: new ObjectId().toHexString() } };
    await ownCompany(actor);
    const company = (await companies.companyOfMember(person.user))!.company;
    const colleague = await factories.makeUser({ name: 'Col League' });
    await collections(await getDb()).companyMembers.insertOne({
      _id: new ObjectId(),
      companyId: company._id,
      userId: new ObjectId(colleague.id),
      role: 'buyer',
      approvalLimitCents: null,
      joinedAt: new Date(),
    });
    await cart.setCartQuantity(person.user, parseId(product._id)!, 500);
    return { json: { userId: colleague.id } };
  },
  'DELETE /api/cart/lines/{productId}': async (actor) => {
    // The signed-in actors each have the fixture's product in their own order list.
    const owner = { buyerA, buyerB, verified, admin, demotedAdmin: demoted }[actor as 'buyerA'];
    if (owner) await cart.setCartQuantity(owner.user, parseId(product._id)!, 500);
    return { params: { productId: product._id } };
  },
  'POST /api/checkout': async (actor) => {
    await clearOpenOrders();
    const owner = { buyerA, buyerB, verified, admin, demotedAdmin: demoted }[actor as 'buyerA'];
    if (owner) await cart.setCartQuantity(owner.user, parseId(product._id)!, 500);
    return {
      json: { address: '12 Foundry Lane, Sheffield', phone: '01142345678' },
      verify: (answer) => {
        if (answer.status === 201)
          expect(answer.json).toMatchObject({ insertedId: expect.any(String) });
      },
    };
  },
  'POST /api/companies': async (actor) => {
    // Each signed-in actor creates one afresh: whatever company they belonged to is left.
    const person = { buyerA, buyerB, verified, admin, demotedAdmin: demoted }[actor as 'buyerA'];
    if (person) {
      await collections(await getDb()).companyMembers.deleteMany({
        userId: new ObjectId(person.user.id),
      });
    }
    return {
      json: { name: 'Matrix Works Ltd', billingAddress: '1 Matrix Way, Leeds' },
      verify: (answer) => {
        if (answer.status === 201) {
          expect(answer.json).toMatchObject({ membership: { role: 'owner' } });
        }
      },
    };
  },
  'GET /api/companies/me': async (actor) => {
    await ownCompany(actor);
    return {};
  },
  'PATCH /api/companies/me': async (actor) => {
    await ownCompany(actor);
    return { json: { billingAddress: '2 Matrix Way, Leeds' } };
  },
  'GET /api/companies/me/members': async (actor) => {
    await ownCompany(actor);
    return {};
  },
  'PATCH /api/companies/me/members/{userId}': async (actor) => {
    await ownCompany(actor);
    return {
      params: { userId: await memberOfA() },
      json: { role: 'approver', approvalLimitCents: 100_000 },
    };
  },
  'DELETE /api/companies/me/members/{userId}': async (actor) => {
    await ownCompany(actor);
    return { params: { userId: await memberOfA() } };
  },
  'POST /api/companies/me/invitations': async (actor) => {
    await ownCompany(actor);
    return {
      json: { email: factories.freshEmail('invitee'), role: 'buyer' },
      verify: (answer) => {
        if (answer.status === 201) expect(answer.json).toMatchObject({ role: 'buyer' });
      },
    };
  },
  'GET /api/companies/me/invitations': async (actor) => {
    await ownCompany(actor);
    return {};
  },
  'DELETE /api/companies/me/invitations/{invitationId}': async (actor) => {
    await ownCompany(actor);
    await companyOfA();
    const invitation = await companies.inviteMember(
      await verifiedOwnerOfA(),
      { email: factories.freshEmail('invitee'), role: 'buyer' },
      'http://127.0.0.1',
    );
    return { params: { invitationId: invitation._id } };
  },
  'POST /api/companies/invitations/accept': async (actor) => {
    // Each signed-in actor leaves their company and is invited, as an owner, into a new one.
    const person = signedIn(actor);
    if (person) {
      await collections(await getDb()).companyMembers.deleteMany({
        userId: new ObjectId(person.user.id),
      });
    }
    const host = await factories.makeUser({ name: 'Ho St', verified: true });
    await companies.createCompanyFor(host, {
      name: 'Matrix Hosts Ltd',
      taxId: null,
      billingAddress: '4 Matrix Way, Leeds',
    });
    const email = person?.user.email ?? factories.freshEmail('invitee');
    await companies.inviteMember(host, { email, role: 'owner' }, 'http://127.0.0.1');
    const stored = await collections(await getDb()).companyInvitations.findOne({
      email,
      open: true,
    });
    return {
      json: { token: invitationTokenOf(stored!)! },
      verify: (answer) => {
        if (answer.status === 200) {
          expect(answer.json).toMatchObject({ membership: { role: 'owner' } });
        }
      },
    };
  },
  'POST /api/companies/me/addresses': async (actor) => {
    await ownCompany(actor);
    return { json: matrixAddress };
  },
  'PATCH /api/companies/me/addresses/{addressId}': async (actor) => {
    await ownCompany(actor);
    await companyOfA();
    const address = await companies.addShippingAddress(buyerA.user, matrixAddress);
    return { params: { addressId: address._id }, json: { label: 'Matrix depot', default: true } };
  },
  'DELETE /api/companies/me/addresses/{addressId}': async (actor) => {
    await ownCompany(actor);
    await companyOfA();
    const address = await companies.addShippingAddress(buyerA.user, matrixAddress);
    return { params: { addressId: address._id } };
  },
  'GET /api/admin/companies': async () => ({ query: 'q=matrix&limit=5' }),
  'GET /api/admin/companies/{companyId}': async () => ({
    params: { companyId: (await supportCompany()).companyId },
  }),
  'GET /api/admin/companies/{companyId}/terms': async () => ({
    params: { companyId: (await supportCompany()).companyId },
  }),
  'PATCH /api/admin/companies/{companyId}/terms': async () => ({
    params: { companyId: (await supportCompany()).companyId },
    json: { mode: 'net', netDays: 30, creditLimitCents: 1_000_000 },
    verify: (answer) => {
      if (answer.status === 200) expect(answer.json).toMatchObject({ availableCents: 1_000_000 });
    },
  }),
  'PATCH /api/admin/companies/{companyId}': async () => ({
    params: { companyId: (await supportCompany()).companyId },
    json: { priceListId: (await matrixPriceList())._id },
  }),
  'GET /api/admin/price-lists': async () => ({ query: 'limit=5' }),
  'POST /api/admin/price-lists': async () => ({
    json: { name: 'Matrix contract', validFrom: '2027-01-01', percentOff: 5 },
  }),
  'GET /api/admin/price-lists/{id}': async () => ({
    params: { id: (await matrixPriceList())._id },
  }),
  'PATCH /api/admin/price-lists/{id}': async () => ({
    params: { id: (await matrixPriceList())._id },
    json: { percentOff: 7.5 },
  }),
  'DELETE /api/admin/price-lists/{id}': async () => ({
    params: { id: (await matrixPriceList())._id },
  }),
  'PUT /api/admin/price-lists/{id}/entries/{productId}': async () => ({
    params: { id: (await matrixPriceList())._id, productId: product._id },
    json: { unitPrice: 0.42, multiple: 48 },
  }),
  'DELETE /api/admin/price-lists/{id}/entries/{productId}': async () => {
    const list = await matrixPriceList();
    await pricing.setEntry(parseId(list._id)!, parseId(product._id)!, { unitPrice: 0.42 });
    return { params: { id: list._id, productId: product._id } };
  },
  'POST /api/admin/price-lists/{id}/entries/import': async () => ({
    params: { id: (await matrixPriceList())._id },
    headers: { 'Content-Type': 'text/csv' },
    body: `sku,unitPrice\n${product.sku},0.40\n`,
  }),
  'GET /api/prices': async () => ({
    query: `productIds=${product._id}`,
    verify: (answer, actor) => {
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      if (actor === 'anonymous' || actor === 'removedToken' || actor === 'removedSession') {
        expect(answer.json).toEqual({ contract: null, prices: [] });
      }
    },
  }),
  'GET /api/invoices': async (actor) => {
    await ownCompany(actor);
    return {};
  },
  'GET /api/invoices/{id}': async (actor) => {
    await ownCompany(actor);
    const id = await invoiceOfA();
    return {
      params: { id },
      verify: (answer) => {
        if (answer.status === 200) expect(answer.json).toMatchObject({ _id: id, status: 'open' });
      },
    };
  },
  'GET /api/account/statement': async (actor) => {
    await ownCompany(actor);
    return { query: 'from=2026-01-01' };
  },
  'POST /api/admin/invoices/{id}/payments': async () => ({
    params: { id: await invoiceOfA() },
    json: { amountCents: 1, reference: `Cheque ${randomBytes(3).toString('hex')}` },
    verify: (answer) => {
      if (answer.status === 200) expect(answer.json).toMatchObject({ paidCents: 1 });
    },
  }),
  'POST /api/admin/invoices/{id}/void': async () => ({
    params: { id: await invoiceOfA() },
    verify: (answer) => {
      if (answer.status === 200) expect(answer.json).toMatchObject({ status: 'void' });
    },
  }),
  'POST /api/admin/money-to-return/{id}/returned': async () => ({
    params: {
      id: await factories.makeMoneyToReturn((await companyOfA())._id, {
        orderId: new ObjectId(orderOfA._id),
      }),
    },
    json: { note: 'Refunded at Stripe' },
    verify: (answer) => {
      if (answer.status === 200) {
        expect(answer.json).toMatchObject({ status: 'returned', returnNote: 'Refunded at Stripe' });
      }
    },
  }),
  'POST /api/admin/companies/{companyId}/members': async () => {
    const { companyId } = await supportCompany();
    const joining = await factories.makeUser({ name: 'Jo Ining' });
    return {
      params: { companyId },
      json: { email: joining.email, role: 'buyer' },
      verify: (answer) => {
        if (answer.status === 201) expect(answer.json).toMatchObject({ userId: joining.id });
      },
    };
  },
  'DELETE /api/admin/companies/{companyId}/members/{userId}': async () => {
    const { companyId, buyerId } = await supportCompany();
    return { params: { companyId, userId: buyerId } };
  },
  'GET /api/order/{emailOrId}': async () => ({ params: { emailOrId: buyerA.user.email } }),
  'DELETE /api/order/{emailOrId}': async () => {
    const order = await factories.makeOrder(buyerA.user, product);
    return { params: { emailOrId: order._id } };
  },
  'PATCH /api/order/{emailOrId}': async () => {
    const { order, intentId } = await orderPaidAtStripe();
    return {
      params: { emailOrId: order._id },
      json: { order: order._id, transactionId: intentId },
    };
  },
  'POST /api/quick-order/check': async () => ({
    json: { text: `part number,quantity\n${product.sku},500\nNO-SUCH-PART,500` },
    verify: (answer) => {
      if (answer.status === 200) expect(answer.json).toMatchObject({ orderable: 1 });
    },
  }),
  'POST /api/quick-order': async () => {
    await clearOpenOrders();
    return {
      json: {
        text: `${product.sku},500`,
        address: '12 Foundry Lane, Sheffield',
        phone: '01142345678',
      },
      verify: (answer) => {
        if (answer.status === 200) expect(answer.json).toMatchObject({ failed: [] });
      },
    };
  },
  'POST /api/quick-order/cart': async () => ({
    json: { text: `part number,quantity\n${product.sku},500\nNO-SUCH-PART,500` },
    verify: (answer) => {
      if (answer.status === 200) {
        expect(answer.json).toMatchObject({ added: [{ productId: product._id }] });
      }
    },
  }),
  'GET /api/orders/{id}': async () => ({ params: { id: orderOfA._id } }),
  'GET /api/companies/me/orders': async (actor) => {
    await ownCompany(actor);
    return {};
  },
  'GET /api/approvals': async (actor) => {
    await ownCompany(actor);
    return {};
  },
  'POST /api/orders/{id}/approve': async (actor) => {
    await ownCompany(actor);
    const id = await orderAwaitingApprovalOfA();
    return {
      params: { id },
      verify: (answer) => {
        if (answer.status === 200) expect(answer.json).toMatchObject({ status: 'unpaid' });
      },
    };
  },
  'POST /api/orders/{id}/reject': async (actor) => {
    await ownCompany(actor);
    const id = await orderAwaitingApprovalOfA();
    return {
      params: { id },
      json: { reason: 'Not this quarter.' },
      verify: (answer) => {
        if (answer.status === 200) {
          expect(answer.json).toMatchObject({ status: 'cancelled', cancelReason: 'rejected' });
        }
      },
    };
  },
  'POST /api/orders/{id}/reorder': async () => ({
    params: { id: orderOfA._id },
    verify: (answer) => {
      if (answer.status === 200) expect(answer.json).toMatchObject({ skipped: [] });
    },
  }),
  'PATCH /api/orders/{id}/status': async () => {
    const order = await factories.makeOrder(buyerA.user, product, { paidWith: paymentId() });
    return { params: { id: order._id }, json: { status: 'processing', note: 'Picking today.' } };
  },
  'GET /api/orders/{id}/invoice': async () => {
    const order = await factories.makeOrder(buyerA.user, product, { paidWith: paymentId() });
    return {
      params: { id: order._id },
      verify: (answer) => {
        if (answer.status === 200) expect(answer.contentType).toBe('application/pdf');
      },
    };
  },
  'GET /api/allOrder': async () => ({ query: 'status=unpaid' }),
  'GET /api/quotes': async () => ({ query: 'status=requested' }),
  'POST /api/quotes': async () => ({
    json: {
      productId: product._id,
      quantity: 50_000,
      neededBy: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      address: '12 Foundry Lane, Sheffield',
      phone: '01142345678',
      note: 'Two pallets.',
    },
  }),
  'POST /api/quotes/cart': async (actor) => {
    // The signed-in actors each have the fixture's product in their own order list.
    const owner = { buyerA, buyerB, verified, admin, demotedAdmin: demoted }[actor as 'buyerA'];
    if (owner) await cart.setCartQuantity(owner.user, parseId(product._id)!, 1_000);
    return {
      json: { address: '12 Foundry Lane, Sheffield', phone: '01142345678' },
      verify: (answer) => {
        if (answer.status === 201) {
          expect(answer.json).toMatchObject({ lines: [{ productId: product._id }] });
        }
      },
    };
  },
  'PATCH /api/quotes/{id}': async () => {
    const quote = await quoteOfA({ answer: false });
    return { params: { id: quote._id }, json: { action: 'decline', reason: 'Size discontinued.' } };
  },
  'POST /api/quotes/{id}/accept': async () => {
    await clearOpenOrders();
    const quote = await quoteOfA();
    return { params: { id: quote._id }, json: { unitPrice: quote.unitPrice } };
  },
  'POST /api/create-payment-intent': async () => {
    const order = await factories.makeOrder(buyerA.user, product);
    return { json: { orderId: order._id, price: 1 } };
  },
  'POST /api/orders/{id}/bank-transfer': async () => {
    const order = await factories.makeOrder(buyerA.user, product);
    return {
      params: { id: order._id },
      verify: (answer) => {
        if (answer.status === 200) {
          expect(answer.json).toMatchObject({ amountCents: expect.any(Number) });
        }
      },
    };
  },
  'POST /api/webhooks/stripe': async () => {
    const order = await factories.makeOrder(buyerA.user, product);
    return {
      json: {
        id: `evt_matrix${randomBytes(6).toString('hex')}`,
        type: 'payment_intent.succeeded',
        data: { object: { id: paymentId(), metadata: { orderId: order._id } } },
      },
    };
  },
  'GET /api/review': async () => ({}),
  'POST /api/review': async () => ({
    body: imageForm({
      rating: '5',
      name: 'Dana Whitfield',
      location: 'Leeds',
      reviewText: 'Bearings arrived on time and to tolerance.',
    }),
  }),
  'POST /api/images': async () => ({ body: imageForm() }),
  'GET /api/images/{imageId}': async () => ({ params: { imageId } }),
  'GET /api/user': async () => ({}),
  'PUT /api/user/{email}': async () => ({ params: { email: buyerA.user.email } }),
  'DELETE /api/sessions': async (actor) => {
    // It ends every session of the caller's account: each signed-in caller is a new account of
    // the same kind (the session cookie of a buyer, an admin, a demoted admin), so the callers
    // of the other cells keep theirs.
    const kind = {
      buyerA: 'user',
      buyerB: 'user',
      verified: 'verified',
      admin: 'admin',
      demotedAdmin: 'demoted',
    } as const;
    const standIn = kind[actor as keyof typeof kind];
    if (!standIn) return {};
    const fresh =
      standIn === 'verified'
        ? await verifiedActor('Ev Erywhere')
        : await users.createActor(standIn === 'user' ? 'user' : 'admin', 'Ev Erywhere');
    if (standIn === 'demoted') expect(await changeAdminRole(fresh.user.id, 'demote')).toBe('done');
    return {
      headers: { Cookie: fresh.session.Cookie! },
      verify: (answer) => {
        // This browser's cookie is cleared too.
        const cleared = answer.headers
          .getSetCookie()
          .some((line) => /^authjs\.session-token=;/.test(line));
        expect(cleared).toBe(true);
      },
    };
  },
  'DELETE /api/user/{email}': async () => {
    const target = await factories.makeUser({ name: 'Leaving Soon' });
    return { params: { email: target.email } };
  },
  'PUT /api/user/admin/{email}': async () => {
    const target = await factories.makeUser({ name: 'Promo Ted' });
    return { params: { email: target.email } };
  },
  'DELETE /api/user/admin/{email}': async () => {
    const target = await factories.makeUser({ role: 'admin', name: 'Step Down' });
    return { params: { email: target.email } };
  },
  'GET /api/admin/{email}': async () => ({ params: { email: buyerA.user.email } }),
  'GET /api/userdetail/{email}': async () => ({ params: { email: buyerA.user.email } }),
  'PUT /api/userdetail/{email}': async () => ({
    params: { email: buyerA.user.email },
    json: {
      name: 'Buyer A',
      email: buyerA.user.email,
      education: 'BEng Mechanical Engineering',
      location: 'Leeds',
      link: 'https://example.com/a',
      company: 'A Engineering Ltd',
      taxId: 'GB 123 4567 89',
    },
  }),
  'POST /api/signup': async () => ({
    json: {
      name: 'New Buyer',
      email: factories.freshEmail('signup'),
      password: 'correct horse battery',
    },
  }),
  'POST /api/password-reset': async () => ({ json: { email: factories.freshEmail('reset') } }),
  'POST /api/password-reset/confirm': async () => {
    const target = await factories.makeUser({ name: 'Forgot Ful' });
    return {
      json: { token: await createPasswordReset(target.id), password: 'a new long password' },
    };
  },
  'GET /api/verify-email': async () => ({
    query: `token=${'n0t-a-real-token'.repeat(3)}`,
    verify: (answer) => {
      expect(answer.headers.get('location')).toMatch(/\/dashboard\?verified=invalid$/);
    },
  }),
  'POST /api/verify-email': async () => ({}),
  'GET /api/auth/csrf': async () => ({}),
  'POST /api/auth/callback/credentials': async () => {
    const { token, cookie } = await csrf();
    return {
      cookies: [cookie],
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'X-Auth-Return-Redirect': '1',
      },
      body: new URLSearchParams({
        email: signer.email,
        password: signer.password,
        csrfToken: token,
        callbackUrl: '/',
      }).toString(),
      verify: (answer) => {
        // Signed in as the person whose password was sent, whoever sent it.
        const cookies = answer.headers.getSetCookie();
        expect(cookies.some((line) => line.startsWith('authjs.session-token='))).toBe(true);
      },
    };
  },
  'GET /api/auth/session': async () => ({
    verify: (answer, actor) => {
      const session = answer.json as { user?: { email: string; role: string } } | null;
      const who: Record<ActorName, { email: string; role: string } | null> = {
        anonymous: null,
        buyerA: { email: buyerA.user.email, role: 'user' },
        buyerB: { email: buyerB.user.email, role: 'user' },
        verified: { email: verified.user.email, role: 'user' },
        admin: { email: admin.user.email, role: 'admin' },
        // A secret of a machine endpoint is no sign-in.
        machine: null,
        // A bearer token is not a session; a removed user's session is over.
        removedToken: null,
        removedSession: null,
        demotedAdmin: { email: demoted.user.email, role: 'user' },
      };
      const expectedUser = who[actor];
      if (expectedUser === null) expect(session).toBeNull();
      else expect(session?.user).toMatchObject(expectedUser);
    },
  }),
  'POST /api/auth/signout': async () => {
    const { token, cookie } = await csrf();
    return {
      cookies: [cookie],
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'X-Auth-Return-Redirect': '1',
      },
      body: new URLSearchParams({ csrfToken: token, callbackUrl: '/' }).toString(),
    };
  },
  'POST /api/contact': async () => ({
    json: {
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      address: '12 Mill Road, Sheffield S1 2AB',
      message: 'Can you quote 50,000 M8 hex bolts, zinc plated?',
    },
  }),
  'GET /api/health': async () => ({}),
  'GET /api/health/live': async () => ({}),
  'GET /api/health/ready': async () => ({}),
  'GET /api/metrics': async () => ({}),
  'GET /api/cron/{job}': async () => ({ params: { job: 'orders.expiry' } }),
  'GET /api/openapi.json': async () => ({}),
  'GET /api/docs': async () => ({}),
  'GET /api/docs/scalar.js': async () => ({}),
};

// ---- The matrix ------------------------------------------------------------------------------

describe('the authorization matrix', () => {
  it('has exactly one row, and one request, for each operation of the OpenAPI document', () => {
    const documented = operations.map(ops.operationKey).sort();
    expect(Object.keys(expected).sort()).toEqual(documented);
    expect(Object.keys(cases).sort()).toEqual(documented);
    expect(new Set(documented).size).toBe(documented.length);
  });

  function cellsOf(operation: ListedOperation) {
    const row = expected[ops.operationKey(operation)];
    return actors.map((actor, column) => [actor, row?.[column] ?? 0] as const);
  }

  describe.each(operations.map((operation) => [ops.operationKey(operation), operation] as const))(
    '%s',
    (key, operation) => {
      it.each(cellsOf(operation))('%s → %i', async (actor, status) => {
        expect(status, `no row for ${key} in the matrix`).toBeGreaterThan(0);
        const prepared = await cases[key]!(actor);
        const { cookies = [], verify, ...call } = prepared;
        const headers: Record<string, string> = { ...credentials(actor, key) };
        if (cookies.length) {
          headers.Cookie = [headers.Cookie, ...cookies].filter(Boolean).join('; ');
        }
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
            headers: { ...headers, 'x-forwarded-for': freshIp(), ...call.headers },
          }),
        );

        expect(answer.status, `${actor}: ${answer.text.slice(0, 300)}`).toBe(status);
        if (status >= 400) expect(ops.errorShapeProblem(answer)).toBeNull();
        if (before) {
          await settleBackgroundWork();
          expect(ops.snapshotChanges(before, await ops.databaseSnapshot())).toEqual([]);
        }
        // Whoever sends a credential is answered privately (issue 36: private-answers.test.ts).
        if (actor !== 'anonymous' && !operation.contract.sameForEveryone) {
          expect(answer.headers.get('cache-control')).toBe('private, no-store');
        }
        verify?.(answer, actor);
      });
    },
  );
});
