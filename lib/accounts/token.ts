import { createHmac, timingSafeEqual } from 'node:crypto';
import { isSessionId } from '@/lib/accounts/claims';
import { authSecret } from '@/lib/accounts/secret';

/** Lifetime of an access token issued by PUT /api/user/{email}. */
export const ACCESS_TOKEN_TTL_SECONDS = 24 * 60 * 60;

export interface AccessTokenClaims {
  /** The user's id. */
  sub: string;
  email: string;
  /** The user's session version at issue: a password reset or takeover makes the token invalid. */
  sv: number;
  /**
   * The sign-in (session id) it was issued with: signing that session out refuses the token
   * too (lib/accounts/store/sessions.ts).
   */
  sid: string;
  iat: number;
  exp: number;
}

const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(data: string): Buffer {
  // A key of its own, derived from the auth secret, so these tokens never verify as sessions.
  return createHmac('sha256', `access-token:${authSecret()}`).update(data).digest();
}

/** A signed, expiring bearer token (a compact HS256 JWT) of the sign-in `sessionId`. */
export function issueAccessToken(
  user: { id: string; email: string; sessionVersion: number },
  sessionId: string,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const claims: AccessTokenClaims = {
    sub: user.id,
    email: user.email,
    sv: user.sessionVersion,
    sid: sessionId,
    iat,
    exp: iat + ACCESS_TOKEN_TTL_SECONDS,
  };
  const body = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${sign(body).toString('base64url')}`;
}

/** The claims of a valid, unexpired token; null for anything forged, malformed or expired. */
export function verifyAccessToken(token: string, now = Date.now()): AccessTokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== header) return null;
  const body = `${parts[0]}.${parts[1]}`;
  const given = Buffer.from(parts[2]!, 'base64url');
  const expected = sign(body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(
      Buffer.from(parts[1]!, 'base64url').toString('utf8'),
    ) as AccessTokenClaims;
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
    // Tokens from before they named their sign-in cannot be signed out: refused.
    if (!isSessionId(claims.sid)) return null;
    return claims.exp * 1000 > now ? claims : null;
  } catch {
    return null;
  }
}
