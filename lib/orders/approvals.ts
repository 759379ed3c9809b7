import 'server-only';
import { ObjectId } from 'mongodb';
import { findUserById, type User } from '@/lib/accounts';
import {
  can,
  companyMembersAllowed,
  companyOfMember,
  requireCompanyAction,
  type CompanyRole,
} from '@/lib/companies';
import { cacheTags, expire } from '@/lib/core/cache';
import { refuse } from '@/lib/core/refusal';
import { wakeJob } from '@/lib/core/jobs';
import type { Viewer } from './access';
import { expireIfOverdue } from './expiry';
import { STATUS_LABELS, type OrderStatus } from './lifecycle';
import { mailsQueued, orderMails } from './mails';
import { goneFor, holdFor, INVOICE_JOB, isOverdue } from './rules';
import {
  cancelUnpaidOrder,
  findOrder,
  listAwaitingApproval,
  listCompanyOrders,
  orderRecord,
  publicOrder,
  type Order,
  type OrderRecord,
} from './store';
import { transition, type TransitionResult } from './transition';

/**
 * A company's orders and their approval. A member's order above their approval limit waits in
 * `awaiting_approval` (lib/orders/store/place.ts), holding its stock; an approver or owner of
 * the same company (the companies' role table: `approveOrders`), never its placer, approves it
 * (it becomes `unpaid`, payable, with a new time to be paid from then) or rejects it with a
 * reason (`cancelled`, its stock given back). Each decision is one conditional update from
 * `awaiting_approval` (`transition()`), so of two approvers deciding at once exactly one wins
 * and the other is told the order no longer waits (409). Ids of another company's orders are
 * answered as unknown (404).
 */

/** Who decides: a signed-in person, by name (the buyer's mail says who). */
type Approver = Viewer & Pick<User, 'name'>;

/** 409: the order is no longer awaiting approval (decided, withdrawn or lapsed). */
function notAwaiting(status: OrderStatus) {
  return refuse('order.not_awaiting_approval', {
    params: { status: STATUS_LABELS[status].toLowerCase() },
    details: { status },
  });
}

/** Why a decision that did not happen failed, as the order is now. */
function lostDecision(result: Exclude<TransitionResult, { ok: true }>) {
  if (result.reason === 'changed') return notAwaiting(result.current.status);
  if (result.reason === 'refused') return notAwaiting(result.from);
  return refuse('order.not_found');
}

/**
 * The order `approver` may decide: 404 unless it is an order of their own company (and not one
 * its buyer deleted); 403 when their role does not approve orders or it is their own order; 409
 * when it no longer awaits approval (one that lapsed meanwhile is expired first).
 */
async function decidableOrder(approver: Approver, id: string): Promise<OrderRecord> {
  const order = await findOrder(id);
  if (!order || !order.companyId || goneFor(approver, order)) throw refuse('order.not_found');
  const membership = await companyOfMember(approver);
  if (!membership || membership.company._id.toHexString() !== order.companyId) {
    throw refuse('order.not_found');
  }
  if (!can(membership.member.role, 'approveOrders')) throw refuse('company.not_allowed');
  if (order.userId === approver.id) throw refuse('order.approve_own');
  if (order.status !== 'awaiting_approval') throw notAwaiting(order.status);
  if (isOverdue(order)) {
    const now = await expireIfOverdue(order);
    throw notAwaiting(now.status);
  }
  return order;
}

/**
 * Who may decide an order awaiting approval, by name: the members of its company whose role
 * approves orders (owners and approvers, the role table's `approveOrders`), never its placer,
 * the same rule `decidableOrder` enforces. An approver's own approval limit bounds only the
 * orders they place, not the ones they approve.
 */
async function approversOf(order: Pick<Order, 'companyId' | 'placedBy'>): Promise<OrderApprover[]> {
  if (!order.companyId) return [];
  const members = await companyMembersAllowed(
    new ObjectId(order.companyId),
    'approveOrders',
    order.placedBy ? new ObjectId(order.placedBy) : undefined,
  );
  return members.map(({ name, role }) => ({ name, role }));
}

/** A person who may approve an order, as its pages name them. */
export interface OrderApprover {
  name: string;
  role: CompanyRole;
}

/** A company order's approval as the person looking at its pages may read it. */
export interface ApprovalForViewer {
  /**
   * How the viewer stands to the order: its buyer; a member of its company whose role approves
   * orders; another member of its company; or someone outside it (a store admin), who is told
   * no names.
   */
  viewer: 'buyer' | 'decider' | 'member' | 'outsider';
  /** While it waits: who may approve it (`approversOf`); null otherwise, and for an outsider. */
  approvers: OrderApprover[] | null;
  /** Who approved or rejected it, by name; null while undecided, and for an outsider. */
  decidedBy: string | null;
}

/**
 * The approval of an order `viewer` may see (the pages checked that), for its order page and
 * payment page: null for an order that needed none. Names go only to members of the order's
 * company, as the company is now.
 */
export async function approvalForViewer(
  viewer: Viewer,
  order: Pick<Order, 'companyId' | 'placedBy' | 'status' | 'approval'>,
): Promise<ApprovalForViewer | null> {
  if (!order.approval || !order.companyId) return null;
  const membership = await companyOfMember(viewer);
  if (!membership || membership.company._id.toHexString() !== order.companyId) {
    return { viewer: 'outsider', approvers: null, decidedBy: null };
  }
  return {
    viewer:
      order.placedBy === viewer.id
        ? 'buyer'
        : can(membership.member.role, 'approveOrders')
          ? 'decider'
          : 'member',
    approvers: order.status === 'awaiting_approval' ? await approversOf(order) : null,
    decidedBy: order.approval.decidedBy?.name || null,
  };
}

/** The decision as the order records it (`approval`), with the reason of a rejection. */
function decision(approver: Approver, at: Date, reason?: string) {
  return {
    'approval.decidedBy': new ObjectId(approver.id),
    'approval.decidedByName': approver.name,
    'approval.decidedAt': at,
    ...(reason ? { 'approval.reason': reason } : {}),
  };
}

/**
 * POST /api/orders/{id}/approve: the order becomes `unpaid`, to be paid within its placer's
 * usual hold from now (UNPAID_ORDER_TTL_HOURS, or UNVERIFIED_HOLD_MINUTES for an account whose
 * email is not verified), and its buyer is mailed the pay link. An order on account becomes
 * `confirmed` instead (its credit was held when it was placed) and its buyer is mailed that.
 */
export async function approveOrder(approver: Approver, id: string, origin: string): Promise<Order> {
  const order = await decidableOrder(approver, id);
  const now = new Date();
  // An order on account is confirmed (its credit is held already); others are to be paid.
  const account = order.account;
  const invoiceNow = account?.invoiceOn === 'order';
  let set: Record<string, unknown>;
  if (account) {
    set = { ...decision(approver, now), ...(invoiceNow ? { 'account.invoiceDueAt': now } : {}) };
  } else {
    const placer = order.userId ? await findUserById(order.userId) : null;
    const hold = holdFor({ emailVerified: placer?.emailVerified ?? false });
    set = { ...decision(approver, now), expiresAt: new Date(now.getTime() + hold.holdMs) };
  }
  const mails = orderMails([account ? 'order.confirmed' : 'order.approved'], origin);
  const result = await transition({
    id,
    from: 'awaiting_approval',
    to: account ? 'confirmed' : 'unpaid',
    by: { kind: 'approver', userId: approver.id },
    note: null,
    // Not past its time: a lapsed order is the sweep's to cancel.
    where: { expiresAt: { $gt: now } },
    extraUpdate: { $set: set, $push: mails.extraUpdate.$push },
    at: now,
  });
  if (!result.ok) throw lostDecision(result);
  await mailsQueued(id, mails);
  if (invoiceNow) wakeJob(INVOICE_JOB);
  return publicOrder(orderRecord(result.order));
}

/**
 * POST /api/orders/{id}/reject: the order is cancelled (`rejected`), its stock given back once,
 * and its buyer is mailed the reason.
 */
export async function rejectOrder(
  approver: Approver,
  id: string,
  reason: string,
  origin: string,
): Promise<Order> {
  await decidableOrder(approver, id);
  const now = new Date();
  const mails = orderMails(['order.cancelled'], origin);
  const result = await cancelUnpaidOrder(
    id,
    { kind: 'approver', userId: approver.id },
    'rejected',
    {
      from: 'awaiting_approval',
      note: reason,
      extraUpdate: { $set: decision(approver, now, reason), $push: mails.extraUpdate.$push },
    },
  );
  if (!result.ok) throw lostDecision(result);
  await expire(cacheTags.products); // the stock came back
  await mailsQueued(id, mails);
  return publicOrder(orderRecord(result.order));
}

/**
 * GET /api/approvals: the orders of the caller's company awaiting approval, oldest first, for
 * members whose role approves orders (403 otherwise, 404 without a company). The caller's own
 * orders are listed too, for them to see; they cannot decide those.
 */
export async function approvalsFor(viewer: Viewer): Promise<Order[]> {
  const { company } = await requireCompanyAction(viewer, 'approveOrders');
  return listAwaitingApproval(company._id);
}

/**
 * GET /api/companies/me/orders: the live orders of the caller's company (or those in one
 * status), newest first, each with who placed it, for members whose role sees them.
 */
export async function companyOrdersFor(
  viewer: Viewer,
  { status }: { status?: OrderStatus } = {},
): Promise<Order[]> {
  const { company } = await requireCompanyAction(viewer, 'viewCompanyOrders');
  return listCompanyOrders(company._id, status ? { status } : {});
}
