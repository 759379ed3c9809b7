import 'server-only';
import { randomUUID } from 'node:crypto';
import { ObjectId, type Filter } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { collections } from '../collections';
import type { ProfileDetails, Role, UserDoc } from '../collections';
import { env } from '@/lib/core/env';
import { hashPassword } from '@/lib/accounts/password';
import { toObjectId } from '@/lib/core/db/ids';

/** A user as the rest of the app sees them: never the password hash. */
export interface User {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: Role;
  hasPassword: boolean;
  /** Whether the person proved the email: a verification link, or Google's verified email. */
  emailVerified: boolean;
  /** Sessions and access tokens stamped with another version are refused. */
  sessionVersion: number;
  profile: ProfileDetails | null;
  /** Company name for business orders (My Profile); null when not given. */
  company: string | null;
  /** Tax id / VAT number (My Profile); null when not given. */
  taxId: string | null;
}

/**
 * Admin by the database role, or by ADMIN_EMAILS once whoever holds the sign-in has proved the
 * mailbox as well (`ownerProvenAt`: a password reset or a Google sign-in). Opening the
 * verification link is not enough: someone who signed up first with a listed address chose
 * the password, and the owner clicking "verify" proves only the mailbox.
 */
export function roleOf(doc: Pick<UserDoc, 'email' | 'role' | 'ownerProvenAt'>): Role {
  if (doc.role === 'admin') return 'admin';
  return doc.ownerProvenAt && env.ADMIN_EMAILS.includes(doc.email.toLowerCase()) ? 'admin' : 'user';
}

export function toUser(doc: UserDoc): User {
  return {
    id: doc._id.toHexString(),
    email: doc.email,
    name: doc.name ?? '',
    image: doc.image ?? null,
    role: roleOf(doc),
    hasPassword: Boolean(doc.passwordHash),
    emailVerified: Boolean(doc.emailVerified),
    sessionVersion: doc.sessionVersion ?? 0,
    profile: doc.profile ?? null,
    company: doc.company ?? null,
    taxId: doc.taxId ?? null,
  };
}

async function users() {
  return collections(await getDb()).users;
}

export async function findUserById(id: string): Promise<User | null> {
  const _id = toObjectId(id);
  if (!_id) return null;
  const doc = await (await users()).findOne({ _id });
  return doc ? toUser(doc) : null;
}

/** One authenticated request's read: the user a session or access token names, and its sign-in. */
export interface SessionRead {
  userId: string;
  sessionId: string;
}

const readKey = ({ userId, sessionId }: SessionRead) => `${userId}\u0000${sessionId}`;

/**
 * The user records of these sign-ins, in one query that also reads whether each sign-in was
 * signed out (a `$lookup` of its unexpired revocation, lib/accounts/store/sessions.ts, by session id): a
 * signed-out sign-in finds no user, as a removed user's does. Reads from concurrent requests
 * are gathered into it: `findSessionUserBatched`. Keyed by `userId` and `sessionId`; malformed,
 * unknown and signed-out reads are absent.
 */
export async function findSessionUsers(
  reads: readonly SessionRead[],
  now = new Date(),
): Promise<Map<string, User>> {
  const found = new Map<string, User>();
  const objectIds = [...new Set(reads.map((read) => read.userId))]
    .map(toObjectId)
    .filter((id): id is ObjectId => id !== null);
  if (objectIds.length === 0) return found;
  const c = collections(await getDb());
  const docs = await c.users
    .aggregate<UserDoc & { signedOut: Array<{ _id: string }> }>([
      { $match: { _id: { $in: objectIds } } },
      {
        $lookup: {
          from: c.sessionRevocations.collectionName,
          localField: '_id',
          foreignField: 'userId',
          pipeline: [
            {
              $match: {
                _id: { $in: [...new Set(reads.map((read) => read.sessionId))] },
                expiresAt: { $gt: now },
              },
            },
            { $project: { _id: 1 } },
          ],
          as: 'signedOut',
        },
      },
    ])
    .toArray();
  const byId = new Map(docs.map((doc) => [doc._id.toHexString(), doc]));
  for (const read of reads) {
    const doc = byId.get(read.userId);
    if (!doc || doc.signedOut.some((revoked) => revoked._id === read.sessionId)) continue;
    found.set(readKey(read), toUser(doc));
  }
  return found;
}

type PendingRead = SessionRead & {
  resolve: (user: User | null) => void;
  reject: (e: unknown) => void;
};
let pendingReads: PendingRead[] | null = null;

/**
 * The user of a sign-in, or null when the user is gone or the sign-in was signed out
 * (`findSessionUsers`), with the reads asked for in the same turn of the event loop made as one
 * query: under load every request still reads its user's current record after it arrived, with
 * one round trip to the database for many requests instead of one each.
 */
export function findSessionUserBatched(userId: string, sessionId: string): Promise<User | null> {
  return new Promise((resolve, reject) => {
    if (!pendingReads) {
      pendingReads = [];
      setImmediate(flushSessionReads);
    }
    pendingReads.push({ userId, sessionId, resolve, reject });
  });
}

function flushSessionReads(): void {
  const reads = pendingReads ?? [];
  pendingReads = null;
  findSessionUsers(reads).then(
    (found) => {
      for (const read of reads) {
        const user = found.get(readKey(read));
        read.resolve(user ? { ...user } : null);
      }
    },
    (error: unknown) => {
      for (const read of reads) read.reject(error);
    },
  );
}

/**
 * "Sign out everywhere": bumps the session version, so every session and access token of the
 * account, the current one included, is refused from the next request on. False when the user
 * is gone.
 */
export async function endEverySession(userId: string): Promise<boolean> {
  const _id = toObjectId(userId);
  if (!_id) return false;
  const { matchedCount } = await (
    await users()
  ).updateOne({ _id }, { $inc: { sessionVersion: 1 } });
  return matchedCount === 1;
}

export async function findUserByEmail(email: string): Promise<User | null> {
  const doc = await (await users()).findOne({ email: email.toLowerCase() });
  return doc ? toUser(doc) : null;
}

/** The stored hash, for sign-in only. */
export async function findCredentials(
  email: string,
): Promise<{ user: User; passwordHash: string | null } | null> {
  const doc = await (await users()).findOne({ email: email.toLowerCase() });
  return doc ? { user: toUser(doc), passwordHash: doc.passwordHash ?? null } : null;
}

export class EmailTakenError extends Error {
  constructor() {
    super('An account with this email already exists.');
  }
}

/** Creates an email-and-password account; EmailTakenError when the email is registered. */
export async function createPasswordUser(input: {
  name: string;
  email: string;
  password: string;
}): Promise<User> {
  const doc: UserDoc = {
    _id: new ObjectId(),
    name: input.name,
    email: input.email.toLowerCase(),
    emailVerified: null,
    image: null,
    role: 'user',
    passwordHash: await hashPassword(input.password),
    createdAt: new Date(),
  };
  try {
    await (await users()).insertOne(doc);
  } catch (error) {
    if ((error as { code?: number }).code === 11000) throw new EmailTakenError();
    throw error;
  }
  return toUser(doc);
}

/**
 * Sets a new password through a mailed reset link: ends every session and access token issued
 * before, and records that the sign-in's holder has proved the mailbox (`ownerProvenAt`, which
 * ADMIN_EMAILS needs), in one update. Only for the reset link: a change made with the old
 * password would prove nothing about the mailbox.
 */
export async function resetPassword(userId: string, password: string): Promise<void> {
  const _id = toObjectId(userId);
  if (!_id) return;
  await (
    await users()
  ).updateOne(
    { _id },
    {
      $set: { passwordHash: await hashPassword(password), ownerProvenAt: new Date() },
      $inc: { sessionVersion: 1 },
    },
  );
}

/**
 * Marks the email verified, only while the account still has the address the link was sent
 * to. True when this call verified it (false when already verified, or the email changed).
 */
export async function markEmailVerified(userId: string, email: string): Promise<boolean> {
  const _id = toObjectId(userId);
  if (!_id) return false;
  const { modifiedCount } = await (
    await users()
  ).updateOne(
    { _id, email: email.toLowerCase(), emailVerified: null },
    { $set: { emailVerified: new Date() } },
  );
  return modifiedCount === 1;
}

/**
 * A Google sign-in for an email whose password account was never verified: Google has proved
 * the address, the password account has not, so the account goes to the Google identity. The
 * unverified password is removed and every session of the account ends, all in one update
 * that only matches a password account that is still unverified; the Google link is written
 * after it. Returns false when the account is not (or no longer) unverified.
 */
export async function takeOverUnverifiedAccount(
  email: string,
  link: { provider: string; providerAccountId: string; type: string },
): Promise<boolean> {
  const c = collections(await getDb());
  const doc = await c.users.findOneAndUpdate(
    { email: email.toLowerCase(), emailVerified: null, passwordHash: { $exists: true } },
    {
      $set: { emailVerified: new Date() },
      $unset: { passwordHash: '' },
      $inc: { sessionVersion: 1 },
    },
    { returnDocument: 'after' },
  );
  if (!doc) return false;
  await c.accounts.updateOne(
    { provider: link.provider, providerAccountId: link.providerAccountId },
    { $setOnInsert: { ...link, _id: new ObjectId(), userId: doc._id } },
    { upsert: true },
  );
  await c.emailVerifications.deleteMany({ userId: doc._id });
  return true;
}

/**
 * A Google sign-in: Google has verified this address, so it is recorded where the account has
 * not yet, and the account's holder has proved the mailbox (`ownerProvenAt`). A Google identity
 * only ever signs in to an account without someone else's password: one it created, one whose
 * unverified password the takeover removed, or one whose password was set by a reset link.
 */
export async function noteProviderVerifiedEmail(userId: string): Promise<void> {
  const _id = toObjectId(userId);
  if (!_id) return;
  const now = new Date();
  const c = await users();
  await c.updateOne({ _id, emailVerified: null }, { $set: { emailVerified: now } });
  await c.updateOne({ _id }, { $set: { ownerProvenAt: now } });
}

/** Every user, without secrets, for the Make Admin table. */
export async function listUsers(): Promise<User[]> {
  const docs = await (
    await users()
  )
    .find({}, { projection: { passwordHash: 0 } })
    .sort({ email: 1 })
    .toArray();
  return docs.map(toUser);
}

export async function makeAdmin(email: string): Promise<User | null> {
  const doc = await (
    await users()
  ).findOneAndUpdate(
    { email: email.toLowerCase() },
    { $set: { role: 'admin' } },
    { returnDocument: 'after' },
  );
  return doc ? toUser(doc) : null;
}

/** The query form of `roleOf`: admin by the stored role, or by ADMIN_EMAILS once proven. */
function adminFilter(): Filter<UserDoc> {
  return {
    $or: [
      { role: 'admin' },
      { email: { $in: env.ADMIN_EMAILS }, ownerProvenAt: { $type: 'date' } },
    ],
  };
}

/** Whether ADMIN_EMAILS names this address: the database alone cannot take that role away. */
export function isConfiguredAdmin(email: string): boolean {
  return env.ADMIN_EMAILS.includes(email.toLowerCase());
}

/**
 * How old a role-change mark must be before another request treats it as left behind by a
 * request that died, clears it and counts that user as an admin again. Only liveness depends
 * on it: a change whose mark was cleared no longer applies (its update is conditional on its
 * own mark), so a slow request or a skewed clock can make a change fail, never lose the last
 * admin.
 */
export const ROLE_CHANGE_STALE_MS = 60_000;

export type AdminRoleChange = 'remove' | 'demote';

/**
 * What became of a removal or demotion: `done`; `not_found`; `busy` (another removal or
 * demotion of this user is under way, or this one lost its mark: try again); `last_admin` (no
 * other admin would remain); and for a demotion `not_admin`, or `configured_admin` (the address
 * is in ADMIN_EMAILS, which the database cannot overrule).
 */
export type RoleChangeOutcome =
  'done' | 'not_found' | 'busy' | 'last_admin' | 'not_admin' | 'configured_admin';

/**
 * Removes a user, or takes the admin role away, never leaving the store without an admin, even
 * when admins remove or demote each other at the same moment. Without transactions, with
 * single-document atomic writes only:
 *
 * 1. mark the target (`roleChange: { token, at }`), a conditional update that fails while
 *    another change of the same user holds a fresh mark;
 * 2. if the target is an admin, count the admins that are neither the target nor marked;
 *    none left: unmark and refuse;
 * 3. apply the change with an update conditional on our own mark still being there.
 *
 * Why it holds: each request marks before it counts. Of two concurrent requests, whichever
 * counts second counts after the other's mark (if A's count misses B's mark, A counted before B
 * marked, so B counts after A marked), so it never relies on an admin that the other is taking
 * away; the request that counts last relied on an admin nobody was removing, and any later
 * removal of that admin has to mark and count again. A request that fails between the steps
 * leaves a mark that only makes others more careful; it is cleared after
 * `ROLE_CHANGE_STALE_MS`, and clearing it fences the dead request off (step 3 no longer
 * matches). Promotions need no mark: they only add admins. The role is read from the database
 * on every request, so a demoted admin loses the rights at once and keeps the session.
 */
export async function changeAdminRole(
  userId: string,
  change: AdminRoleChange,
): Promise<RoleChangeOutcome> {
  const _id = toObjectId(userId);
  if (!_id) return 'not_found';
  const c = collections(await getDb());
  const token = randomUUID();
  const staleBefore = () => new Date(Date.now() - ROLE_CHANGE_STALE_MS);

  const target = await c.users.findOneAndUpdate(
    { _id, $or: [{ roleChange: { $exists: false } }, { 'roleChange.at': { $lt: staleBefore() } }] },
    { $set: { roleChange: { token, at: new Date() } } },
    { returnDocument: 'after', projection: { passwordHash: 0 } },
  );
  if (!target) {
    return (await c.users.countDocuments({ _id }, { limit: 1 })) ? 'busy' : 'not_found';
  }
  const mine = { _id, 'roleChange.token': token };
  try {
    const isAdmin = roleOf(target) === 'admin';
    if (change === 'demote') {
      if (isConfiguredAdmin(target.email)) return 'configured_admin';
      if (!isAdmin) return 'not_admin';
    }
    if (isAdmin) {
      // Marks left by requests that died stop holding anyone back (and their changes can no
      // longer apply); fresh ones, ours included, stay.
      await c.users.updateMany(
        { 'roleChange.at': { $lt: staleBefore() } },
        { $unset: { roleChange: '' } },
      );
      const remaining = await c.users.countDocuments(
        { $and: [adminFilter(), { _id: { $ne: _id } }, { roleChange: { $exists: false } }] },
        { limit: 1 },
      );
      if (remaining === 0) return 'last_admin';
    }
    if (change === 'demote') {
      const { modifiedCount } = await c.users.updateOne(mine, {
        $set: { role: 'user' },
        $unset: { roleChange: '' },
      });
      return modifiedCount === 1 ? 'done' : 'busy';
    }
    // A user who was no admin when marked is removed only while still none (a promotion in
    // between makes this a change that was never counted for).
    const { deletedCount } = await c.users.deleteOne(
      isAdmin ? mine : { $and: [mine, { $nor: [adminFilter()] }] },
    );
    if (deletedCount !== 1) return 'busy';
    await deleteSignInLinks(_id);
    return 'done';
  } finally {
    // Nothing to undo after a change that applied (the user is gone, or the mark was unset
    // with the demotion); otherwise the mark goes, or expires if this fails too.
    await c.users.updateOne(mine, { $unset: { roleChange: '' } }).catch(() => undefined);
  }
}

/** A removed user's sign-in links, reset and verification tokens. Orders stay, as business records. */
async function deleteSignInLinks(userId: ObjectId): Promise<void> {
  const c = collections(await getDb());
  await Promise.all([
    c.accounts.deleteMany({ userId }),
    c.passwordResets.deleteMany({ userId }),
    c.emailVerifications.deleteMany({ userId }),
  ]);
}

/** The business fields of a profile update: a text sets, null removes, undefined keeps. */
type BusinessFields = { company?: string | null; taxId?: string | null };

/**
 * Saves the My Profile form (the name is part of the user record). `company` and `taxId` are
 * set when given as text, removed when null, and kept when left out.
 */
export async function updateProfile(
  id: string,
  input: { name: string } & ProfileDetails & BusinessFields,
): Promise<User | null> {
  const _id = toObjectId(id);
  if (!_id) return null;
  const set: Partial<UserDoc> = {
    name: input.name,
    profile: { education: input.education, location: input.location, link: input.link },
  };
  const unset: Partial<Record<'company' | 'taxId', ''>> = {};
  for (const field of ['company', 'taxId'] as const) {
    const value = input[field];
    if (typeof value === 'string') set[field] = value;
    else if (value === null) unset[field] = '';
  }
  const doc = await (
    await users()
  ).findOneAndUpdate(
    { _id },
    { $set: set, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) },
    { returnDocument: 'after' },
  );
  return doc ? toUser(doc) : null;
}

/**
 * Whether the user still has `email` and it is verified (lib/orders/store.ts `buyerMayBeMailed`:
 * an order's mails go to a verified address).
 */
export async function hasVerifiedEmail(userId: ObjectId, email: string): Promise<boolean> {
  const verified = await (
    await users()
  ).findOne({ _id: userId, email, emailVerified: { $ne: null } }, { projection: { _id: 1 } });
  return verified !== null;
}

/**
 * A user's name, email, company and tax id as stored, for the invoice of an order being paid
 * (lib/orders/invoice-details.ts, which reads them defensively); null when there is no such user.
 */
export async function findInvoiceBuyer(
  userId: ObjectId,
): Promise<{ name?: unknown; email?: unknown; company?: unknown; taxId?: unknown } | null> {
  return (await users()).findOne<{
    name?: unknown;
    email?: unknown;
    company?: unknown;
    taxId?: unknown;
  }>({ _id: userId }, { projection: { name: 1, email: 1, company: 1, taxId: 1 } });
}
