import 'server-only';
import { ObjectId, type Document, type Filter, type UpdateFilter } from 'mongodb';
import { refuse } from '@/lib/core/refusal';
import { getDb } from '@/lib/core/db';
import { collections } from './collections';
import type { OrderDoc, OrderHistoryEntry, PlacedOrderDoc } from './collections';
import { toObjectId } from '@/lib/core/db/ids';
import {
  canTransition,
  STATUS_LABELS,
  type ActorKind,
  type CancelReason,
  type OrderStatus,
} from './lifecycle';

/**
 * The one write that changes an order's status. Every status change of the store (a verified
 * payment, a delete, an admin's move, the expiry of an unpaid order) is ONE conditional update:
 *
 *   filter  { _id, status: from, ...where }
 *   update  $set   { status: to, paid, <the new status's fields>, ...extraUpdate.$set }
 *           $push  { history: { status: to, at, by, note }, ...extraUpdate.$push }
 *
 * A move the table of lib/orders/lifecycle.ts does not allow is refused before any write; of
 * concurrent moves from the same status exactly one matches, and the others find the order
 * changed. Either way the caller answers 409 (`invalidTransition`), never writing twice. No
 * transactions are needed: the status, its fields, its history entry and whatever the caller
 * adds (`extraUpdate`: mails queued in an outbox, say) change together or not at all.
 */

/** Who makes a move; `userId` is the acting person's id (24 hex digits). */
export type Actor =
  | { kind: 'buyer' | 'approver' | 'admin'; userId: string }
  | { kind: 'system' }
  | { kind: 'stripe' };

/** The target status with the fields it brings. */
export type Move =
  | { to: 'unpaid' }
  | { to: 'confirmed' }
  | { to: 'paid'; transactionId: string }
  | { to: 'processing' }
  | { to: 'shipped'; carrier: string; trackingNumber: string }
  | { to: 'delivered' }
  | { to: 'cancelled'; reason: CancelReason };

/**
 * More to write in the same update, for side effects that must happen exactly when the move
 * does (e.g. a mail queued with `queueMail(...)`'s `$push` fragment). It may not touch the
 * fields the move itself writes.
 */
export interface ExtraUpdate {
  $push?: Document;
  $set?: Document;
}

export type TransitionInput = Move & {
  /** The order's id (24 hex digits). */
  id: string;
  /** The status the caller saw; the update only applies while the order is still in it. */
  from: OrderStatus;
  by: Actor;
  note?: string | null;
  /** More conditions the order must meet (its payment intent, its age...). */
  where?: Filter<OrderDoc>;
  extraUpdate?: ExtraUpdate;
  at?: Date;
};

export type TransitionResult =
  /** Moved: the order as it is now. */
  | { ok: true; order: OrderDoc }
  /** The table does not allow this move for this actor: nothing was written or read. */
  | { ok: false; reason: 'refused'; from: OrderStatus }
  /** No order has this id. */
  | { ok: false; reason: 'missing' }
  /** The order is no longer in `from` (or fails `where`): someone else moved it first. */
  | { ok: false; reason: 'changed'; current: PlacedOrderDoc };

/** The fields that belong to a status, written with it. */
function statusFields(move: Move, at: Date): Partial<OrderDoc> {
  switch (move.to) {
    case 'paid':
      return { paid: true, paidAt: at, transactionId: move.transactionId };
    case 'shipped':
      return { carrier: move.carrier, trackingNumber: move.trackingNumber };
    case 'cancelled':
      return { cancelledAt: at, cancelReason: move.reason };
    case 'unpaid':
    case 'confirmed':
    case 'processing':
    case 'delivered':
      return {};
  }
}

function historyBy(actor: Actor): OrderHistoryEntry['by'] {
  return actor.kind === 'system' || actor.kind === 'stripe'
    ? actor.kind
    : new ObjectId(actor.userId);
}

/** Throws when `extra` would overwrite what the move writes (a programming error). */
function assertSeparate(extra: Document | undefined, own: readonly string[]): void {
  for (const key of Object.keys(extra ?? {})) {
    const root = key.split('.')[0]!;
    if (own.includes(root)) throw new Error(`transition(): extraUpdate may not write "${key}"`);
  }
}

/** Moves one order from `from` to `to` with one conditional update (see the top of the file). */
export async function transition(input: TransitionInput): Promise<TransitionResult> {
  const { id, from, by, note = null, where = {}, extraUpdate = {}, at = new Date() } = input;
  const actor: ActorKind = by.kind;
  if (!canTransition(from, input.to, actor)) return { ok: false, reason: 'refused', from };
  const _id = toObjectId(id);
  if (!_id) return { ok: false, reason: 'missing' };

  const set: Partial<OrderDoc> = { status: input.to, ...statusFields(input, at) };
  const entry: OrderHistoryEntry = { status: input.to, at, by: historyBy(by), note };
  assertSeparate(extraUpdate.$set, ['_id', 'history', 'paid', ...Object.keys(set)]);
  assertSeparate(extraUpdate.$push, ['_id', 'history', 'status', 'paid', ...Object.keys(set)]);

  // The driver's types cannot follow fragments built at run time; the keys are checked above.
  const update = {
    $set: { ...set, ...extraUpdate.$set },
    $push: { history: entry, ...extraUpdate.$push },
  } as UpdateFilter<OrderDoc>;

  const orders = collections(await getDb()).orders;
  const moved = await orders.findOneAndUpdate({ ...where, _id, status: from }, update, {
    returnDocument: 'after',
  });
  if (moved) return { ok: true, order: moved };
  // An order still being placed (`reserving`) is not there yet for anyone.
  const current = (await orders.findOne({
    _id,
    status: { $ne: 'reserving' },
  })) as PlacedOrderDoc | null;
  return current ? { ok: false, reason: 'changed', current } : { ok: false, reason: 'missing' };
}

/** 409: an order in `from` cannot move to `to` (refused by the table, or moved meanwhile). */
export function invalidTransition(from: OrderStatus, to: OrderStatus) {
  return refuse('order.invalid_transition', {
    params: { from: STATUS_LABELS[from].toLowerCase(), to: STATUS_LABELS[to].toLowerCase() },
    details: { from, to },
  });
}

/**
 * The error for a move that did not happen: 404 when the order is gone, else 409 naming the
 * status it is in now (or was in, when the table refused) and the one asked for.
 */
export function transitionFailure(
  result: Exclude<TransitionResult, { ok: true }>,
  to: OrderStatus,
) {
  switch (result.reason) {
    case 'missing':
      return refuse('order.not_found');
    case 'refused':
      return invalidTransition(result.from, to);
    case 'changed':
      return invalidTransition(result.current.status, to);
  }
}
