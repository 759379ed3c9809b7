/**
 * How long a sign-in lasts, counted from the sign-in itself: a session that is used every day
 * still ends this long after the password (or Google) was given.
 */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** What a session token or an access token says about when and for which version it was issued. */
export interface IssuedClaims {
  /** The user's `sessionVersion` when the sign-in happened. */
  sv?: unknown;
  /** Seconds since the epoch of the sign-in (sessions) or of the issue (access tokens). */
  authTime?: unknown;
}

/**
 * The one rule for every session cookie and bearer token: the user still exists, the token
 * carries the user's current session version (a password reset or a Google takeover bumps it;
 * a removed user has no record), and the sign-in is younger than `maxAgeSeconds`. Tokens without these
 * claims (issued before they existed) are refused.
 */
export function isCurrentIssue<U extends { sessionVersion: number }>(
  user: U | null | undefined,
  claims: IssuedClaims,
  maxAgeSeconds: number,
  now = Date.now(),
): user is U {
  if (!user) return false;
  if (typeof claims.sv !== 'number' || claims.sv !== user.sessionVersion) return false;
  if (typeof claims.authTime !== 'number') return false;
  return now / 1000 - claims.authTime < maxAgeSeconds;
}
