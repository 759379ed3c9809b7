import 'server-only';
import { ObjectId } from 'mongodb';
import { getDb, collections } from '@/lib/db';
import type { ProfileDetails, Role, UserDoc } from '@/lib/db/collections';
import { env } from '@/lib/env';
import { hashPassword } from '@/lib/auth/password';
import { toObjectId } from './ids';

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
}

/**
 * Admin by the database role, or by ADMIN_EMAILS once the email is verified: signing up with
 * a listed address proves nothing until its verification link is opened.
 */
export function roleOf(doc: Pick<UserDoc, 'email' | 'role' | 'emailVerified'>): Role {
  if (doc.role === 'admin') return 'admin';
  return doc.emailVerified && env.ADMIN_EMAILS.includes(doc.email.toLowerCase()) ? 'admin' : 'user';
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
 * Sets a new password (reset or change) and ends every session and access token issued
 * before, in one update.
 */
export async function setPassword(userId: string, password: string): Promise<void> {
  const _id = toObjectId(userId);
  if (!_id) return;
  await (
    await users()
  ).updateOne(
    { _id },
    { $set: { passwordHash: await hashPassword(password) }, $inc: { sessionVersion: 1 } },
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

/** Google has verified this address: records it where the account has not yet. */
export async function noteProviderVerifiedEmail(userId: string): Promise<void> {
  const _id = toObjectId(userId);
  if (!_id) return;
  await (
    await users()
  ).updateOne({ _id, emailVerified: null }, { $set: { emailVerified: new Date() } });
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

export async function countAdmins(): Promise<number> {
  return (await users()).countDocuments({
    $or: [{ role: 'admin' }, { email: { $in: env.ADMIN_EMAILS }, emailVerified: { $nin: [null] } }],
  });
}

/** Removes a user and their sign-in links. Orders stay, as business records. */
export async function deleteUser(userId: string): Promise<boolean> {
  const id = toObjectId(userId);
  if (!id) return false;
  const c = collections(await getDb());
  const { deletedCount } = await c.users.deleteOne({ _id: id });
  if (deletedCount) {
    await Promise.all([
      c.accounts.deleteMany({ userId: id }),
      c.passwordResets.deleteMany({ userId: id }),
      c.emailVerifications.deleteMany({ userId: id }),
    ]);
  }
  return deletedCount === 1;
}

/** Saves the My Profile form (the name is part of the user record). */
export async function updateProfile(
  id: string,
  input: { name: string } & ProfileDetails,
): Promise<User | null> {
  const _id = toObjectId(id);
  if (!_id) return null;
  const doc = await (
    await users()
  ).findOneAndUpdate(
    { _id },
    {
      $set: {
        name: input.name,
        profile: { education: input.education, location: input.location, link: input.link },
      },
    },
    { returnDocument: 'after' },
  );
  return doc ? toUser(doc) : null;
}
