import 'server-only';
import { getDb } from '@/lib/core/db';
import { collections } from '../collections';
import { isSessionId, SESSION_MAX_AGE_SECONDS } from '@/lib/accounts/claims';
import { ACCESS_TOKEN_TTL_SECONDS } from '@/lib/accounts/token';
import { toObjectId } from '@/lib/core/db/ids';

/**
 * Signing out, server-side: a sign-in that was signed out is recorded here (`revokeSession`),
 * and its session cookie and every access token issued with it are refused from then on, by
 * the same query that reads the user record on every authenticated request
 * (`findSessionUsers` in lib/accounts/store/session-users.ts). The record is kept until neither
 * could be valid any more: the sign-in's end (SESSION_MAX_AGE_SECONDS after it) plus the
 * lifetime of an access token issued at its last moment. Expiry is checked in that query; the TTL index only clears
 * old records on servers that run it.
 */

/** The session claims a revocation needs: whose, which sign-in, and when it was made. */
export interface SessionToRevoke {
  sub?: unknown;
  sid?: unknown;
  authTime?: unknown;
}

/** When a revocation of a sign-in made at `authTime` (seconds) may be forgotten. */
export function revocationExpiry(authTime: number): Date {
  return new Date((authTime + SESSION_MAX_AGE_SECONDS + ACCESS_TOKEN_TTL_SECONDS) * 1000);
}

/**
 * Revokes a sign-in (Auth.js's signOut event hands over the signed-out session's claims).
 * Idempotent; claims that name no sign-in (a malformed or very old token) revoke nothing, and
 * such tokens are refused anyway.
 */
export async function revokeSession(claims: SessionToRevoke, now = new Date()): Promise<boolean> {
  const userId = typeof claims.sub === 'string' ? toObjectId(claims.sub) : null;
  if (!userId || !isSessionId(claims.sid) || typeof claims.authTime !== 'number') return false;
  const expiresAt = revocationExpiry(claims.authTime);
  if (expiresAt <= now) return false;
  const { sessionRevocations } = collections(await getDb());
  try {
    await sessionRevocations.updateOne(
      { _id: claims.sid },
      { $setOnInsert: { userId, revokedAt: now, expiresAt } },
      { upsert: true },
    );
  } catch (error) {
    // Two sign-outs of the same session at once: the other one wrote it.
    if ((error as { code?: number }).code !== 11000) throw error;
  }
  return true;
}
