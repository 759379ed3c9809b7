import 'server-only';
import { forgetOrderTakes } from '../stock';
import { toObjectId } from '@/lib/core/db/ids';
import { transition, type ExtraUpdate } from '../transition';
import { invoiceDetailsUpdate } from '../invoice-details';
import { ordersCollection } from './collection';

/** Payment writes: the PaymentIntent an order is paid with, the move to paid, invoice numbers. */

/**
 * Stores a PaymentIntent id on an unpaid live order, only if the order still has `expected`
 * (or none when `expected` is null): concurrent page loads agree on one intent.
 */
export async function attachPaymentIntent(
  id: string,
  expected: string | null,
  paymentIntentId: string,
): Promise<boolean> {
  const _id = toObjectId(id);
  if (!_id) return false;
  const result = await (
    await ordersCollection()
  ).updateOne(
    { _id, status: 'unpaid', paymentIntentId: expected ?? { $exists: false } },
    // A card intent replaces a bank transfer chosen before.
    { $set: { paymentIntentId }, $unset: { bankTransfer: '' } },
  );
  return result.matchedCount === 1;
}

/**
 * Stores a bank-transfer PaymentIntent on an unpaid live order in place of `expected` (as
 * `attachPaymentIntent`), notes that the order is paid by bank transfer, and holds it at least
 * until `holdUntil` (lib/orders/rules.ts `transferHoldUntil`: never past its placer's own
 * hold). Answers whether it was stored.
 */
export async function attachBankTransferIntent(
  id: string,
  expected: string | null,
  paymentIntentId: string,
  amountCents: number,
  holdUntil: Date,
): Promise<boolean> {
  const _id = toObjectId(id);
  if (!_id) return false;
  const now = new Date();
  const result = await (
    await ordersCollection()
  ).updateOne(
    { _id, status: 'unpaid', paymentIntentId: expected ?? { $exists: false } },
    {
      $set: {
        paymentIntentId,
        bankTransfer: { chosenAt: now, remainingCents: amountCents, updatedAt: now },
      },
      $max: { expiresAt: holdUntil },
    },
  );
  return result.matchedCount === 1;
}

/**
 * Records what is still to arrive of an order's bank transfer (Stripe's
 * `payment_intent.partially_funded`), while the intent is the order's and it is unpaid. What
 * is left only shrinks as money arrives, so a late or replayed report (a larger remainder) is
 * ignored; the same update holds the order at least until `holdUntil` (none: its deadline
 * stays). Answers whether it was recorded.
 */
export async function recordBankTransferFunding(
  id: string,
  paymentIntentId: string,
  remainingCents: number,
  at: Date,
  holdUntil: Date | null = null,
): Promise<boolean> {
  const _id = toObjectId(id);
  if (!_id) return false;
  const result = await (
    await ordersCollection()
  ).updateOne(
    {
      _id,
      paid: false,
      paymentIntentId,
      'bankTransfer.remainingCents': { $gt: remainingCents },
    },
    {
      $set: { 'bankTransfer.remainingCents': remainingCents, 'bankTransfer.updatedAt': at },
      ...(holdUntil ? { $max: { expiresAt: holdUntil } } : {}),
    },
  );
  return result.modifiedCount === 1;
}

/** What `markOrderPaid` did: marked the order paid, or why not. */
export type MarkPaidResult =
  { ok: true } | { ok: false; reason: 'already_paid' | 'cancelled' | 'mismatch' | 'missing' };

/**
 * Marks an order paid with a PaymentIntent the caller has verified with Stripe: the
 * `transition()` from `unpaid` to `paid`, conditional on it being the intent stored on the
 * order, so replays, races and double clicks mark it paid exactly once, with one transaction
 * id. The same update freezes what its invoice prints about the buyer and the part
 * (`invoiceDetails`, lib/orders/invoice-details.ts). Answers `{ ok: true }` when this call
 * marked it paid; else the reason: a replay of the same payment is 'already_paid' (also once the
 * order has moved on), 'cancelled', 'mismatch' (paid with another intent, or another intent
 * stored), 'missing'.
 */
export async function markOrderPaid(
  id: string,
  paymentIntentId: string,
  extraUpdate?: ExtraUpdate,
): Promise<MarkPaidResult> {
  const invoice = await invoiceDetailsUpdate(id);
  const result = await transition({
    id,
    from: 'unpaid',
    to: 'paid',
    transactionId: paymentIntentId,
    by: { kind: 'stripe' },
    where: { paymentIntentId },
    extraUpdate: invoice
      ? { ...extraUpdate, $set: { ...extraUpdate?.$set, ...invoice } }
      : extraUpdate,
  });
  if (result.ok) {
    // Paid: its stock is sold, never given back; the products forget its takes (a crash here
    // leaves them to the stock sweep, which removes a paid order's markers).
    await forgetOrderTakes(result.order);
    return { ok: true };
  }
  if (result.reason !== 'changed') return { ok: false, reason: 'missing' };
  const doc = result.current;
  if (doc.paid && doc.transactionId === paymentIntentId) {
    return { ok: false, reason: 'already_paid' };
  }
  if (doc.status === 'cancelled') return { ok: false, reason: 'cancelled' };
  return { ok: false, reason: 'mismatch' };
}

/**
 * Gives orders their invoice numbers, each only where it has none (`invoiceNumber` is never
 * overwritten), in one round trip.
 */
export async function setInvoiceNumbers(
  assignments: Array<{ orderId: string; invoiceNumber: string }>,
): Promise<void> {
  const operations = assignments.flatMap(({ orderId, invoiceNumber }) => {
    const _id = toObjectId(orderId);
    return _id
      ? [
          {
            updateOne: {
              filter: { _id, invoiceNumber: { $exists: false } },
              update: { $set: { invoiceNumber } },
            },
          },
        ]
      : [];
  });
  if (operations.length) await (await ordersCollection()).bulkWrite(operations, { ordered: false });
}
