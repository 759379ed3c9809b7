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
  profile: ProfileDetails | null;
}

/** Admin by the database role, or by ADMIN_EMAILS. */
export function roleOf(doc: Pick<UserDoc, 'email' | 'role'>): Role {
  return doc.role === 'admin' || env.ADMIN_EMAILS.includes(doc.email.toLowerCase())
    ? 'admin'
    : 'user';
}

export function toUser(doc: UserDoc): User {
  return {
    id: doc._id.toHexString(),
    email: doc.email,
    name: doc.name ?? '',
    image: doc.image ?? null,
    role: roleOf(doc),
    hasPassword: Boolean(doc.passwordHash),
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

export async function setPassword(userId: ObjectId, password: string): Promise<void> {
  await (
    await users()
  ).updateOne({ _id: userId }, { $set: { passwordHash: await hashPassword(password) } });
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
    $or: [{ role: 'admin' }, { email: { $in: env.ADMIN_EMAILS } }],
  });
}

/** Removes a user and their sign-in links. Orders stay, as business records. */
export async function deleteUser(id: ObjectId): Promise<boolean> {
  const db = await getDb();
  const c = collections(db);
  const { deletedCount } = await c.users.deleteOne({ _id: id });
  if (deletedCount) {
    await Promise.all([
      c.accounts.deleteMany({ userId: id }),
      c.passwordResets.deleteMany({ userId: id }),
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
