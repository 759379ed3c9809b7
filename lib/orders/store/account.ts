import 'server-only';
import type { UpdateFilter } from 'mongodb';
import { toObjectId } from '@/lib/core/db/ids';
import type { ExtraUpdate } from '../transition';
import type { OrderDoc } from '../collections';
import { ordersCollection } from './collection';
import { orderRecord, type OrderRecord } from './records';

/** The writes and reads of orders on account that their invoices (lib/billing) need. */

/**
 * Orders on account due for their invoice and without one yet (not cancelled), oldest first:
 * the invoice job's work list.
 */
export async function findOrdersAwaitingInvoice(
  limit: number,
  now = new Date(),
): Promise<Array<OrderRecord & { invoiceDueAt: Date }>> {
  const docs = await (
    await ordersCollection()
  )
    .find({
      'account.invoiceDueAt': { $lte: now },
      'account.invoiceId': { $exists: false },
      status: { $nin: ['cancelled', 'reserving'] },
    })
    .sort({ 'account.invoiceDueAt': 1, _id: 1 })
    // Named, as Manage Orders' index is: on some 10,000 orders the embedded engine refuses the
    // plan the query planner would choose among the status indexes (lib/orders/collections.ts).
    .hint({ 'account.invoiceDueAt': 1, _id: 1 })
    .limit(limit)
    .toArray();
  return docs.map((doc) => ({ ...orderRecord(doc), invoiceDueAt: doc.account!.invoiceDueAt! }));
}

/**
 * Records the order's invoice (lib/billing's id), only where none is recorded, together with
 * what the invoice prints about the buyer, frozen now (`invoiceDetails`). Answers whether the
 * order now has this invoice.
 */
export async function recordAccountInvoice(
  orderId: string,
  invoiceId: string,
  details: Partial<OrderDoc> | null,
): Promise<boolean> {
  const _id = toObjectId(orderId);
  const invoice = toObjectId(invoiceId);
  if (!_id || !invoice) return false;
  const orders = await ordersCollection();
  await orders.updateOne(
    { _id, account: { $exists: true }, 'account.invoiceId': { $exists: false } },
    { $set: { 'account.invoiceId': invoice, ...(details ?? {}) } },
  );
  const doc = await orders.findOne({ _id }, { projection: { account: 1 } });
  return doc?.account?.invoiceId?.equals(invoice) ?? false;
}

export type SettleResult = 'paid' | 'already_paid' | 'missing' | 'wrong_amount' | 'cancelled';

/**
 * Marks an order on account paid (its invoice was paid): ONE conditional update, from not paid,
 * that sets the spec's flag, when, the payment's reference and who settled it, whatever status
 * the order is in (it may be shipped or delivered by then). A replay finds it paid.
 */
export async function markAccountOrderPaid(
  orderId: string,
  settlement: { transactionId: string; paidBy: 'stripe' | 'admin'; amountCents: number },
  extraUpdate: ExtraUpdate = {},
  now = new Date(),
): Promise<SettleResult> {
  const _id = toObjectId(orderId);
  if (!_id) return 'missing';
  const orders = await ordersCollection();
  const doc = await orders.findOne({ _id, account: { $exists: true } });
  if (!doc || doc.status === 'reserving') return 'missing';
  if (doc.paid) return 'already_paid';
  if (doc.status === 'cancelled') return 'cancelled';
  if (settlement.amountCents !== doc.totalCents) return 'wrong_amount';
  const paid = await orders.updateOne(
    { _id, paid: false, status: { $nin: ['cancelled', 'reserving'] } },
    {
      $set: {
        ...extraUpdate.$set,
        paid: true,
        paidAt: now,
        transactionId: settlement.transactionId,
        'account.paidBy': settlement.paidBy,
      },
      ...(extraUpdate.$push ? { $push: extraUpdate.$push } : {}),
    } as UpdateFilter<OrderDoc>,
  );
  return paid.modifiedCount === 1 ? 'paid' : 'already_paid';
}

/** The raw order on account, for giving its credit back. */
export async function findAccountOrder(orderId: string): Promise<OrderDoc | null> {
  const _id = toObjectId(orderId);
  return _id ? (await ordersCollection()).findOne({ _id, account: { $exists: true } }) : null;
}

/**
 * Cancelled orders on account whose invoice is still to be voided (`account.invoiceVoidPending`,
 * set by the cancelling update) since before `before`, oldest first: lib/billing's work list.
 */
export async function findOrdersWithInvoiceToVoid(
  before: Date,
  limit: number,
): Promise<OrderRecord[]> {
  const docs = await (
    await ordersCollection()
  )
    .find({ 'account.invoiceVoidPending': { $lte: before } })
    .sort({ 'account.invoiceVoidPending': 1, _id: 1 })
    .limit(limit)
    .toArray();
  return docs.map(orderRecord);
}

/** Clears the mark of an order whose invoice was voided (or that had none to void). */
export async function clearInvoiceVoidPending(orderId: string): Promise<void> {
  const _id = toObjectId(orderId);
  if (!_id) return;
  await (
    await ordersCollection()
  ).updateOne({ _id }, { $unset: { 'account.invoiceVoidPending': '' } });
}
