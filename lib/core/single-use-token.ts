import { createHash, randomBytes } from 'node:crypto';

/**
 * Tokens mailed in links (password reset, email verification): 32 random bytes for the link,
 * only their SHA-256 in the database, so a copy of the database cannot use them.
 */
export function newSingleUseToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashSingleUseToken(token) };
}

export function hashSingleUseToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
