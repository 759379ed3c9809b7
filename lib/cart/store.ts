import 'server-only';
import { ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { MAX_CART_LINES } from '@/lib/core/validation/limits';
import type { UpdateFilter } from 'mongodb';
import type { OutboxPush } from '@/lib/core/mail/outbox';
import {
  collections,
  RECEIVED_KEPT,
  type CartDoc,
  type CartLineDoc,
  type ReceivedListDoc,
} from './collections';

/** A `$pull` of lines by a condition the driver's types do not spell (`$or` of lines). */
type PullLines = NonNullable<UpdateFilter<CartDoc>['$pull']>;

/**
 * Every read and write of the order lists (carts). One document per buyer; each change is one
 * conditional update of that document, so two tabs or devices changing the list at once never
 * lose a line, never hold a product twice and never pass MAX_CART_LINES.
 */

async function carts() {
  return collections(await getDb()).carts;
}

/** The buyer's lines, in the order they were added (none when they have no list yet). */
export async function readCartLines(userId: ObjectId): Promise<CartLineDoc[]> {
  const doc = await (await carts()).findOne({ _id: userId });
  return doc?.lines ?? [];
}

/** What a new line copies of its product, so a deleted product's line still says what it was. */
export type LineSnapshot = Pick<CartLineDoc, 'sku' | 'name' | 'picture'>;

export type SetLineResult =
  { ok: true; quantity: number } | { ok: false; reason: 'full' | 'changed' };

/**
 * Sets the quantity of the buyer's line of `productId`, adding the line when there is none.
 * With `expected` (the line's quantity the caller read, or null for no line), only when the
 * line is still as read (`changed` otherwise: the caller reads again and retries), so "add to
 * the quantity" never loses a concurrent add. A new line is refused when the list is full.
 */
export async function setCartLine(
  userId: ObjectId,
  productId: ObjectId,
  quantity: number,
  snapshot: LineSnapshot,
  expected?: number | null,
): Promise<SetLineResult> {
  const collection = await carts();
  const now = new Date();
  if (expected !== null) {
    const { matchedCount } = await collection.updateOne(
      {
        _id: userId,
        lines: {
          $elemMatch: {
            productId,
            ...(expected === undefined ? {} : { quantity: expected }),
          },
        },
      },
      { $set: { 'lines.$.quantity': quantity, updatedAt: now } },
    );
    if (matchedCount === 1) return { ok: true, quantity };
    if (expected !== undefined) return { ok: false, reason: 'changed' };
  }
  const line: CartLineDoc = { productId, quantity, ...snapshot, addedAt: now };
  try {
    const { matchedCount, upsertedCount } = await collection.updateOne(
      {
        _id: userId,
        'lines.productId': { $ne: productId },
        [`lines.${MAX_CART_LINES - 1}`]: { $exists: false },
      },
      { $push: { lines: line }, $set: { updatedAt: now } },
      { upsert: true },
    );
    if (matchedCount === 1 || upsertedCount === 1) return { ok: true, quantity };
  } catch (error) {
    // The list exists but the filter did not match it: it is full, or the line was added
    // meanwhile (the upsert then collides with the list's own _id).
    if ((error as { code?: number }).code !== 11000) throw error;
  }
  const lines = await readCartLines(userId);
  if (lines.some((existing) => existing.productId.equals(productId))) {
    return { ok: false, reason: 'changed' };
  }
  return lines.length >= MAX_CART_LINES
    ? { ok: false, reason: 'full' }
    : { ok: false, reason: 'changed' };
}

/** Removes the buyer's line of `productId`: false when the list has no such line. */
export async function removeCartLine(userId: ObjectId, productId: ObjectId): Promise<boolean> {
  const { modifiedCount } = await (
    await carts()
  ).updateOne(
    { _id: userId, 'lines.productId': productId },
    { $pull: { lines: { productId } }, $set: { updatedAt: new Date() } },
  );
  return modifiedCount === 1;
}

/**
 * Removes the lines an order was placed from, each only if its quantity is still the one
 * ordered: a line changed or added while the order was being placed stays in the list.
 */
export async function removeOrderedLines(
  userId: ObjectId,
  ordered: ReadonlyArray<{ productId: ObjectId; quantity: number }>,
): Promise<void> {
  if (!ordered.length) return;
  await (
    await carts()
  ).updateOne(
    { _id: userId },
    {
      // Each line ordered leaves only with the quantity ordered.
      $pull: {
        lines: { $or: ordered.map(({ productId, quantity }) => ({ productId, quantity })) },
      } as unknown as PullLines,
      $set: { updatedAt: new Date() },
    },
  );
}

/** Empties the buyer's list. */
export async function clearCart(userId: ObjectId): Promise<void> {
  await (await carts()).updateOne({ _id: userId }, { $set: { lines: [], updatedAt: new Date() } });
}

/**
 * Replaces the buyer's lines with `next`, only while they are exactly `expected` (the lines the
 * caller read; none: no list yet, or an empty one), recording what was received and queueing
 * its mail in the same update (a list sent by a colleague: lib/cart/share.ts). False when the
 * list changed meanwhile: the caller reads it again and decides anew.
 */
export async function replaceCartLines(
  userId: ObjectId,
  expected: readonly CartLineDoc[],
  next: CartLineDoc[],
  received: ReceivedListDoc,
  mail: OutboxPush,
): Promise<boolean> {
  const now = new Date();
  try {
    const { matchedCount, upsertedCount } = await (
      await carts()
    ).updateOne(
      expected.length
        ? { _id: userId, lines: [...expected] }
        : { _id: userId, lines: { $size: 0 } },
      {
        $set: { lines: next, updatedAt: now },
        $push: { received: { $each: [received], $slice: -RECEIVED_KEPT }, ...mail },
      },
      { upsert: expected.length === 0 },
    );
    return matchedCount === 1 || upsertedCount === 1;
  } catch (error) {
    // No empty list to match, and the upsert collided with the list that exists: it has lines.
    if ((error as { code?: number }).code === 11000) return false;
    throw error;
  }
}

/** How many lines the buyer's list has (the header link's count), read from the index of ids. */
export async function countCartLines(userId: ObjectId): Promise<number> {
  const [doc] = await (
    await carts()
  )
    .aggregate<{ count: number }>([
      { $match: { _id: userId } },
      { $project: { count: { $size: '$lines' } } },
    ])
    .toArray();
  return doc?.count ?? 0;
}

export type { CartDoc, CartLineDoc, ReceivedListDoc };
