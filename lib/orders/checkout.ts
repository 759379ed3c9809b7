import 'server-only';
import type { User } from '@/lib/accounts';
import { cartToCheckout, clearCheckedOutLines } from '@/lib/cart';
import { placeOrderOfLines, type Delivery } from './place-order';

/**
 * Checkout (`POST /api/checkout`): the buyer's order list placed as ONE order of all its lines,
 * all or nothing (lib/orders/store/place.ts), then taken out of the list. A list that is empty
 * or has a line that cannot be ordered as it is (lib/cart) is refused before anything is
 * written; a line short of stock at the moment of ordering refuses the whole order, with each
 * short line and what is available. A line changed while the order was being placed stays in
 * the list. Answers the new order's id.
 */
export async function checkoutCart(
  buyer: Pick<User, 'id' | 'name' | 'email' | 'emailVerified'>,
  delivery: Delivery,
  origin: string,
): Promise<string> {
  const lines = await cartToCheckout(buyer);
  const orderId = await placeOrderOfLines(buyer, { ...delivery, lines }, origin);
  await clearCheckedOutLines(buyer, lines);
  return orderId;
}
