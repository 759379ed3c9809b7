import 'server-only';
import { errorText, logger } from '@/lib/core/log';
import { ObjectId } from 'mongodb';
import type { OrderMailKind } from './mail/subjects';
import {
  queueMails,
  registerOutboxKinds,
  releaseMails,
  scheduleOutboxDrain,
  type OutboxEntry,
} from '@/lib/core/mail/outbox';
import type { ExtraUpdate } from './transition';

/**
 * The mails an order's changes send, queued in the very write that makes the change (the
 * insert of a new order, or the transition's one conditional update) and sent afterwards by
 * the outbox drainer (lib/core/mail/outbox.ts), never inside the request:
 *
 *   placed            'order.placed' to the buyer               in the order's insert
 *   unpaid → paid     'order.paid' to the buyer (the receipt)    in the transition's update
 *                     'order.paid.store' to ORDERS_TO
 *   → shipped         'order.shipped' to the buyer               in the transition's update
 *   unpaid → cancelled 'order.cancelled' to the buyer            in the transition's update
 *
 * A change that does not happen (refused, lost to another change, over the unpaid-orders cap)
 * queues nothing, and a mail that cannot be sent is retried by the outbox: it never blocks or
 * undoes the order.
 *
 * Two changes take one more step after their write, and their mails wait for it (a hold,
 * released when the step is done; after the hold they go out anyway, should the step never
 * come): a new order may still step back over the unpaid-orders cap, and a paid order gets its
 * invoice number, which the receipt shows.
 */

/**
 * The kinds of mail queued on orders, registered with the kernel's outbox engine as soon as
 * anything that queues one is loaded; the templates load only when a drain needs them
 * (mail/kinds.ts).
 */
registerOutboxKinds('orders', async () => (await import('./mail/kinds')).orderMailKinds);

/** How long held mails wait for the step after the write: far longer than that step takes. */
export const MAIL_HOLD_MS = 30_000;

/** Mails queued for one change, ready to be written with it. */
export interface OrderMails {
  /** The outbox entries, for a document being inserted. */
  entries: OutboxEntry[];
  /** The same entries as a transition's `extraUpdate`. */
  extraUpdate: ExtraUpdate;
  /** Whether they wait for `releaseOrderMails`. */
  held: boolean;
}

/**
 * The mails of `kinds` for one change, with links on `origin` (the store's origin,
 * `linkOrigin()`, the same in answer to a request and outside one).
 */
export function orderMails(
  kinds: readonly OrderMailKind[],
  origin: string,
  { held = false }: { held?: boolean } = {},
): OrderMails {
  const push = queueMails(
    kinds.map((kind) => ({ kind })),
    { origin, holdMs: held ? MAIL_HOLD_MS : 0 },
  );
  return { entries: push.outbox.$each, extraUpdate: { $push: { ...push } }, held };
}

/**
 * After a change that queued `mails` was written (and, for held mails, its next step done):
 * releases held mails and drains the outbox after the response. Never throws: the change is
 * made, and held mails still go out when their hold ends.
 */
export async function mailsQueued(orderId: string, mails: OrderMails): Promise<void> {
  if (mails.held) {
    await releaseMails(
      'orders',
      new ObjectId(orderId),
      mails.entries.map((entry) => entry.id),
    ).catch((error: unknown) => {
      logger.error(
        `[orders] order ${orderId}: could not release its mails; they go out after the hold: ${errorText(error)}`,
      );
    });
  }
  scheduleOutboxDrain();
}
