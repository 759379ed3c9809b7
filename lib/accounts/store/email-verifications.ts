import 'server-only';
import { ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { collections } from '../collections';
import { hashSingleUseToken, newSingleUseToken } from '@/lib/core/single-use-token';
import { markEmailVerified } from '@/lib/accounts/store/users';

/** How long a verification link stays valid. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** A new single-use verification token for the user's current email; only its hash is stored. */
export async function createEmailVerification(
  user: { id: string; email: string },
  now = new Date(),
): Promise<string> {
  const { token, tokenHash } = newSingleUseToken();
  const { emailVerifications } = collections(await getDb());
  await emailVerifications.insertOne({
    _id: new ObjectId(),
    tokenHash,
    userId: new ObjectId(user.id),
    email: user.email,
    expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
  });
  return token;
}

/**
 * What opening a verification link did: `ok` when this link verified the email; `already` when
 * the account was verified before, `invalid` for an unknown, used or expired token.
 */
export type EmailVerification = { ok: true } | { ok: false; reason: 'already' | 'invalid' };

/**
 * Uses a verification token up (one atomic update that matches only an unused, unexpired
 * token: expiry is checked here, not left to the TTL index) and marks the email verified.
 */
export async function consumeEmailVerification(
  token: string,
  now = new Date(),
): Promise<EmailVerification> {
  const { emailVerifications } = collections(await getDb());
  const doc = await emailVerifications.findOneAndUpdate(
    { tokenHash: hashSingleUseToken(token), usedAt: { $exists: false }, expiresAt: { $gt: now } },
    { $set: { usedAt: now } },
  );
  if (!doc) return { ok: false, reason: 'invalid' };
  return (await markEmailVerified(doc.userId.toHexString(), doc.email))
    ? { ok: true }
    : { ok: false, reason: 'already' };
}
