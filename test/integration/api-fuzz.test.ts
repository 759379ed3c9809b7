import { randomBytes } from 'node:crypto';
import { ObjectId } from 'mongodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { ListedOperation, ListedParameter } from '@/lib/api/contract/document';
import type { Id } from '@/lib/core/ids';
import { pngImage } from '../../e2e/fixtures/images';
import { startStripeStandIn } from '../support/stripe';
import type { Actor } from '../support/users';
import type { Answer, OperationCall } from '../support/operations';

/**
 * Property-based fuzzing of every operation of the OpenAPI document (enumerated with
 * `listOperations()`), as the caller who could otherwise succeed (an admin for admin
 * operations, the owner of the orders and the account for the rest) and as an anonymous
 * caller (no credential, or a forged one). Inputs: malformed JSON, JSON that is no object,
 * fields of the wrong type, `$` operator objects, `__proto__` / `constructor` keys, duplicate
 * keys, strings beyond every maximum, right-to-left marks, astral characters, NUL and lone
 * surrogates, empty bodies, bodies over the 64 kB bound, wrong content types, multipart junk
 * and non-images for the uploads, ids of nothing and another buyer's ids, hostile emails and
 * query parameters, forged tokens and cookies, and requests from another site.
 *
 * The property, for every answer:
 * - never a 5xx;
 * - an input the handler's own checks refuse (a body its zod schema refuses, a target that is
 *   not the caller's or does not exist, a missing or forged credential, another site's page)
 *   is answered 4xx in the error shape `{ error: { code, message, details? } }`, and every
 *   collection of the database is exactly as before (rate-limit counters aside: they count
 *   refused requests by design, and are cleared before each request so that every input is
 *   judged on its content rather than stopped by a 429);
 * - an input that is valid by chance (it passes the handler's own schema, with targets the
 *   caller owns) may succeed with a documented status; what it writes is not counted.
 * Auth.js's own endpoints answer in Auth.js's protocol (redirects the login page reads): for
 * them the property is no 5xx, no session issued, nothing written.
 *
 * Seeded: FUZZ_SEED replays a run (the seed is printed with any failure), FUZZ_RUNS sets the
 * runs per operation and caller (default 30).
 */

vi.hoisted(() => {
  delete process.env.AUTH_URL;
  delete process.env.ADMIN_EMAILS;
  delete process.env.SMTP_URL;
});

// Payments configured against the local Stripe stand-in (else payment routes answer 503 by
// design), before any app module reads the environment.
const { standIn } = await startStripeStandIn();
const { listOperations } = await import('@/lib/api/contract/document');
const ops = await import('../support/operations');
const users = await import('../support/users');
const factories = await import('../support/factories');
const { closeConnection } = await import('../support/db');
const { settleBackgroundWork } = await import('@/lib/core/background');
const { emailParam } = await import('@/lib/api/handler');
const { formFields } = await import('@/lib/images');
const { pictureField, productNumberFields } = await import('@/lib/catalogue/validation/product');
const { MAX_JSON_BYTES } = await import('@/lib/security/body');
const { crossSiteAllowed, requestCredential, sourceHeaders } =
  await import('@/lib/security/cross-site');

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

const operations = listOperations();

// ---- Fixtures --------------------------------------------------------------------------------

let buyerA: Actor;
let buyerB: Actor;
/** A co-owner of buyer A's company whose email is verified: the caller past the verified-email rules. */
let verifiedOwner: Actor;
let admin: Actor;
/**
 * The caller of the operations that end the caller's own sessions (signing out, signing out
 * everywhere): its sessions are given back after each run (`restoreSessions`), so every run
 * sends a genuine session and buyer A's stays valid for the other operations.
 */
let leaver: Actor;
let productId: string;
let imageId: string;
/** Buyer A's orders: unpaid and paid (A is the caller of owner operations). */
let ordersOfA: string[];
/** Buyer B's orders: unpaid and paid (another buyer's ids). */
let ordersOfB: string[];
/** Money to return (of buyer A's company): the own target of marking it returned. */
let moneyToReturnId: string;
/** Every id and email in the database when the fuzzing starts: "nothing" must be none of them. */
const existingIds = new Set<string>();
const existingEmails = new Set<string>();

beforeAll(async () => {
  [buyerA, buyerB, admin, leaver] = await Promise.all([
    users.createActor('user', 'Buyer A'),
    users.createActor('user', 'Buyer B'),
    users.createActor('admin', 'Ada Admin'),
    users.createActor('user', 'Lea Ver'),
  ]);
  // Buyer A owns a company (through the store: their email is not verified) whose member B has
  // limits, so that the company operations reach their rules (own limits, the monthly limit).
  const companyStore = await import('@/lib/companies/store');
  const company = await companyStore.createCompany(new ObjectId(buyerA.user.id), {
    name: 'Fuzz Works Ltd',
    taxId: null,
    billingAddress: '1 Fuzz Way, Leeds',
  });
  if (!company.ok) throw new Error('the fuzz company was not created');
  await companyStore.addMember({
    companyId: company.company._id,
    userId: new ObjectId(buyerB.user.id),
    role: 'buyer',
    approvalLimitCents: 100_000,
    monthlyLimitCents: 500_000,
    joinedAt: new Date(),
  });
  verifiedOwner = await users.createActor('user', 'Vera Owner');
  await factories.verifyEmail(verifiedOwner.user);
  await companyStore.addMember({
    companyId: company.company._id,
    userId: new ObjectId(verifiedOwner.user.id),
    role: 'owner',
    approvalLimitCents: null,
    monthlyLimitCents: null,
    joinedAt: new Date(),
  });
  const product = await factories.makeProduct({ availableQuantity: 1_000_000_000 });
  productId = product._id;
  // Lines in the order lists of A and A's co-owner, so that sending a list to a colleague
  // (POST /api/cart/share) reaches the merge with the ids of `ownBodyIds`.
  const { setCartQuantity } = await import('@/lib/cart');
  for (const actor of [buyerA, verifiedOwner]) {
    await setCartQuantity(actor.user, productId as Id, 500);
  }
  const pay = () => ({ paidWith: `pi_fuzz${randomBytes(6).toString('hex')}` });
  ordersOfA = [
    (await factories.makeOrder(buyerA.user, product))._id,
    (await factories.makeOrder(buyerA.user, product, pay()))._id,
  ];
  ordersOfB = [
    (await factories.makeOrder(buyerB.user, product))._id,
    (await factories.makeOrder(buyerB.user, product, pay()))._id,
  ];
  moneyToReturnId = await factories.makeMoneyToReturn(company.company._id, {
    orderId: new ObjectId(ordersOfA[0]),
  });
  const form = new FormData();
  form.set('image', new Blob([pngImage()], { type: 'image/png' }), 'part.png');
  const upload = await ops.callOperation(
    { method: 'POST', path: '/api/images' },
    { headers: buyerA.session, body: form },
  );
  expect(upload.status).toBe(201);
  imageId = ((await upload.json()) as { data: { id: string } }).data.id;

  const snapshot = await ops.databaseSnapshot();
  for (const text of Object.values(snapshot)) {
    for (const [, hex] of text.matchAll(/"\$oid":"([0-9a-f]{24})"/g)) existingIds.add(hex!);
  }
  for (const actor of [buyerA, buyerB, verifiedOwner, admin, leaver]) {
    existingEmails.add(actor.user.email);
  }
});

/** Operations that end the caller's own sessions when they succeed. */
const endsOwnSessions = (operation: Pick<ListedOperation, 'operationId'>) =>
  operation.operationId === 'signOut' || operation.operationId === 'signOutEverywhere';

/** Gives the leaver its sessions back: its session version as issued, no sign-out recorded. */
async function restoreSessions(): Promise<void> {
  const { collections, getDb } = await import('../support/db');
  const c = collections(await getDb());
  const { ObjectId } = await import('mongodb');
  const _id = new ObjectId(leaver.user.id);
  await c.users.updateOne({ _id }, { $set: { sessionVersion: leaver.user.sessionVersion } });
  await c.sessionRevocations.deleteMany({ userId: _id });
}

afterAll(async () => {
  await settleBackgroundWork();
  await standIn.stop();
  await closeConnection();
});

// ---- Hostile values ------------------------------------------------------------------------

/** Strings every field meets sooner or later: marks, scripts, operators, paths, NUL, surrogates. */
const specialStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '\u202Eevil\u202C.png',
  '\u200B',
  '\u{1F600}\u{1F9F0}\u{10FFFF}',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'مرحبا بالعالم',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{"$gt":""}',
  '$where',
  '$gt',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-1',
  '1e309',
  '0x1F',
  '%00',
  '%E0%A4%A',
  'javascript:alert(1)',
  '\r\nSet-Cookie: x=1',
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 3, arbitrary: fc.constantFrom(...specialStrings) },
  // Longer than every maximum of the schemas (the longest is 5,000), shorter than 64 kB.
  { weight: 1, arbitrary: fc.integer({ min: 5_001, max: 40_000 }).map((n) => 'x'.repeat(n)) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('\u{1F600}', 'ي', '\u202E', '\u0000', '\uD800'), fc.nat(2_000))
      .map(([unit, n]) => unit.repeat(n + 1)),
  },
);

/** A JSON value as text is built, so that `__proto__` and duplicate keys reach the server. */
type J = null | boolean | number | string | J[] | JObject;
interface JObject {
  entries: Array<[string, J]>;
}

function toJ(value: unknown): J {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(toJ);
  if (typeof value === 'object') {
    return { entries: Object.entries(value).map(([key, item]) => [key, toJ(item)]) };
  }
  return value as J;
}

function jsonText(value: J): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(',')}}`;
}

const operatorObjects: J[] = [
  { $gt: '' },
  { $ne: null },
  { $where: 'sleep(1000) || true' },
  { $regex: '.*', $options: 's' },
  { $exists: true },
  { $in: [] },
  { $expr: { $eq: [1, 1] } },
].map(toJ);

const prototypeObjects: J[] = [
  { entries: [['__proto__', { entries: [['role', 'admin']] }]] },
  { entries: [['constructor', { entries: [['prototype', { entries: [['polluted', true]] }]] }]] },
];

const hostileValue: fc.Arbitrary<J> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  {
    weight: 1,
    arbitrary: fc.constantFrom<J>(0, -1, 1e21, 2 ** 53 + 1, 0.001, 499.5, 10_000_001, true, false),
  },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 2, arbitrary: fc.constantFrom(...operatorObjects, ...prototypeObjects) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
);

const hostileKeys = ['__proto__', 'constructor', 'prototype', '$where', '$gt', 'toString', ''];

/** A header value a client can send (no line breaks or characters beyond Latin-1). */
const headerValue = fc
  .string({ unit: 'binary-ascii', maxLength: 60 })
  .map((value) => value.replace(/[^\t\x20-\x7e\x80-\xff]/g, ''));

// ---- Inputs ----------------------------------------------------------------------------------

/** One generated request, and whether it could legitimately succeed. */
interface FuzzInput {
  label: string;
  call: OperationCall;
  /** Where the caller's credential or origin alone makes it a refusal. */
  credentialRefused: boolean;
  /** Whether the body, query and targets pass the handler's own checks (so it may succeed). */
  valid: boolean;
  /** Auth.js's sign-in and sign-out: fetch a real CSRF token and cookie first. */
  withCsrf?: boolean;
  /** The caller's own, genuine session cookie is sent (Auth.js may then renew it). */
  signedIn: boolean;
}

type Part = { label: string; valid: boolean };
type BodyPart = Part & Pick<OperationCall, 'body' | 'json'> & { contentType?: string };
type TargetPart = Part & { value: string };

const STORE = users.STORE_ORIGIN;

/**
 * Who calls, as which credential, from which page: the caller's own session cookie or bearer
 * token, or for the anonymous caller nothing or a forged credential; mostly from the store's
 * own page, sometimes from another site's or without saying.
 */
function credentialArb(
  operation: ListedOperation,
  who: 'actor' | 'anonymous',
): fc.Arbitrary<Part & { headers: Record<string, string>; signedIn: boolean }> {
  // A buyer's operations are called by buyer A, whose email is not verified, and by a co-owner
  // whose email is: both sides of the verified-email rules see the same hostile inputs.
  const actors: [string, Actor][] =
    operation.access === 'admin'
      ? [['', admin]]
      : endsOwnSessions(operation)
        ? [['', leaver]]
        : [
            ['', buyerA],
            ['a verified owner: ', verifiedOwner],
          ];
  const origin = fc.constantFrom<[string, string | null]>(
    ['the store', STORE],
    ['the store', STORE],
    ['the store', STORE],
    ['the store', STORE],
    ['the store', STORE],
    ['another site', 'https://evil.example'],
    ['an opaque origin', 'null'],
    ['nowhere said', null],
  );
  const credentials: fc.Arbitrary<[string, Record<string, string>, boolean]> =
    who === 'actor'
      ? fc.constantFrom<[string, Record<string, string>, boolean]>(
          ...actors.flatMap(([whose, actor]): [string, Record<string, string>, boolean][] => [
            [`${whose}session cookie`, { Cookie: actor.session.Cookie! }, true],
            ...(operation.access === 'session'
              ? []
              : [
                  [`${whose}bearer token`, { ...actor.headers }, true] as [
                    string,
                    Record<string, string>,
                    boolean,
                  ],
                ]),
          ]),
        )
      : fc.oneof(
          fc.constant<[string, Record<string, string>, boolean]>(['no credential', {}, false]),
          headerValue.map<[string, Record<string, string>, boolean]>((token) => [
            'a forged bearer token',
            { Authorization: `Bearer ${token || 'x'}` },
            false,
          ]),
          headerValue.map<[string, Record<string, string>, boolean]>((value) => [
            'a forged session cookie',
            { Cookie: `authjs.session-token=${encodeURIComponent(value)}` },
            false,
          ]),
          fc.constantFrom<[string, Record<string, string>, boolean]>(
            ['another scheme', { Authorization: 'Basic YWRtaW46YWRtaW4=' }, false],
            ['an empty bearer', { Authorization: 'Bearer ' }, false],
            ['a token of another shape', { Authorization: 'Bearer a.b.c' }, false],
          ),
        );
  return fc.tuple(credentials, origin).map(([[label, credential, genuine], [where, value]]) => {
    const headers = { ...credential };
    if (value !== null) headers.Origin = value;
    // The cross-site rule the route wrapper applies (lib/security/cross-site.ts).
    const sameSiteOk = crossSiteAllowed(
      operation.method,
      requestCredential(new Headers(headers)),
      sourceHeaders(new Headers(headers)),
      STORE,
    );
    const public_ = operation.access === 'public' || operation.access === 'stripe';
    return {
      label: `${label} from ${where}`,
      valid: sameSiteOk && (genuine || public_),
      headers,
      signedIn: genuine && 'Cookie' in credential,
    };
  });
}

/** Where an id of nothing is an ObjectId no document has. */
const idOfNothing = fc
  .stringMatching(/^[0-9a-f]{24}$/)
  .filter((hex) => !existingIds.has(hex))
  .map((value): TargetPart => ({ label: 'an id of nothing', valid: false, value }));

const notAnId = hostileString
  .filter((value) => !/^[0-9a-fA-F]{24}$/.test(value))
  .map((value): TargetPart => ({ label: 'not an id', valid: false, value }));

const isObjectIdParameter = (parameter: ListedParameter) =>
  parameter.schema.pattern === '^[0-9a-fA-F]{24}$';

/** An upload id (lib/images/ids.ts): 32 lower-case hex digits, or an ObjectId from before. */
const IMAGE_ID = /^(?:[0-9a-f]{32}|[0-9a-fA-F]{24})$/;
const isImageIdParameter = (parameter: ListedParameter) =>
  parameter.schema.pattern === IMAGE_ID.source;

/** Where an image id of nothing is random hex no upload has, or an ObjectId no file has. */
const imageIdOfNothing = fc
  .oneof(fc.stringMatching(/^[0-9a-f]{32}$/), fc.stringMatching(/^[0-9a-f]{24}$/))
  .filter((hex) => hex !== imageId && !existingIds.has(hex))
  .map((value): TargetPart => ({ label: 'an id of nothing', valid: false, value }));

const notAnImageId = hostileString
  .filter((value) => !IMAGE_ID.test(value))
  .map((value): TargetPart => ({ label: 'not an id', valid: false, value }));

/** Another buyer's ids and the caller's own, by what the path names. */
function ownAndForeignIds(operation: ListedOperation, name: string) {
  if (name === 'productId') return { own: [productId], foreign: [] };
  if (name === 'imageId') return { own: [imageId], foreign: [] };
  if (operation.path.startsWith('/api/admin/money-to-return/')) {
    return { own: [moneyToReturnId], foreign: [] };
  }
  // Order ids: buyer A's are the caller's own (A, or an admin for admin operations).
  return { own: ordersOfA, foreign: operation.access === 'admin' ? [] : ordersOfB };
}

/**
 * A path parameter's value: garbage, an id of nothing, another buyer's; the caller's own only
 * where the request cannot change anything by it alone (a GET, or a body that decides).
 */
function targetArb(
  operation: ListedOperation,
  parameter: ListedParameter,
): fc.Arbitrary<TargetPart> {
  const ownAllowed = operation.method === 'GET' || operation.requestBody !== null;
  if (isImageIdParameter(parameter)) {
    return fc.oneof(
      notAnImageId,
      imageIdOfNothing,
      fc.constant(imageId).map((value): TargetPart => ({ label: 'an own id', valid: true, value })),
    );
  }
  if (isObjectIdParameter(parameter)) {
    const { own, foreign } = ownAndForeignIds(operation, parameter.name);
    return fc.oneof(
      notAnId,
      idOfNothing,
      ...(foreign.length
        ? [
            fc
              .constantFrom(...foreign)
              .map((value) => ({ label: "another buyer's id", valid: false, value })),
          ]
        : []),
      ...(ownAllowed && own.length
        ? [
            {
              // Where a body decides, mostly the caller's own target: the body is judged.
              weight: operation.requestBody !== null ? 4 : 1,
              arbitrary: fc
                .constantFrom(...own)
                .map((value) => ({ label: 'an own id', valid: true, value })),
            },
          ]
        : []),
    );
  }
  // An email: never an existing account's for an admin's changes, never the caller's own
  // unless the request cannot change anything by it alone.
  const actorEmail = (operation.access === 'admin' ? admin : buyerA).user.email;
  const normalised = (value: string) => {
    try {
      return emailParam(value);
    } catch {
      return null;
    }
  };
  const adminTarget = operation.access === 'admin';
  const foreignEmails = adminTarget ? [] : [buyerB.user.email, admin.user.email];
  const emails = fc.oneof(
    hostileString.map((value) => ({ label: 'a hostile email', value })),
    fc
      .tuple(fc.stringMatching(/^[a-z0-9_]{1,20}$/), fc.constantFrom('example.com', 'EXAMPLE.com'))
      .map(([name, domain]) => ({ label: "nobody's email", value: `${name}@${domain}` })),
    fc.integer({ min: 255, max: 2_000 }).map((n) => ({
      label: 'an email too long',
      value: `${'a'.repeat(n)}@example.com`,
    })),
    ...(foreignEmails.length
      ? [
          fc
            .constantFrom(...foreignEmails)
            .chain((email) =>
              fc.constantFrom(email, email.toUpperCase(), ` ${email} `, encodeURIComponent(email)),
            )
            .map((value) => ({ label: "someone else's email", value })),
        ]
      : []),
    ...(ownAllowed && !adminTarget && operation.scope !== undefined
      ? [
          {
            weight: operation.requestBody !== null ? 6 : 1,
            arbitrary: fc.constant({ label: 'the own email', value: actorEmail }),
          },
        ]
      : []),
  );
  return emails
    .filter(({ value }) => {
      const email = normalised(value);
      if (email === null) return true;
      if (adminTarget) return !existingEmails.has(email);
      return email !== actorEmail || ownAllowed;
    })
    .map(({ label, value }) => ({ label, value, valid: normalised(value) === actorEmail }));
}

/**
 * Ids a body names that the caller reaches, by field: the members of A's company (a buyer, a
 * co-owner, and A), to whom A and the co-owner may send their order list.
 */
function ownBodyIds(operation: ListedOperation): Array<[key: string, id: string]> {
  if (operation.operationId !== 'shareCart') return [];
  return [buyerB, verifiedOwner, buyerA].map((actor) => ['userId', actor.user.id]);
}

/** A JSON body: a mutated example, malformed, no object, empty, or over the bound. */
function jsonBodyArb(operation: ListedOperation): fc.Arbitrary<BodyPart> {
  const schema = operation.contract.body!.json!;
  const readsMultipart = operation.contract.body?.multipart !== undefined;
  const example = toJ(operation.contract.body?.example ?? {}) as JObject;
  const keys = example.entries.map(([key]) => key);
  const keyArb = fc.oneof(
    ...(keys.length ? [fc.constantFrom(...keys)] : []),
    fc.constantFrom(...hostileKeys),
    fc.string({ unit: 'binary', maxLength: 12 }),
  );
  const ownIds = ownBodyIds(operation);
  const mutation = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(fc.constant('set' as const), keyArb, hostileValue) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('drop' as const), keyArb, fc.constant(null)) },
    { weight: 1, arbitrary: fc.tuple(fc.constant('repeat' as const), keyArb, hostileValue) },
    ...(ownIds.length
      ? [
          {
            weight: 2,
            arbitrary: fc
              .constantFrom(...ownIds)
              .map(([key, id]) => ['set' as const, key, id as J] as const),
          },
        ]
      : []),
  );
  const mutated = fc.array(mutation, { minLength: 1, maxLength: 3 }).map((mutations) => {
    let entries = [...example.entries];
    for (const [kind, key, value] of mutations) {
      if (kind === 'drop') entries = entries.filter(([name]) => name !== key);
      else if (kind === 'repeat' || !entries.some(([name]) => name === key))
        entries.push([key, value]);
      else entries = entries.map(([name, item]) => [name, name === key ? value : item]);
    }
    const changes = mutations.map(([kind, key]) => `${kind} ${JSON.stringify(key.slice(0, 20))}`);
    return { label: `example with ${changes.join(', ')}`, text: jsonText({ entries }) };
  });
  const exampleText = jsonText(example);
  const malformed = fc
    .oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.nat(exampleText.length).map((n) => exampleText.slice(0, n)),
      fc.constantFrom(
        "{'a':1}",
        '{"a":}',
        '{"a":1,}',
        '\uFEFF{}',
        '{"__proto__":',
        '[',
        'NaN',
        '{"a":1}{"b":2}',
      ),
    )
    .filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    })
    .map((text) => ({ label: 'malformed JSON', text }));
  const notObject = fc
    .oneof(fc.jsonValue({ maxDepth: 2 }), fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }))
    .filter((value) => value === null || typeof value !== 'object' || Array.isArray(value))
    .map((value) => ({ label: 'JSON that is no object', text: JSON.stringify(value) ?? 'null' }));
  const oversized = fc.integer({ min: MAX_JSON_BYTES + 1, max: MAX_JSON_BYTES * 2 }).map((n) => ({
    label: 'a body over 64 kB',
    text: jsonText({ entries: [...example.entries, ['pad', 'x'.repeat(n)]] }),
  }));
  const contentType = fc.oneof(
    { weight: 6, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=utf-16',
        'application/xml',
        'multipart/form-data; boundary=zz',
        '',
      ),
    },
  );
  return fc
    .tuple(
      fc.oneof(
        { weight: 8, arbitrary: mutated },
        { weight: 1, arbitrary: malformed },
        { weight: 1, arbitrary: notObject },
        { weight: 1, arbitrary: fc.constant({ label: 'an empty body', text: '' }) },
        { weight: 1, arbitrary: oversized },
      ),
      contentType,
    )
    .map(([{ label, text }, type]) => ({
      label: `${label} as ${type || 'no content type'}`,
      body: text,
      contentType: type,
      // `readJson` reads any content type as JSON; only an upload route reads multipart instead.
      valid: jsonAccepted(schema, text) && !(readsMultipart && type.startsWith('multipart/')),
    }));
}

/** Whether `readJson` and the schema accept this body: then it may succeed. */
function jsonAccepted(schema: z.ZodType, text: string): boolean {
  if (Buffer.byteLength(text) > MAX_JSON_BYTES) return false;
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}

type FileKind = 'none' | 'not an image' | 'an empty file' | 'a PNG' | 'text' | 'too large';

/** A multipart upload: the example's fields, mutated, and a file that is mostly no image. */
function multipartArb(operation: ListedOperation): fc.Arbitrary<BodyPart> {
  const multipart = operation.contract.body!.multipart!;
  const schema = multipart.fields;
  const names = Object.keys(schema?.shape ?? {});
  const example = (operation.contract.body?.example ?? {}) as Record<string, unknown>;
  const baseFields = names
    .filter((name) => example[name] !== undefined && name !== multipart.file)
    .map((name): [string, string] => {
      const value = example[name];
      return [name, typeof value === 'string' ? value : JSON.stringify(value)];
    });
  // The store never keeps an upload it refused: a real image only where the fields fail.
  const images = operation.path !== '/api/images';
  const fileKinds: FileKind[] = ['none', 'not an image', 'an empty file', 'text', 'too large'];
  if (images) fileKinds.push('a PNG');
  const fieldChange = fc.tuple(
    fc.oneof(
      ...(names.length ? [fc.constantFrom(...names)] : []),
      fc.constantFrom(...hostileKeys, multipart.file),
    ),
    fc.option(hostileString, { nil: undefined }),
  );
  const form = fc
    .tuple(
      fc.array(fieldChange, { maxLength: 4 }),
      fc.constantFrom(...fileKinds),
      hostileString,
      fc.uint8Array({ maxLength: 64 }),
    )
    .map(([changes, file, text, bytes]) => {
      const fields = new Map(baseFields);
      for (const [name, value] of changes) {
        if (value === undefined) fields.delete(name);
        else fields.set(name, value);
      }
      const body = new FormData();
      for (const [name, value] of fields) body.append(name, value);
      const notImage = Buffer.concat([Buffer.from('NOTIMG'), bytes]);
      if (file === 'not an image') body.set(multipart.file, new Blob([notImage]), 'part.png');
      if (file === 'an empty file') body.set(multipart.file, new Blob([]), 'empty.png');
      if (file === 'text') body.set(multipart.file, text);
      if (file === 'a PNG')
        body.set(multipart.file, new Blob([pngImage()], { type: 'image/png' }), 'x.png');
      if (file === 'too large') {
        body.set(multipart.file, new Blob([Buffer.alloc(5 * 1024 * 1024 + 1, 0x41)]), 'huge.png');
      }
      const numeric =
        operation.path === '/api/review'
          ? ['rating']
          : operation.path === '/api/product'
            ? [...productNumberFields]
            : [];
      const parsed = schema ? schema.safeParse(formFields(body, names, numeric)).success : true;
      const picture = body.get(multipart.file);
      const fileValid =
        file === 'a PNG' ||
        (operation.path === '/api/product' &&
          typeof picture === 'string' &&
          picture !== '' &&
          pictureField.safeParse(picture).success);
      return {
        label: `multipart with ${changes.length} changed fields and ${file}`,
        body,
        valid: parsed && fileValid,
      };
    });
  const junk = fc
    .tuple(
      fc.uint8Array({ maxLength: 200 }),
      fc.constantFrom(
        'multipart/form-data; boundary=zz',
        'multipart/form-data',
        'multipart/form-data; boundary=',
      ),
    )
    .map(([bytes, type]) => ({
      label: `multipart junk as ${type}`,
      body: Buffer.concat([Buffer.from('--zz\r\nContent-Disposition: form-data; name="'), bytes]),
      contentType: type,
      valid: false,
    }));
  return fc.oneof({ weight: 4, arbitrary: form }, { weight: 1, arbitrary: junk });
}

/** Stripe's webhook: events and junk, unsigned or signed with a forged signature. */
function webhookArb(operation: ListedOperation): fc.Arbitrary<BodyPart & { signature?: string }> {
  const event = toJ({
    id: 'evt_fuzz',
    type: 'payment_intent.succeeded',
    data: { object: { id: 'pi_fuzz', metadata: { orderId: ordersOfA[0] } } },
  });
  void operation;
  return fc
    .tuple(
      fc.oneof(
        fc.constant(jsonText(event)),
        hostileString,
        fc.integer({ min: 512 * 1024 + 1, max: 600 * 1024 }).map((n) => 'x'.repeat(n)),
      ),
      fc.oneof(
        fc.constant(undefined),
        headerValue,
        fc
          .stringMatching(/^[0-9a-f]{64}$/)
          .map((hex) => `t=${Math.floor(Date.now() / 1000)},v1=${hex}`),
      ),
    )
    .map(([body, signature]) => ({
      label: `an event (${body.length} characters), signature ${signature === undefined ? 'missing' : 'forged'}`,
      body,
      contentType: 'application/json',
      signature,
      valid: false,
    }));
}

/** Auth.js's forms: junk fields, sometimes with a real CSRF token, junk callback URLs. */
function authJsFormArb(): fc.Arbitrary<BodyPart & { withCsrf: boolean }> {
  return fc
    .tuple(
      fc.array(
        fc.tuple(
          fc.constantFrom('email', 'password', 'csrfToken', 'callbackUrl', 'redirect', '__proto__'),
          hostileString,
        ),
        { maxLength: 5 },
      ),
      fc.boolean(),
      fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain'),
    )
    .map(([fields, withCsrf, type]) => {
      const form = new URLSearchParams();
      for (const [name, value] of fields)
        form.append(name, value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
      const body =
        type === 'application/json' ? JSON.stringify(Object.fromEntries(form)) : form.toString();
      return {
        label: `${fields.length} junk fields as ${type}${withCsrf ? ' with a CSRF token' : ''}`,
        body,
        contentType: type,
        withCsrf,
        valid: false,
      };
    });
}

/** The query string: each declared parameter hostile or absent, plus junk parameters. */
function queryArb(operation: ListedOperation): fc.Arbitrary<Part & { query: string }> {
  const declared = operation.parameters.filter((parameter) => parameter.in === 'query');
  const names = declared.map((parameter) => parameter.name);
  const pair = fc.tuple(
    fc.oneof(
      { weight: 3, arbitrary: names.length ? fc.constantFrom(...names) : fc.constant('q') },
      { weight: 1, arbitrary: fc.constantFrom('callbackUrl', '__proto__', 'status[$ne]', 'x') },
    ),
    hostileString.map((value) => value.slice(0, 2_000)),
  );
  const schema = operation.contract.params?.query;
  return fc.array(pair, { maxLength: 4 }).map((pairs) => {
    const search = new URLSearchParams();
    for (const [name, value] of pairs) search.append(name, value);
    const query = search.toString();
    // As the handler reads it: every value of each name (the catalogue takes the first), or
    // the first value alone. Either accepted makes the query valid.
    const read = new URLSearchParams(query);
    const all = Object.fromEntries([...new Set(read.keys())].map((key) => [key, read.getAll(key)]));
    const first = Object.fromEntries([...new Set(read.keys())].map((key) => [key, read.get(key)]));
    const valid = !schema || schema.safeParse(all).success || schema.safeParse(first).success;
    return { label: `query ${query.slice(0, 80)}`, query, valid };
  });
}

function inputArb(operation: ListedOperation, who: 'actor' | 'anonymous'): fc.Arbitrary<FuzzInput> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const targets = fc.tuple(...pathParameters.map((parameter) => targetArb(operation, parameter)));
  const bodies: fc.Arbitrary<BodyPart & { signature?: string; withCsrf?: boolean }>[] = [];
  if (ops.isAuthJs(operation)) {
    if (operation.method !== 'GET') bodies.push(authJsFormArb());
  } else if (operation.access === 'stripe') {
    bodies.push(webhookArb(operation));
  } else {
    if (operation.contract.body?.json) bodies.push(jsonBodyArb(operation));
    if (operation.contract.body?.multipart) bodies.push(multipartArb(operation));
  }
  // Operations without a body get junk bodies, which they must ignore or refuse.
  const body: fc.Arbitrary<BodyPart & { signature?: string; withCsrf?: boolean }> = bodies.length
    ? fc.oneof(...bodies)
    : fc.oneof(
        fc.constant({ label: 'no body', valid: true }),
        hostileString.map((text) => ({ label: 'a junk body', body: text, valid: true })),
      );
  const extraHeaders = fc.option(
    fc.tuple(
      fc.constantFrom('If-None-Match', 'X-Forwarded-For', 'Accept', 'Content-Length'),
      headerValue,
    ),
    { nil: undefined },
  );
  return fc
    .tuple(credentialArb(operation, who), targets, queryArb(operation), body, extraHeaders)
    .map(([credential, pathParts, query, bodyPart, extra]) => {
      const params = Object.fromEntries(
        pathParameters.map((parameter, index) => [parameter.name, pathParts[index]!.value]),
      );
      const headers: Record<string, string> = { ...credential.headers };
      if (bodyPart.contentType) headers['Content-Type'] = bodyPart.contentType;
      if (bodyPart.signature !== undefined) headers['Stripe-Signature'] = bodyPart.signature;
      if (extra) headers[extra[0]] = extra[1];
      const parts = [credential, ...pathParts, query, bodyPart];
      return {
        label: parts.map((part) => part.label).join(' | '),
        call: {
          params,
          query: query.query,
          headers,
          body: operation.method === 'GET' ? null : (bodyPart.body ?? null),
        },
        credentialRefused: !credential.valid,
        signedIn: credential.signedIn,
        valid: parts.every((part) => part.valid),
        withCsrf: bodyPart.withCsrf,
      };
    });
}

// ---- The property ----------------------------------------------------------------------------

/** Operations that take no input: junk must be ignored or refused, their answers are as usual. */
function takesInput(operation: ListedOperation): boolean {
  return (
    operation.parameters.some((parameter) => parameter.in === 'path' || parameter.in === 'query') ||
    operation.requestBody !== null
  );
}

/** What is wrong with an answer, or nothing. */
function problemsOf(operation: ListedOperation, input: FuzzInput, answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  if (ops.isAuthJs(operation)) {
    const session = answer.headers
      .getSetCookie()
      .some((line) => /^(__Secure-)?authjs\.session-token=[^;]/.test(line));
    // Auth.js renews the session of whoever sends a genuine one; nobody else gets one.
    if (session && !input.signedIn) problems.push('issued a session');
    if (answer.status >= 400 && (answer.json as { error?: unknown } | undefined)?.error) {
      const shape = ops.errorShapeProblem(answer);
      if (shape) problems.push(shape);
    }
    return problems;
  }
  if (operation.path === '/api/verify-email' && operation.method === 'GET') {
    // A link's token is opaque: whatever it is, the answer is the redirect that says invalid.
    if (answer.status !== 303 || !/verified=invalid$/.test(answer.headers.get('location') ?? '')) {
      problems.push(`answered ${answer.status} to ${answer.headers.get('location')}`);
    }
    return problems;
  }
  const mayPass = !input.credentialRefused && (input.valid || !takesInput(operation));
  if (answer.status >= 400) {
    const shape = ops.errorShapeProblem(answer);
    if (shape) problems.push(shape);
    return problems;
  }
  if (!mayPass) problems.push(`accepted (${answer.status}) what it must refuse`);
  else if (!operation.statuses.includes(answer.status)) {
    problems.push(`answered ${answer.status}, which the document does not list`);
  }
  return problems;
}

async function fuzz(operation: ListedOperation, who: 'actor' | 'anonymous', seed: number) {
  let baseline = await ops.databaseSnapshot();
  const statuses = new Map<string, number>();
  const property = fc.asyncProperty(inputArb(operation, who), async (input) => {
    await ops.resetRateLimits();
    const call = { ...input.call, headers: { ...input.call.headers } };
    if (input.withCsrf) {
      const csrf = await ops.callOperation({ method: 'GET', path: '/api/auth/csrf' });
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const cookie = csrf.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      call.headers.Cookie = [call.headers.Cookie, cookie].filter(Boolean).join('; ');
      call.body = `${typeof call.body === 'string' ? call.body : ''}&csrfToken=${csrfToken}`;
    }
    const answer = await ops.readAnswer(await ops.callOperation(operation, call));
    const code = (answer.json as { error?: { code?: string } } | undefined)?.error?.code;
    const tally = `${answer.status}${code ? ` ${code}` : ''}`;
    statuses.set(tally, (statuses.get(tally) ?? 0) + 1);
    const problems = problemsOf(operation, input, answer);
    await settleBackgroundWork();
    const now = await ops.databaseSnapshot();
    let changes = ops.snapshotChanges(baseline, now);
    baseline = now;
    const succeeded = answer.status < 400 && !ops.isAuthJs(operation);
    if (operation.operationId === 'signOut' && input.signedIn) {
      // Signing out a genuine session records its sign-out, and nothing else.
      changes = changes.filter((change) => !change.startsWith('sessionRevocations:'));
    }
    if (changes.length && !succeeded) problems.push(`changed the database: ${changes.join('; ')}`);
    if (endsOwnSessions(operation)) {
      await restoreSessions();
      baseline = await ops.databaseSnapshot();
    }
    if (problems.length) {
      throw new Error(
        `${problems.join('; ')}\ninput: ${input.label}\nanswer: ${answer.status} ${answer.text.slice(0, 400)}`,
      );
    }
  });
  try {
    await fc.assert(property, { numRuns: RUNS, seed });
    if (process.env.FUZZ_STATS) {
      const counts = [...statuses].sort().map(([status, count]) => `${status} ×${count}`);
      console.info(`${operation.method} ${operation.path} as ${who}: ${counts.join(', ')}`);
    }
  } catch (error) {
    console.error(
      `Fuzzing ${operation.method} ${operation.path} as ${who} failed; replay with FUZZ_SEED=${SEED} (this property's seed ${seed}).`,
    );
    throw error;
  }
}

/** What the fuzzing found, kept as plain examples. */
describe('found by fuzzing', () => {
  const session = { method: 'GET', path: '/api/auth/session' } as const;
  const signIn = { method: 'POST', path: '/api/auth/callback/credentials' } as const;

  it("a callbackUrl Auth.js refuses is the client's mistake (400), not a server error (was 500)", async () => {
    for (const callbackUrl of ['javascript:alert(1)', '\u0000', 'ftp://x']) {
      const query = new URLSearchParams({ callbackUrl }).toString();
      for (const operation of [session, signIn]) {
        const answer = await ops.readAnswer(await ops.callOperation(operation, { query }));
        expect(answer.status, `${operation.path}?${query}`).toBe(400);
        expect(ops.errorShapeProblem(answer)).toBeNull();
        expect((answer.json as { error: { message: string } }).error.message).toMatch(
          /callbackUrl/,
        );
      }
    }
  });

  it('a callback-url cookie Auth.js refuses is left out, so the session still reads (was 500)', async () => {
    const answer = await ops.readAnswer(
      await ops.callOperation(session, {
        headers: { Cookie: `${buyerA.session.Cookie}; authjs.callback-url=javascript%3Aalert(1)` },
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ user: { email: buyerA.user.email } });
  });
});

describe('fuzzing every operation of the OpenAPI document', () => {
  it('covers every operation', () => {
    expect(operations.length).toBeGreaterThan(35);
  });

  describe.each(
    operations.map((operation, index) => [ops.operationKey(operation), operation, index] as const),
  )('%s', (_, operation, index) => {
    it.each(['actor', 'anonymous'] as const)(
      'as %s: 4xx in the error shape for what it refuses, never 5xx, nothing written',
      async (who) => {
        await fuzz(operation, who, SEED + index * 2 + (who === 'anonymous' ? 1 : 0));
      },
      120_000,
    );
  });
});
