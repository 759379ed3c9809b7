import 'server-only';
import { ObjectId } from 'mongodb';
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

/** What creating an account did: the new user, or `email_taken` when the email is registered. */
export type PasswordUserCreation = { ok: true; user: User } | { ok: false; reason: 'email_taken' };

/** Creates an email-and-password account; `email_taken` when the email is registered. */
export async function createPasswordUser(input: {
  name: string;
  email: string;
  password: string;
}): Promise<PasswordUserCreation> {
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
    if ((error as { code?: number }).code === 11000) return { ok: false, reason: 'email_taken' };
    throw error;
  }
  return { ok: true, user: toUser(doc) };
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
