import { encode } from 'next-auth/jwt';
import type { Role } from '@/lib/accounts/collections';
import type { User } from '@/lib/accounts/store/users';
import { newSessionId } from '@/lib/accounts/claims';
import { issueAccessToken } from '@/lib/accounts/token';
import { authSecret } from '@/lib/accounts/secret';
import { makeUser } from './factories';

export interface Actor {
  user: User;
  password: string;
  /** `Authorization: Bearer` with a fresh access token. */
  headers: Record<string, string>;
  /**
   * `Cookie` with a fresh Auth.js session, as the browser sends it after signing in, from the
   * store's own page (`Origin`).
   */
  session: Record<string, string>;
  /** The sign-in of `session`, which `headers`' token was issued with. */
  sessionId: string;
}

/**
 * The origin of the requests `request()` builds: the store's own in these tests, the one
 * `npm start` prints by default (HOST and PORT, set by test/support/setup-env.ts).
 */
export const STORE_ORIGIN = 'http://127.0.0.1:3000';

/**
 * The session cookie Auth.js would set for this user after signing in now, with the Origin
 * header a browser adds on the store's own pages (a cookie request from anywhere else is
 * refused, see lib/security/cross-site.ts).
 */
export async function sessionHeaders(
  user: Pick<User, 'id' | 'email' | 'name' | 'sessionVersion'>,
  authTime = Math.floor(Date.now() / 1000),
  sid = newSessionId(),
): Promise<Record<string, string>> {
  const salt = 'authjs.session-token';
  const token = await encode({
    salt,
    secret: authSecret(),
    token: {
      sub: user.id,
      email: user.email,
      name: user.name,
      sv: user.sessionVersion,
      authTime,
      sid,
    },
  });
  return { Cookie: `${salt}=${token}`, Origin: STORE_ORIGIN };
}

/**
 * A new user (see makeUser) with a fresh session cookie and a bearer token issued with that
 * sign-in (`sessionId`).
 */
export async function createActor(role: Role = 'user', name?: string): Promise<Actor> {
  const { password, ...user } = await makeUser({ role, name });
  const sessionId = newSessionId();
  return {
    user,
    password,
    sessionId,
    headers: { Authorization: `Bearer ${issueAccessToken(user, sessionId)}` },
    session: await sessionHeaders(user, undefined, sessionId),
  };
}

/** Two buyers and an admin, the cast of most API tests: A and B try each other's things. */
export async function buyersAndAdmin(): Promise<{ a: Actor; b: Actor; admin: Actor }> {
  const [a, b, admin] = await Promise.all([
    createActor('user', 'Buyer A'),
    createActor('user', 'Buyer B'),
    createActor('admin'),
  ]);
  return { a, b, admin };
}

export function request(path: string, init: RequestInit & { json?: unknown } = {}): Request {
  const { json, headers, ...rest } = init;
  return new Request(`${STORE_ORIGIN}${path}`, {
    ...rest,
    headers: { ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
}

export const params = <T extends Record<string, string>>(value: T) => ({
  params: Promise.resolve(value),
});
