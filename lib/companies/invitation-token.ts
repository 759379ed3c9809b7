import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { authSecret } from '@/lib/accounts';
import { hashSingleUseToken } from '@/lib/core/single-use-token';

/**
 * An invitation's single-use token. The database keeps its SHA-256 (`tokenHash`, how an accept
 * finds the invitation) and a random seed; the token itself is the seed signed with a key of
 * its own derived from the server's secret, so the outbox can write the link into the mail
 * when it sends it, while a copy of the database alone cannot make a working link.
 */

function sign(seed: string): string {
  return createHmac('sha256', `company-invitation:${authSecret()}`)
    .update(seed)
    .digest('base64url');
}

/** A new token: its seed and hash to store, and the token for the link. */
export function newInvitationToken(): { token: string; tokenSeed: string; tokenHash: string } {
  const tokenSeed = randomBytes(32).toString('base64url');
  const token = sign(tokenSeed);
  return { token, tokenSeed, tokenHash: hashSingleUseToken(token) };
}

/**
 * The token of a stored invitation, for its mail; null when it no longer hashes to what was
 * stored (the server's secret changed since), as such a link would not work.
 */
export function invitationTokenOf(doc: { tokenSeed: string; tokenHash: string }): string | null {
  const token = sign(doc.tokenSeed);
  return hashSingleUseToken(token) === doc.tokenHash ? token : null;
}
