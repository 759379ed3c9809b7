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
  /**
   * The sign-in's own id (`newSessionId`), the same in the session and in every access token
   * issued with it: signing out revokes it (lib/accounts/store/sessions.ts).
   */
  sid?: unknown;
}

/** A new sign-in's id: 128 random bits, base64url. */
export function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const base64 = btoa(String.fromCharCode(...bytes));
  return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Whether a claim is a session id as `newSessionId` makes them. */
export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && /^[\w-]{22}$/.test(value);
}

/**
 * The one rule for every session cookie and bearer token: the user still exists, the token
 * carries the user's current session version (a password reset, "Sign out everywhere" or a
 * Google takeover bumps it; a removed user has no record), it names its sign-in (`sid`), and
 * the sign-in is younger than `maxAgeSeconds`. Tokens without these claims (issued before they
 * existed) are refused. Whether the sign-in was signed out is read with the user record
 * (`findSessionUser`), which then finds no user.
 */
export function isCurrentIssue<U extends { sessionVersion: number }>(
  user: U | null | undefined,
  claims: IssuedClaims,
  maxAgeSeconds: number,
  now = Date.now(),
): user is U {
  if (!user) return false;
  if (typeof claims.sv !== 'number' || claims.sv !== user.sessionVersion) return false;
  if (!isSessionId(claims.sid)) return false;
  if (typeof claims.authTime !== 'number') return false;
  return now / 1000 - claims.authTime < maxAgeSeconds;
}
