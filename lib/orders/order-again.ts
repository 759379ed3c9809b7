import 'server-only';
import { orderMinimum } from '@/lib/catalogue';
import { findOrder } from '@/lib/orders/store';
import type { Product } from '@/lib/catalogue';
import type { User } from '@/lib/accounts';
import { orderAgainMessages as m } from '@/lib/core/messages';
import { minimumQuantityMessage, ORDER_QUANTITIES } from '@/lib/orders/validation/order';
import { goneFor } from './rules';

/**
 * "Order again" (My Orders → /product/{productId}?again={orderId}): the product page's order
 * form opens with the quantity, address and phone of an earlier order of the signed-in buyer.
 * Nothing of it travels in the URL but the order's id, and only its owner gets anything from
 * it. Price, minimum and stock are today's: the quantity is kept when it is still one of the
 * dropdown's choices that may be ordered, else the nearest such choice is taken and the form
 * says why. Placing checks everything again on the server, as any order.
 */

/** What the order form is opened with. */
export interface OrderAgainPrefill {
  /** The dropdown choice to select; null when none may be ordered now (the form's default). */
  quantity: string | null;
  address: string;
  phone: string;
  /** What the form says: that it was filled in, and why the quantity changed if it did. */
  notices: string[];
}

/**
 * The quantity to select for an earlier order's `earlier` units, from the dropdown's choices
 * that may be ordered today (at least 500 and the product's minimum, at most the stock left):
 * the same quantity when it is one of them, else the nearest (the smaller on a tie), with why.
 */
export function orderAgainQuantity(
  earlier: number,
  product: Pick<Product, 'minimumOrderQuantity' | 'availableQuantity'>,
): { quantity: number | null; notice: string | null } {
  const minimum = orderMinimum(product);
  const available = product.availableQuantity;
  const valid = ORDER_QUANTITIES.filter((choice) => choice >= minimum && choice <= available);
  if ((valid as readonly number[]).includes(earlier)) return { quantity: earlier, notice: null };
  if (!valid.length) return { quantity: null, notice: m.noneAvailable(available, earlier) };
  const nearest = valid.reduce((best, choice) =>
    Math.abs(choice - earlier) < Math.abs(best - earlier) ? choice : best,
  );
  if (earlier < minimum) {
    return {
      quantity: nearest,
      notice: m.belowMinimum(minimumQuantityMessage(minimum), earlier, nearest),
    };
  }
  if (earlier > available) {
    return { quantity: nearest, notice: m.aboveStock(available, earlier, nearest) };
  }
  return { quantity: nearest, notice: m.notOffered(earlier, nearest) };
}

/**
 * The order form's prefill from the viewer's own order `orderId` of this product, or null:
 * when the id names no order, someone else's (admins included: it is a buyer's shortcut), one
 * its buyer deleted, or an order of another product.
 */
export async function orderAgainPrefill(
  viewer: Pick<User, 'id'>,
  orderId: string,
  product: Product,
): Promise<OrderAgainPrefill | null> {
  const order = await findOrder(orderId);
  if (!order || order.userId !== viewer.id) return null;
  if (goneFor({ role: 'user' }, order) || order.productId !== product._id) return null;
  const { quantity, notice } = orderAgainQuantity(order.quantity, product);
  return {
    quantity: quantity === null ? null : String(quantity),
    address: order.address,
    phone: order.phone,
    notices: [m.prefilled, ...(notice ? [notice] : [])],
  };
}
