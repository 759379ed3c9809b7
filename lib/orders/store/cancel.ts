import 'server-only';
import type { CancellableStatus, CancelReason } from '../lifecycle';
import type { OrderDoc } from '../collections';
import { transition, type Actor, type ExtraUpdate, type TransitionResult } from '../transition';
import { giveBackCreditOf, heldLines, releaseOrderStock } from '../stock';
import { pastPayBy } from './deadline';

/**
 * Cancelling an unpaid order (a delete, an admin's cancel, the expiry) and giving its stock
 * back, as recorded intent (lib/orders/stock.ts): the one update that cancels the order also
 * marks it `stockPending`; then each line's stock is given back once and recorded, and the mark
 * cleared. A crash in between leaves the mark, and the stock sweep finishes the give-back.
 */

/** The cancelling update's own extra: the order's stock is now to be given back. */
function pendingStock(extra: ExtraUpdate = {}): ExtraUpdate {
  return { ...extra, $set: { ...extra.$set, stockPending: true } };
}

/**
 * Gives a cancelled order's credit (an order on account) and stock back: called by the move that
 * cancelled it, and by the stock sweep for an order left `stockPending` (the credit first, so
 * that the mark still stands while either remains). Each is given back once.
 */
async function restockCancelled(result: TransitionResult): Promise<TransitionResult> {
  if (result.ok) {
    await giveBackCreditOf(result.order);
    await releaseOrderStock(result.order, heldLines(result.order));
  }
  return result;
}

/**
 * Cancels an unpaid order (its buyer's delete, an admin's delete or cancel) and gives its
 * quantity back to the product's stock. The move is `transition()`'s one conditional update
 * from `unpaid`, so of any number of concurrent cancels exactly one succeeds and the stock
 * comes back once; an order that turned paid or was cancelled meanwhile is left as it is.
 */
export async function cancelUnpaidOrder(
  id: string,
  by: Actor,
  reason: Exclude<CancelReason, 'expired' | 'approval_expired'>,
  options: {
    note?: string | null;
    extraUpdate?: ExtraUpdate;
    /**
     * The status it is cancelled from: `unpaid`, `awaiting_approval` (a rejection, a withdrawal)
     * or `confirmed` (an order on account, not processed yet).
     */
    from?: CancellableStatus;
    where?: import('mongodb').Filter<OrderDoc>;
  } = {},
): Promise<TransitionResult> {
  const { from = 'unpaid', ...rest } = options;
  return restockCancelled(
    await transition({
      id,
      from,
      to: 'cancelled',
      reason,
      by,
      ...rest,
      // Not paid meanwhile (an order on account is paid by its invoice, in any status).
      where: { ...rest.where, paid: false },
      extraUpdate: pendingStock(options.extraUpdate),
    }),
  );
}

/**
 * Cancels an unpaid order overdue at `now` (past its own deadline, see `payByOf`), or one
 * awaiting approval past APPROVAL_HOLD_HOURS (`from: 'awaiting_approval'`: it never had a
 * payment intent), and gives its stock back, through the same `transition()` as every cancel: the order must still be unpaid,
 * overdue, and carry `paymentIntentId` (the intent the caller has just canceled at Stripe, or
 * none), so of concurrent sweeps exactly one cancels it and the stock comes back once; an
 * intent attached meanwhile leaves the order for the next sweep.
 */
export async function cancelOverdueOrder(
  id: string,
  paymentIntentId: string | null,
  now = new Date(),
  extraUpdate?: ExtraUpdate,
  from: 'unpaid' | 'awaiting_approval' = 'unpaid',
): Promise<boolean> {
  const lapsed = from === 'awaiting_approval';
  const result = await restockCancelled(
    await transition({
      id,
      from,
      to: 'cancelled',
      reason: lapsed ? 'approval_expired' : 'expired',
      by: { kind: 'system' },
      note: lapsed ? 'Not approved in time' : 'Not paid in time',
      where: {
        ...pastPayBy(now),
        paymentIntentId: paymentIntentId ?? { $exists: false },
      },
      extraUpdate: pendingStock(extraUpdate),
      at: now,
    }),
  );
  return result.ok;
}
