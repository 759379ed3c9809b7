/**
 * An order's life as data: the statuses it passes through and the ONE table of the moves
 * allowed between them, with who may make each move. Everything that changes a status goes
 * through `transition()` (lib/orders/transition.ts), which refuses any move this table does not
 * list. Pure and free of server code, so the forms and the unit tests read the same table.
 *
 *   awaiting_approval ─► unpaid ─► paid ─► processing ─► shipped ─► delivered
 *          │    │          │         └──────────────────────►┘    ▲
 *          │    └─► confirmed ─► processing ───────────────────────┘ (on account)
 *          └───────────────┴──────┴─► cancelled
 *
 * Design choices:
 * - Forward only, never back: a shipped parcel cannot be unshipped, and what was paid stays paid.
 * - `paid` → `shipped` may skip `processing` (a warehouse that picks, packs and ships the same
 *   day need not click twice), but nothing skips `shipped`: a delivered order always has the
 *   carrier and tracking number that `shipped` requires.
 * - Only an unpaid order can be cancelled: its stock comes back and nothing was charged. A paid
 *   order is a business record (refunds are not part of the store).
 * - `paid` is reached only through a payment verified with Stripe (the browser's report checked
 *   with a retrieve, or the signed webhook), never by a person.
 * - A company member's order above their approval limit starts `awaiting_approval`, holding its
 *   stock: an approver or owner of the company (never its placer) approves it to `unpaid`, or
 *   rejects it (`cancelled`, reason `rejected`); its placer may withdraw it and an admin cancel
 *   it; unanswered after APPROVAL_HOLD_HOURS it lapses (`cancelled`, `approval_expired`). Who
 *   may approve is the companies module's role table; this table says only that an approver may.
 * - An order on account (a company on net terms, lib/terms) skips `unpaid`: it is `confirmed`
 *   when placed (or approved), with its amount held against the company's credit, and then
 *   moves `processing → shipped → delivered` as any order. It is paid by its invoice: the
 *   spec's `paid` flag turns true only through a verified Stripe event or a payment a store
 *   admin records (`settleAccountOrder`), never through this table, and whatever the status is
 *   by then. Until it is processed, its buyer or an admin may cancel it (credit and stock back).
 */

export const ORDER_STATUSES = [
  'awaiting_approval',
  'unpaid',
  'confirmed',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Why an order was cancelled: its buyer deleted it ('deleted', the spec's Delete in My Orders),
 * the store cancelled it ('cancelled_by_store', an admin's Delete in Manage Orders or a cancel),
 * it was not paid in time ('expired', lib/orders/expiry.ts), its company's approver rejected it
 * ('rejected'), or nobody approved it in time ('approval_expired').
 */
export const CANCEL_REASONS = [
  'deleted',
  'cancelled_by_store',
  'expired',
  'rejected',
  'approval_expired',
] as const;

export type CancelReason = (typeof CANCEL_REASONS)[number];

/**
 * Who makes a move: the order's buyer, an approver of the buyer's company (an approver or owner,
 * not the buyer), an admin, the store's own jobs, or a verified payment.
 */
export type ActorKind = 'buyer' | 'approver' | 'admin' | 'system' | 'stripe';

/** The allowed moves: from → to → who may make it. A move not listed is refused. */
export const ORDER_TRANSITIONS: {
  readonly [From in OrderStatus]: { readonly [To in OrderStatus]?: readonly ActorKind[] };
} = {
  awaiting_approval: {
    unpaid: ['approver'],
    confirmed: ['approver'],
    cancelled: ['approver', 'buyer', 'admin', 'system'],
  },
  unpaid: { paid: ['stripe'], cancelled: ['buyer', 'admin', 'system'] },
  confirmed: { processing: ['admin'], shipped: ['admin'], cancelled: ['buyer', 'admin'] },
  paid: { processing: ['admin'], shipped: ['admin'] },
  processing: { shipped: ['admin'] },
  shipped: { delivered: ['admin'] },
  delivered: {},
  cancelled: {},
};

/** Whether `actor` may move an order from `from` to `to` (any actor when none is named). */
export function canTransition(from: OrderStatus, to: OrderStatus, actor?: ActorKind): boolean {
  const actors = ORDER_TRANSITIONS[from][to];
  return actors !== undefined && (actor === undefined || actors.includes(actor));
}

/** The statuses `actor` may move an order in `from` to, in the order of the lifecycle. */
export function nextStatuses(from: OrderStatus, actor: ActorKind): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => canTransition(from, to, actor));
}

/** The statuses an admin moves a paid order forward to (PATCH /api/orders/{id}/status). */
export const FORWARD_STATUSES = ['processing', 'shipped', 'delivered'] as const;

/** What an admin may ask for through PATCH /api/orders/{id}/status. */
export const ADMIN_TARGET_STATUSES = [...FORWARD_STATUSES, 'cancelled'] as const;

export type AdminTargetStatus = (typeof ADMIN_TARGET_STATUSES)[number];

/**
 * The statuses an admin moves an order in `from` forward to from Manage Orders' status form
 * (cancelling an unpaid order is its Delete button).
 */
export function forwardStatuses(from: OrderStatus): (typeof FORWARD_STATUSES)[number][] {
  return FORWARD_STATUSES.filter((to) => canTransition(from, to, 'admin'));
}

/** The statuses of a live order: everything but cancelled. Lists show only these by default. */
export const LIVE_STATUSES = ORDER_STATUSES.filter((status) => status !== 'cancelled');

/**
 * Whether an order in this status is committed: paid by card, or past `confirmed` on account.
 * Such an order can no longer be cancelled and its stock is sold. (An order on account pays
 * later, by its invoice: its `paid` flag says when.)
 */
export function isPaidStatus(status: OrderStatus): boolean {
  return (
    status !== 'awaiting_approval' &&
    status !== 'unpaid' &&
    status !== 'confirmed' &&
    status !== 'cancelled'
  );
}

/** The statuses an order may be cancelled from (its stock and any credit come back). */
export const CANCELLABLE_STATUSES = ['awaiting_approval', 'unpaid', 'confirmed'] as const;
export type CancellableStatus = (typeof CANCELLABLE_STATUSES)[number];

/** The statuses of an order that holds stock and is not paid yet: the unpaid-orders cap counts them. */
export const UNPAID_STATUSES = ['awaiting_approval', 'unpaid'] as const;

/** How a status reads on the pages. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_approval: 'Awaiting approval',
  unpaid: 'Unpaid',
  confirmed: 'Confirmed',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
