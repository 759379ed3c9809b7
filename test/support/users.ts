import { randomBytes } from 'node:crypto';
import { collections, getDb } from '@/lib/db';
import { createPasswordUser, type User } from '@/lib/data/users';
import { issueAccessToken } from '@/lib/auth/token';

export interface Actor {
  user: User;
  password: string;
  headers: Record<string, string>;
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
  return { user, password, headers: { Authorization: `Bearer ${issueAccessToken(user)}` } };
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
