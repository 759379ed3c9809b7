import type { Collection, Db, Document, ObjectId } from 'mongodb';
import { toObjectId } from './ids';

/**
 * Helpers for the migrations of stored documents (each feature migrates its own collections;
 * lib/startup/migrations.ts runs them in order at start-up).
 */

/** A stored user id in the old string form: its ObjectId, or null when it is not one. */
export function asObjectId(value: string): ObjectId | null {
  return toObjectId(value);
}

/**
 * User ids are stored as ObjectIds everywhere (as the Auth.js adapter stores them): documents
 * of `collection` that still hold `userId` as a string get the ObjectId (an empty or malformed
 * string becomes no owner).
 */
export async function userIdsAsObjectIds<TDoc extends Document>(
  collection: Collection<TDoc>,
): Promise<void> {
  const stored = collection as unknown as ReturnType<Db['collection']>;
  const strings = { userId: { $type: 'string' } } as const;
  for (const value of (await stored.distinct('userId', strings)) as string[]) {
    await stored.updateMany({ userId: value }, { $set: { userId: asObjectId(value) } });
  }
}
