import type { Db } from 'mongodb';
import { collections } from './collections';

/**
 * Orders from before orders stored their owner's user id: each gets the id of the account
 * with its email, if that account already existed when the order was placed (an account
 * created later, for instance after the first one was removed, is someone else). An order
 * whose email has no such account gets an empty user id: admins still see it, nobody owns it.
 * Only orders without a userId are touched, so running it again (or on several instances at
 * once, each assigning the same ids) changes nothing.
 */
async function assignOrderOwners(db: Db): Promise<void> {
  const { orders, users } = collections(db);
  const unowned = { userId: { $exists: false } } as const;
  const emails = await orders.distinct('email', unowned);
  for (const email of emails) {
    const user = await users.findOne({ email }, { projection: { _id: 1, createdAt: 1 } });
    if (user) {
      await orders.updateMany(
        { ...unowned, email, ...(user.createdAt ? { createdAt: { $gte: user.createdAt } } : {}) },
        { $set: { userId: user._id.toHexString() } },
      );
    }
    await orders.updateMany({ ...unowned, email }, { $set: { userId: '' } });
  }
}

/** Brings stored documents up to what the code expects; runs at every start, idempotently. */
export async function runMigrations(db: Db): Promise<void> {
  await assignOrderOwners(db);
}
