import type { ObjectId } from 'mongodb';
import { collection, declareCollections } from '@/lib/core/db/collection';
import type { OutboxEntry } from '@/lib/core/mail/outbox-registry';

/**
 * A line of a buyer's order list: a product and how many. The part number, name and picture are
 * copied when the line is added, so a line whose product was deleted meanwhile still says what
 * it was; price, minimum and stock are always read from the product.
 */
export interface CartLineDoc {
  productId: ObjectId;
  quantity: number;
  sku: string | null;
  name: string;
  picture: string;
  addedAt: Date;
}

/**
 * A list a colleague sent into this one (POST /api/cart/share): who sent it and what, as the
 * mail to the list's owner says it. The latest few are kept; `mailId` is the id of the outbox
 * entry of its mail.
 */
export interface ReceivedListDoc {
  mailId: string;
  fromUserId: ObjectId;
  fromName: string;
  lines: Array<Pick<CartLineDoc, 'productId' | 'sku' | 'name' | 'quantity'>>;
  receivedAt: Date;
}

/**
 * A buyer's order list (cart), kept on the server: one document per person, keyed by their user
 * id, so it follows them across devices and survives signing out. At most MAX_CART_LINES lines,
 * each product once, in the order they were added.
 */
export interface CartDoc {
  /** The buyer's user id. */
  _id: ObjectId;
  lines: CartLineDoc[];
  updatedAt: Date;
  /** The latest lists colleagues sent into this one (at most RECEIVED_KEPT). */
  received?: ReceivedListDoc[];
  /** The mail telling the owner a colleague sent them a list, queued with the lines. */
  outbox?: OutboxEntry[];
}

/** How many received lists a list keeps (each mail reads its own). */
export const RECEIVED_KEPT = 10;

export const collections = declareCollections({
  carts: collection<CartDoc>('carts', [
    // The mail outbox: the drainer looks for lists with a queued mail that is due.
    { key: { 'outbox.nextAttemptAt': 1 }, options: { sparse: true } },
  ]),
});
