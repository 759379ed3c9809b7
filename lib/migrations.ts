import { ObjectId, type Db } from 'mongodb';
import type { OrderStatus } from '@/lib/orders';
import { collections, type OrderHistoryEntry } from '@/lib/core/db/collections';

/**
 * Brings stored documents up to what the code expects. Each step only touches documents still
 * in the old shape, so running it again, or on several instances at once, changes nothing.
 * Run by the start-up step (`npm run db:migrate`, `npm start`, `npm run dev`), never by a
 * request.
 */

/** A stored user id in the old string form: its ObjectId, or null when it is not one. */
function asObjectId(value: string): ObjectId | null {
  return ObjectId.isValid(value) && /^[0-9a-f]{24}$/i.test(value) ? new ObjectId(value) : null;
}

/**
 * Orders from before orders stored their owner's user id: each gets the id of the account
 * with its email, if that account already existed when the order was placed (an account
 * created later, for instance after the first one was removed, is someone else). An order
 * whose email has no such account gets no owner: admins still see it, nobody owns it.
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
        { $set: { userId: user._id } },
      );
    }
    await orders.updateMany({ ...unowned, email }, { $set: { userId: null } });
  }
}

/**
 * User ids are stored as ObjectIds everywhere (as the Auth.js adapter stores them): orders,
 * reviews and uploads that still hold the id as a string get the ObjectId (an empty or
 * malformed string becomes no owner).
 */
async function userIdsAsObjectIds(db: Db): Promise<void> {
  const c = collections(db);
  for (const collection of [c.orders, c.reviews, c.uploads] as const) {
    const stored = collection as unknown as ReturnType<Db['collection']>;
    const strings = { userId: { $type: 'string' } } as const;
    for (const value of (await stored.distinct('userId', strings)) as string[]) {
      await stored.updateMany({ userId: value }, { $set: { userId: asObjectId(value) } });
    }
  }
}

/**
 * Products whose part number was stored without its lower-cased lookup copy (written behind
 * the store's back): each gets `skuLower`, which makes it findable by part number and unique.
 * A part number that another product already has in another case is left without it and
 * reported, for an admin to correct; it is tried again on the next start.
 */
async function fillSkuLookups(db: Db): Promise<void> {
  const { products } = collections(db);
  const missing = { sku: { $type: 'string' }, skuLower: { $exists: false } } as const;
  for await (const doc of products.find(missing, { projection: { _id: 1, sku: 1 } })) {
    try {
      await products.updateOne(
        { _id: doc._id, ...missing },
        { $set: { skuLower: doc.sku!.toLowerCase() } },
      );
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      console.warn(`Product ${doc._id.toHexString()}: part number "${doc.sku}" is taken.`);
    }
  }
}

/**
 * Orders from before order statuses: each gets the status its old flags mean (paid → 'paid',
 * cancelled → 'cancelled', else 'unpaid') and a history of one entry at its creation. The
 * update is conditional on the status still being absent, so it never overwrites a status a
 * running store has set meanwhile.
 */
async function giveOrdersAStatus(db: Db): Promise<void> {
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
 * Uploads from before attachments that a review, product or order shows are attached, so the
 * orphan sweep (lib/images/orphans.ts) keeps them and they do not count against their
 * uploader's room for unattached uploads. Conditional on still being unattached and unclaimed.
 */
async function attachUploadsInUse(db: Db): Promise<void> {
  const c = collections(db);
  const unattached = { attachedAt: { $exists: false }, deletingAt: { $exists: false } } as const;
  const uses = [
    { kind: 'review', urls: c.reviews.distinct('img') },
    { kind: 'product', urls: c.products.distinct('picture') },
    { kind: 'product', urls: c.orders.distinct('picture') },
  ] as const;
  for (const use of uses) {
    const urls = (await use.urls).filter((url): url is string => typeof url === 'string');
    if (urls.length === 0) continue;
    await c.uploads.updateMany(
      { ...unattached, url: { $in: urls } },
      { $set: { attachedAt: new Date(), attachedTo: { kind: use.kind } } },
    );
  }
}

export async function runMigrations(db: Db): Promise<void> {
  await assignOrderOwners(db);
  await userIdsAsObjectIds(db);
  await fillSkuLookups(db);
  await giveOrdersAStatus(db);
  await attachUploadsInUse(db);
}
