import 'server-only';
import type { ObjectId } from 'mongodb';
import type { OrderStatus } from '../lifecycle';
import { liveOrder, ordersCollection } from './collection';
import { orderRecord, publicOrder, type Order } from './records';

/** Reading a company's orders: its members' list, its approvals, the admin's company pages. */

/**
 * The statuses of an order still to be dealt with: awaiting approval, unpaid, confirmed on
 * account, paid, processing.
 */
export const OPEN_STATUSES = [
  'awaiting_approval',
  'unpaid',
  'confirmed',
  'paid',
  'processing',
] as const satisfies readonly OrderStatus[];

/** How many open orders each company has (companies with none are left out). */
export async function openOrderCountsByCompany(
  companyIds: readonly ObjectId[],
): Promise<Map<string, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await (
    await ordersCollection()
  )
    .aggregate<{ _id: ObjectId; count: number }>([
      { $match: { companyId: { $in: [...companyIds] }, status: { $in: [...OPEN_STATUSES] } } },
      { $group: { _id: '$companyId', count: { $sum: 1 } } },
    ])
    .toArray();
  return new Map(rows.map((row) => [row._id.toHexString(), row.count]));
}

/** A company's order as its lists show it: the order, and who placed it. */
export interface CompanyOrderRow {
  _id: string;
  createdAt: string;
  status: OrderStatus;
  totalCents: number;
  /** How many lines it has. */
  lineCount: number;
  poNumber: string | null;
  placedBy: { userId: string | null; name: string; email: string };
}

/** A company's most recent orders (cancelled ones included), newest first. */
export async function recentCompanyOrders(
  companyId: ObjectId,
  limit: number,
): Promise<CompanyOrderRow[]> {
  const docs = await (
    await ordersCollection()
  )
    .find({ companyId, status: { $ne: 'reserving' } })
    .sort({ createdAt: -1, _id: -1 })
    // The company's index, named: on some 10,000 orders the embedded engine refuses the plan the
    // query planner would choose among the status indexes for `$ne`.
    .hint({ companyId: 1, createdAt: -1, _id: -1 })
    .limit(limit)
    .toArray();
  return docs.map((doc) => {
    const record = orderRecord(doc);
    return {
      _id: record._id,
      createdAt: record.createdAt,
      status: record.status,
      totalCents: record.totalCents,
      lineCount: record.lines.length,
      poNumber: record.poNumber,
      placedBy: { userId: record.userId || null, name: doc.userName, email: doc.email },
    };
  });
}

/**
 * A company's live orders, newest first, or those in one `status`, at most `limit` (its members'
 * Company orders page).
 */
export async function listCompanyOrders(
  companyId: ObjectId,
  { status, limit = 200 }: { status?: OrderStatus; limit?: number } = {},
): Promise<Order[]> {
  const docs = await (
    await ordersCollection()
  )
    .find({ companyId, ...(status ? { status } : liveOrder) })
    .sort({ createdAt: -1, _id: -1 })
    .limit(limit)
    .toArray();
  return docs.map((doc) => publicOrder(orderRecord(doc)));
}

/** A company's orders awaiting approval, oldest first (the approvers' list). */
export async function listAwaitingApproval(companyId: ObjectId): Promise<Order[]> {
  const docs = await (
    await ordersCollection()
  )
    .find({ companyId, status: 'awaiting_approval' })
    .sort({ createdAt: 1, _id: 1 })
    .limit(200)
    .toArray();
  return docs.map((doc) => publicOrder(orderRecord(doc)));
}

/** The first moment of the calendar month (UTC) of `at`: where a member's month starts. */
export function monthStartOf(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/**
 * What each of these members' orders for the company total since `since` (the start of their
 * month), in cents: every order they placed and that is not cancelled, those awaiting approval
 * and those being placed (`reserving`) included, so that orders placed at the same moment see
 * each other. Members without an order are left out.
 */
export async function monthSpentBy(
  companyId: ObjectId,
  userIds: readonly ObjectId[],
  since: Date,
): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await (
    await ordersCollection()
  )
    .aggregate<{ _id: ObjectId; totalCents: number }>([
      {
        $match: {
          userId: userIds.length === 1 ? userIds[0] : { $in: [...userIds] },
          createdAt: { $gte: since },
          companyId,
          status: { $ne: 'cancelled' },
        },
      },
      { $group: { _id: '$userId', totalCents: { $sum: '$totalCents' } } },
    ])
    .toArray();
  return new Map(rows.map((row) => [row._id.toHexString(), row.totalCents]));
}
