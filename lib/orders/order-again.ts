import 'server-only';
import {
  checkQuantityUnder,
  quantityChoices,
  quantityRuleOf,
  type QuantityFacts,
  type QuantityRule,
} from '@/lib/catalogue';
import { fillCart, type Cart } from '@/lib/cart';
import type { Id } from '@/lib/core/ids';
import { refuse } from '@/lib/core/refusal';
import { findOrder } from '@/lib/orders/store';
import type { Product } from '@/lib/catalogue';
import type { User } from '@/lib/accounts';
import { orderAgainMessages as m } from '@/lib/core/messages';
import { minimumQuantityMessage, ORDER_QUANTITIES } from '@/lib/orders/validation/order';
import { orderAccess } from './access';
import { goneFor } from './rules';

/**
 * "Order again", two ways:
 *
 * - My Orders' button (`POST /api/orders/{id}/reorder`, `orderAgainToCart`): every line of an
 *   earlier order of the signed-in buyer goes back into their order list (lib/cart `fillCart`),
 *   added to a line the list already has for that part; the list prices and judges them by
 *   today's rules. Lines whose product is no longer sold, or that a full list cannot take, are
 *   answered as skipped.
 * - The product page's prefill (/product/{productId}?again={orderId}): the order form opens with
 *   the quantity, address and phone of an earlier one-line order of the signed-in buyer.
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
 * The quantity to select for an earlier order's `earlier` units, from the quantities the order
 * form offers that may be ordered today (the buyer's quantity rule `rule`, the product's own when
 * not given: at least the minimum, whole cartons, at most the maximum and the stock left): the
 * same quantity when it is still valid and offered (any valid number of cartons is offered for a
 * product sold in cartons), else the nearest such choice (the smaller on a tie), with why.
 */
export function orderAgainQuantity(
  earlier: number,
  product: QuantityFacts,
  rule: QuantityRule = quantityRuleOf(product),
): { quantity: number | null; notice: string | null } {
  const { minimum, available } = rule;
  const offered =
    rule.multiple === 1 ? [...ORDER_QUANTITIES] : quantityChoices(rule, ORDER_QUANTITIES);
  const valid = offered.filter((choice) => checkQuantityUnder(rule, choice).ok);
  if (valid.includes(earlier)) return { quantity: earlier, notice: null };
  if (rule.multiple > 1 && checkQuantityUnder(rule, earlier).ok) {
    return { quantity: earlier, notice: null };
  }
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
  rule?: QuantityRule,
): Promise<OrderAgainPrefill | null> {
  const order = await findOrder(orderId);
  if (!order || order.userId !== viewer.id) return null;
  if (goneFor({ role: 'user' }, order) || order.productId !== product._id) return null;
  const { quantity, notice } = orderAgainQuantity(order.quantity, product, rule);
  return {
    quantity: quantity === null ? null : String(quantity),
    address: order.address,
    phone: order.phone,
    notices: [m.prefilled, ...(notice ? [notice] : [])],
  };
}

/** A line of the earlier order that "Order again" could not put in the order list. */
export interface SkippedLine {
  productId: string;
  sku: string | null;
  name: string;
  quantity: number;
  /** `not_found`: the product is no longer sold; `full`: the order list has no room. */
  reason: 'not_found' | 'full';
}

/** What "Order again" did: the order list as it is now, and the lines it could not take. */
export interface OrderAgainResult {
  cart: Cart;
  skipped: SkippedLine[];
}

/**
 * "Order again" into the order list: every line of the viewer's own order `orderId` is added to
 * their list (`fillCart`) with its earlier quantity, to be priced and judged by today's rules.
 * Only its buyer may (404 when there is no such order or its buyer deleted it, 403 for anyone
 * else, admins included: it is a buyer's shortcut).
 */
export async function orderAgainToCart(
  viewer: Pick<User, 'id'>,
  orderId: string,
): Promise<OrderAgainResult> {
  const order = await findOrder(orderId);
  if (!order) throw refuse('order.not_found');
  // Another company's order is an unknown id; a member who left no longer reaches theirs.
  if (
    order.companyId &&
    (await orderAccess({ id: viewer.id, role: 'user' }, order, 'view')) === 'not_found'
  ) {
    throw refuse('order.not_found');
  }
  if (order.userId !== viewer.id) throw refuse('order.not_yours');
  if (goneFor({ role: 'user' }, order)) throw refuse('order.not_found');
  const { cart, skipped } = await fillCart(
    viewer,
    order.lines.map((line) => ({ productId: line.productId as Id, quantity: line.quantity })),
  );
  return {
    cart,
    skipped: skipped.map(({ productId, reason }) => {
      const line = order.lines.find((entry) => entry.productId === productId)!;
      return { productId, sku: line.sku, name: line.name, quantity: line.quantity, reason };
    }),
  };
}
