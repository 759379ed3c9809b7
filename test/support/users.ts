import { randomBytes } from 'node:crypto';
import { collections, getDb } from '@/lib/db';
import { createPasswordUser, type User } from '@/lib/data/users';
import { encode } from 'next-auth/jwt';
import { issueAccessToken } from '@/lib/auth/token';
import { authSecret } from '@/lib/auth/secret';

export interface Actor {
  user: User;
  password: string;
  /** `Authorization: Bearer` with a fresh access token. */
  headers: Record<string, string>;
  /** `Cookie` with a fresh Auth.js session, as the browser sends it after signing in. */
  session: Record<string, string>;
}

/** The session cookie Auth.js would set for this user after signing in now. */
export async function sessionHeaders(
  user: Pick<User, 'id' | 'email' | 'name' | 'sessionVersion'>,
  authTime = Math.floor(Date.now() / 1000),
): Promise<Record<string, string>> {
  const salt = 'authjs.session-token';
  const token = await encode({
    salt,
    secret: authSecret(),
    token: { sub: user.id, email: user.email, name: user.name, sv: user.sessionVersion, authTime },
  });
  return { Cookie: `${salt}=${token}` };
}

/** A user with a bearer token; `role: 'admin'` is set in the database. */
export async function createActor(
  role: 'user' | 'admin' = 'user',
  name = role === 'admin' ? 'Ada Admin' : 'Bo Buyer',
): Promise<Actor> {
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const email = `${role}_${randomBytes(5).toString('hex')}@example.com`;
  let user = await createPasswordUser({ name, email, password });
  if (role === 'admin') {
    await collections(await getDb()).users.updateOne({ email }, { $set: { role: 'admin' } });
    user = { ...user, role: 'admin' };
  }
  return {
    user,
    password,
    headers: { Authorization: `Bearer ${issueAccessToken(user)}` },
    session: await sessionHeaders(user),
  };
}

export function request(path: string, init: RequestInit & { json?: unknown } = {}): Request {
  const { json, headers, ...rest } = init;
  return new Request(`http://127.0.0.1${path}`, {
    ...rest,
    headers: { ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
}

export const params = <T extends Record<string, string>>(value: T) => ({
  params: Promise.resolve(value),
});
