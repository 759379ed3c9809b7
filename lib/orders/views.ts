import 'server-only';
import type { User } from '@/lib/accounts';
import { findProduct } from '@/lib/catalogue';
import { pageWindow } from '@/lib/core/validation/pagination';
import { accessibleOrder, orderAccess, type Viewer } from './access';
import { expireIfOverdue } from './expiry';
import type { OrderStatus } from './lifecycle';
import { goneFor } from './rules';
import { DEFAULT_ORDER_PAGE_LIMIT } from './validation/order';
import {
  findOrder,
  listAllOrders,
  listOrdersByEmail,
  listOrdersByUser,
  publicOrder,
  type Order,
  type OrderDateBounds,
  type OrderRecord,
} from './store';

/** Viewing orders: one order, its payment page and order page, and the lists. */

/** One order for its owner or an admin, expired first when it is overdue. */
export async function viewOrder(viewer: Viewer, id: string): Promise<Order> {
  return publicOrder(await expireIfOverdue(await accessibleOrder(viewer, id)));
}

/**
 * The payment page's order: null when it does not exist or belongs to someone else (both are
 * answered as not found), expired first when it is overdue.
 */
export async function orderForPaymentPage(viewer: Viewer, id: string): Promise<OrderRecord | null> {
  const order = await findOrder(id);
  if (!order || goneFor(viewer, order)) return null;
  if ((await orderAccess(viewer, order, 'view')) !== 'ok') return null;
  return expireIfOverdue(order, { inRender: true });
}

/** Who made a step of an order's history, as its page says it. */
export type StepActor = 'you' | 'buyer' | 'company' | 'store' | 'payment' | 'system';

/** What the order page shows: the order, the product's part number, and who made each step. */
export interface OrderPage {
  order: Order;
  /** The part number ordered, or the product's current one for orders from before. */
  sku: string | null;
  /** For each entry of `order.history`, who made it (the store's people are not named). */
  actors: StepActor[];
}

function stepActor(viewer: Viewer, order: OrderRecord, by: string): StepActor {
  if (by === 'stripe') return 'payment';
  if (by === 'system') return 'system';
  if (by === order.userId) return by === viewer.id ? 'you' : 'buyer';
  if (by === order.approval?.decidedBy?.userId) return by === viewer.id ? 'you' : 'company';
  return 'store';
}

/**
 * The order page (/dashboard/order/{id}) of its owner or an admin: null when it does not exist,
 * belongs to someone else or was deleted by the viewer (all answered as not found), expired
 * first when it is overdue.
 */
export async function orderPage(viewer: Viewer, id: string): Promise<OrderPage | null> {
  const order = await orderForPaymentPage(viewer, id);
  if (!order) return null;
  const sku = order.sku ?? (await findProduct(order.productId))?.sku ?? null;
  const actors = order.history.map((step) => stepActor(viewer, order, step.by));
  return { order: publicOrder(order), sku, actors };
}

/**
 * Orders by email: for the viewer's own email, their orders by their user id (so orders of a
 * removed account with the same email are never theirs); any email's orders for an admin.
 * Cancelled orders are not listed.
 */
export async function ordersByEmail(viewer: User, email: string): Promise<Order[]> {
  return email === viewer.email ? listOrdersByUser(viewer.id) : listOrdersByEmail(email);
}

/** My Orders. */
export async function myOrders(viewer: Viewer): Promise<Order[]> {
  return listOrdersByUser(viewer.id);
}

/** One page of Manage Orders' list: `pages` is at least 1 (no orders is one empty page). */
export interface AllOrdersPage {
  items: Order[];
  /** How many orders match, over every page. */
  total: number;
  /** The page answered, from 1 (a page past the last has no items). */
  page: number;
  limit: number;
  pages: number;
}

/**
 * Manage Orders and GET /api/allOrder: one page of the live orders, or of the orders in
 * `status` (cancelled ones only so), newest first; `page` from 1 and `limit` (default
 * DEFAULT_ORDER_PAGE_LIMIT) held within the bounds every list has. The caller has checked the
 * admin role.
 */
export async function allOrdersPage({
  status,
  dates = {},
  page: askedPage,
  limit: askedLimit,
}: {
  status?: OrderStatus;
  dates?: OrderDateBounds;
  page?: number;
  limit?: number;
} = {}): Promise<AllOrdersPage> {
  const { page, limit, skip } = pageWindow(
    { page: askedPage, limit: askedLimit },
    DEFAULT_ORDER_PAGE_LIMIT,
  );
  const { items, total } = await listAllOrders(status, dates, { skip, limit });
  return { items, total, page, limit, pages: Math.max(1, Math.ceil(total / limit)) };
}
