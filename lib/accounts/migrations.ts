import type { Db } from 'mongodb';
import { collections, type UserDoc } from './collections';

/**
 * What the start-up migrations of other features read about accounts (lib/startup/migrations.ts runs
 * them), without loading the environment: the account with `email` in `db`, with when it was
 * created (lib/orders/migrations.ts gives old orders their owner); null when there is none.
 */
export async function findAccountCreation(
  db: Db,
  email: string,
): Promise<Pick<UserDoc, '_id' | 'createdAt'> | null> {
  return collections(db).users.findOne({ email }, { projection: { _id: 1, createdAt: 1 } });
}
