import { type Db } from 'mongodb';
import { findAccountCreation } from '@/lib/accounts/migrations';
import { userIdsAsObjectIds } from '@/lib/core/db/migrate';
import { collections, type OrderHistoryEntry } from './collections';
import type { OrderStatus } from './lifecycle';

/**
 * The orders' migrations of stored documents, run in order by lib/startup/migrations.ts. Each only
 * touches documents still in the old shape, so running it again changes nothing.
 */

/**
 * Orders from before orders stored their owner's user id: each gets the id of the account
 * with its email, if that account already existed when the order was placed (an account
 * created later, for instance after the first one was removed, is someone else). An order
 * whose email has no such account gets no owner: admins still see it, nobody owns it.
 */
export async function assignOrderOwners(db: Db): Promise<void> {
  const { orders } = collections(db);
  const unowned = { userId: { $exists: false } } as const;
  const emails = await orders.distinct('email', unowned);
  for (const email of emails) {
    const user = await findAccountCreation(db, email);
    if (user) {
      await orders.updateMany(
        { ...unowned, email, ...(user.createdAt ? { createdAt: { $gte: user.createdAt } } : {}) },
        { $set: { userId: user._id } },
      );
    }
    await orders.updateMany({ ...unowned, email }, { $set: { userId: null } });
  }
}

/** Orders whose owner's id is still a string get the ObjectId. */
export async function orderUserIdsAsObjectIds(db: Db): Promise<void> {
  await userIdsAsObjectIds(collections(db).orders);
}

/**
 * Orders from before order statuses: each gets the status its old flags mean (paid → 'paid',
 * cancelled → 'cancelled', else 'unpaid') and a history of one entry at its creation. The
 * update is conditional on the status still being absent, so it never overwrites a status a
 * running store has set meanwhile.
 */
export async function giveOrdersAStatus(db: Db): Promise<void> {
  const { orders } = collections(db);
  const missing = { status: { $exists: false } } as const;
  const projection = { _id: 1, paid: 1, cancelledAt: 1, createdAt: 1 } as const;
  for await (const doc of orders.find(missing, { projection })) {
    const status: OrderStatus = doc.paid ? 'paid' : doc.cancelledAt ? 'cancelled' : 'unpaid';
    const entry: OrderHistoryEntry = {
      status,
      at: doc.createdAt,
      by: 'system',
      note: 'Recorded before order statuses',
    };
    await orders.updateOne({ _id: doc._id, ...missing }, { $set: { status, history: [entry] } });
  }
}

/**
 * Orders from before lines become one-line orders: their one line is made of their flat fields
 * (product, part number, name, picture, quantity, unit price, total), and their stock records
 * say what they hold: the line's stock is reserved (taken when they were placed) and, for a
 * cancelled order, released (given back when it was cancelled). One update per batch, only of
 * orders without lines, so running it again changes nothing.
 */
export async function giveOrdersLines(db: Db): Promise<void> {
  await collections(db).orders.updateMany({ lines: { $exists: false } }, [
    {
      $set: {
        lines: [
          {
            productId: '$productId',
            sku: { $ifNull: ['$sku', null] },
            name: '$name',
            picture: '$picture',
            quantity: '$quantity',
            unitPriceCents: '$unitPriceCents',
            totalCents: '$totalCents',
          },
        ],
        reserved: ['$productId'],
        released: { $cond: [{ $eq: ['$status', 'cancelled'] }, ['$productId'], []] },
      },
    },
  ]);
}

/** The pictures orders show (copies of their product's at ordering time), or those of them among `among`. */
export async function orderPictures(db: Db, among?: string[]): Promise<unknown[]> {
  return collections(db).orders.distinct('picture', among ? { picture: { $in: among } } : {});
}
