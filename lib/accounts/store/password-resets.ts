import 'server-only';
import { ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { collections } from '../collections';
import { hashSingleUseToken, newSingleUseToken } from '@/lib/core/single-use-token';

/** How long a reset link stays valid. */
export const RESET_TTL_MS = 60 * 60 * 1000;

/** A new single-use token for the user; only its hash is stored. */
export async function createPasswordReset(userId: string, now = new Date()): Promise<string> {
  const { token, tokenHash } = newSingleUseToken();
  const { passwordResets } = collections(await getDb());
  await passwordResets.insertOne({
    _id: new ObjectId(),
    tokenHash,
    userId: new ObjectId(userId),
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
  });
  return token;
}

/**
 * Uses a token up: one atomic update that only matches an unused, unexpired token (expiry is
 * checked here, not left to the TTL index). Returns the user's id, or null.
 */
export async function consumePasswordReset(
  token: string,
  now = new Date(),
): Promise<string | null> {
  const { passwordResets } = collections(await getDb());
  const doc = await passwordResets.findOneAndUpdate(
    { tokenHash: hashSingleUseToken(token), usedAt: { $exists: false }, expiresAt: { $gt: now } },
    { $set: { usedAt: now } },
  );
  return doc?.userId.toHexString() ?? null;
}
