import 'server-only';
import { redirect } from 'next/navigation';
import { decode, getToken, type JWT, type JWTDecodeParams } from 'next-auth/jwt';
import { refuse } from '@/lib/core/refusal';
import { findSessionUserBatched } from '@/lib/accounts/store/session-users';
import type { User } from '@/lib/accounts/store/users';
import { requestProtocol, SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@/lib/security';
import { isCurrentIssue, isSessionId, SESSION_MAX_AGE_SECONDS } from '@/lib/accounts/claims';
import { userById } from '@/lib/accounts/current-user';
import { authSecret } from '@/lib/accounts/secret';
import { ACCESS_TOKEN_TTL_SECONDS, verifyAccessToken } from '@/lib/accounts/token';

function usesSecureCookies(request: Request): boolean {
  return requestProtocol(request) === 'https';
}

/** Auth.js's leeway on a session token's expiry (`decode`'s clockTolerance), in seconds. */
const EXPIRY_LEEWAY_SECONDS = 15;
/** How many decoded session tokens are remembered (the oldest go first). */
const DECODED_TOKENS_MAX = 2_000;

const decodedTokens = ((
  globalThis as typeof globalThis & {
    __storefrontDecodedTokens?: Map<string, JWT>;
  }
).__storefrontDecodedTokens ??= new Map());

/**
 * Auth.js's `decode` (key derivation, decryption and integrity check of the session cookie),
 * remembered by the token's exact text: the same text always decrypts to the same claims, so
 * each cookie is decrypted once per process, not on every request. Only the decryption is
 * remembered: the expiry is checked on every use as `decode` checks it, and the caller still
 * reads the user record on every request (`isCurrentIssue`). A token that does not decrypt is
 * never remembered.
 */
async function decodeOnce(params: JWTDecodeParams): Promise<JWT | null> {
  const key = `${params.salt}\u0000${params.token ?? ''}`;
  const known = decodedTokens.get(key);
  if (known) {
    if ((known.exp as number) > Date.now() / 1000 - EXPIRY_LEEWAY_SECONDS) return known;
    decodedTokens.delete(key);
  }
  const claims = await decode(params);
  if (claims && typeof claims.exp === 'number') {
    if (decodedTokens.size >= DECODED_TOKENS_MAX) {
      decodedTokens.delete(decodedTokens.keys().next().value!);
    }
    decodedTokens.set(key, Object.freeze(claims));
  }
  return claims;
}

/** Who is asking, by which credential, and from which sign-in. */
export interface Identity {
  user: User;
  via: 'session' | 'bearer';
  /** The sign-in (session id) of the cookie, or the one the access token was issued with. */
  sessionId: string;
}

/**
 * Who is asking: the bearer access token when one is sent, otherwise the session cookie.
 * Identity and role always come from the database record, so a role change or a removed user
 * takes effect on the next request; never from a path or body. A token or session issued
 * before the user's last password reset, "Sign out everywhere" or takeover, of a sign-in that
 * was signed out, for a removed user, or older than its lifetime, is refused
 * (`isCurrentIssue`, `findSessionUsers`); a demoted admin stays signed in, as a buyer. The
 * record and the sign-out are read in one query per request (reads of concurrent requests
 * share one query).
 */
export async function requestIdentity(request: Request): Promise<Identity | null> {
  const authorization = request.headers.get('authorization');
  if (authorization) {
    const [scheme, token] = authorization.split(' ');
    if (scheme?.toLowerCase() !== 'bearer' || !token) return null;
    const claims = verifyAccessToken(token);
    if (!claims) return null;
    const user = await findSessionUserBatched(claims.sub, claims.sid);
    const current =
      user?.email === claims.email &&
      isCurrentIssue(
        user,
        { sv: claims.sv, authTime: claims.iat, sid: claims.sid },
        ACCESS_TOKEN_TTL_SECONDS,
      );
    return current ? { user, via: 'bearer', sessionId: claims.sid } : null;
  }
  const secureCookie = usesSecureCookies(request);
  const token = await getToken({
    req: request,
    secret: authSecret(),
    secureCookie,
    cookieName: secureCookie ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
    decode: decodeOnce,
  });
  if (!token?.sub || !isSessionId(token.sid)) return null;
  const user = await findSessionUserBatched(token.sub, token.sid);
  return isCurrentIssue(user, token, SESSION_MAX_AGE_SECONDS)
    ? { user, via: 'session', sessionId: token.sid }
    : null;
}

export async function requestUser(request: Request): Promise<User | null> {
  return (await requestIdentity(request))?.user ?? null;
}

/** The signed-in user, or 401. */
export async function requireUser(request: Request): Promise<User> {
  const user = await requestUser(request);
  if (!user) throw refuse('auth.sign_in_required');
  return user;
}

/**
 * The user signed in with the session cookie, or 401; 403 for a bearer token, which may not
 * stand in for a sign-in (an access token never issues or renews another).
 */
export async function requireSessionUser(request: Request): Promise<User> {
  return (await requireSession(request)).user;
}

/** `requireSessionUser`, with the sign-in's id (what access tokens issued now carry). */
export async function requireSession(request: Request): Promise<Identity> {
  const identity = await requestIdentity(request);
  if (!identity) throw refuse('auth.sign_in_required');
  if (identity.via !== 'session') throw refuse('auth.session_required');
  return identity;
}

/** A signed-in admin (by the database role), or 401/403. */
export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (user.role !== 'admin') throw refuse('auth.admin_only');
  return user;
}

/**
 * Path emails (normalised by `emailParam`) are only ever compared with the signed-in
 * identity: your own, or admin.
 */
export function assertSelfOrAdmin(user: User, email: string): void {
  if (user.email !== email && user.role !== 'admin') throw refuse('auth.own_account_only');
}

export function assertSelf(user: User, email: string): void {
  if (user.email !== email) throw refuse('auth.own_account_only');
}

/**
 * For server components: the signed-in user from the session, checked against the database
 * (Auth.js's jwt callback refuses a session that is no longer current).
 */
export async function pageUser(): Promise<User | null> {
  // Auth.js's configuration (auth.ts, next-auth) loads only where a page asks: the accounts
  // face is also imported by code that runs outside Next.js (scripts, the end-to-end tests'
  // factories), where next-auth's own module cannot load.
  const { auth } = await import('@/auth');
  const session = await auth();
  return session?.user?.id ? userById(session.user.id) : null;
}

/** For server components: the signed-in user, or a redirect to /login that comes back. */
export async function requirePageUser(callbackPath: string): Promise<User> {
  const user = await pageUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(callbackPath)}`);
  return user;
}

/** For admin pages: non-admins go to /login, which says the page is for admins. */
export async function requirePageAdmin(callbackPath: string): Promise<User> {
  const user = await requirePageUser(callbackPath);
  if (user.role !== 'admin') {
    redirect(`/login?callbackUrl=${encodeURIComponent(callbackPath)}&error=AdminRequired`);
  }
  return user;
}
