import 'server-only';
import type { ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { toObjectId } from '@/lib/core/db/ids';
import { collections } from '../collections';
import type { UserDoc } from '../collections';
import { toUser, type User } from './users';

/**
 * The user behind each authenticated request: the user records of sign-ins, read together
 * with whether each sign-in was signed out, and gathered across concurrent requests.
 */

/** One authenticated request's read: the user a session or access token names, and its sign-in. */
export interface SessionRead {
  userId: string;
  sessionId: string;
}

const readKey = ({ userId, sessionId }: SessionRead) => `${userId}\u0000${sessionId}`;

/**
 * The user records of these sign-ins, in one query that also reads whether each sign-in was
 * signed out (a `$lookup` of its unexpired revocation, lib/accounts/store/sessions.ts, by session id): a
 * signed-out sign-in finds no user, as a removed user's does. Reads from concurrent requests
 * are gathered into it: `findSessionUserBatched`. Keyed by `userId` and `sessionId`; malformed,
 * unknown and signed-out reads are absent.
 */
export async function findSessionUsers(
  reads: readonly SessionRead[],
  now = new Date(),
): Promise<Map<string, User>> {
  const found = new Map<string, User>();
  const objectIds = [...new Set(reads.map((read) => read.userId))]
    .map(toObjectId)
    .filter((id): id is ObjectId => id !== null);
  if (objectIds.length === 0) return found;
  const c = collections(await getDb());
  const docs = await c.users
    .aggregate<UserDoc & { signedOut: Array<{ _id: string }> }>([
      { $match: { _id: { $in: objectIds } } },
      {
        $lookup: {
          from: c.sessionRevocations.collectionName,
          localField: '_id',
          foreignField: 'userId',
          pipeline: [
            {
              $match: {
                _id: { $in: [...new Set(reads.map((read) => read.sessionId))] },
                expiresAt: { $gt: now },
              },
            },
            { $project: { _id: 1 } },
          ],
          as: 'signedOut',
        },
      },
    ])
    .toArray();
  const byId = new Map(docs.map((doc) => [doc._id.toHexString(), doc]));
  for (const read of reads) {
    const doc = byId.get(read.userId);
    if (!doc || doc.signedOut.some((revoked) => revoked._id === read.sessionId)) continue;
    found.set(readKey(read), toUser(doc));
  }
  return found;
}

type PendingRead = SessionRead & {
  resolve: (user: User | null) => void;
  reject: (e: unknown) => void;
};
let pendingReads: PendingRead[] | null = null;

/**
 * The user of a sign-in, or null when the user is gone or the sign-in was signed out
 * (`findSessionUsers`), with the reads asked for in the same turn of the event loop made as one
 * query: under load every request still reads its user's current record after it arrived, with
 * one round trip to the database for many requests instead of one each.
 */
export function findSessionUserBatched(userId: string, sessionId: string): Promise<User | null> {
  return new Promise((resolve, reject) => {
    if (!pendingReads) {
      pendingReads = [];
      setImmediate(flushSessionReads);
    }
    pendingReads.push({ userId, sessionId, resolve, reject });
  });
}

function flushSessionReads(): void {
  const reads = pendingReads ?? [];
  pendingReads = null;
  findSessionUsers(reads).then(
    (found) => {
      for (const read of reads) {
        const user = found.get(readKey(read));
        read.resolve(user ? { ...user } : null);
      }
    },
    (error: unknown) => {
      for (const read of reads) read.reject(error);
    },
  );
}
