import type { ObjectId } from 'mongodb';
import { collection, declareCollections } from '@/lib/core/db/collection';

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
 * A buyer's order list (cart), kept on the server: one document per person, keyed by their user
 * id, so it follows them across devices and survives signing out. At most MAX_CART_LINES lines,
 * each product once, in the order they were added.
 */
export interface CartDoc {
  /** The buyer's user id. */
  _id: ObjectId;
  lines: CartLineDoc[];
  updatedAt: Date;
}

export const collections = declareCollections({
  carts: collection<CartDoc>('carts', []),
});
