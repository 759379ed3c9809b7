import 'server-only';
import { ObjectId } from 'mongodb';
import { CURRENCY, type Stripe } from '@/lib/core/stripe';
import { logger } from '@/lib/core/log';
import { findOrder } from '@/lib/orders';
import type { AccountInvoiceDoc, MoneyToReturnKind } from './collections';
import { recordMoneyToReturn } from './store';

/**
 * Money that arrived for something no longer owed: it is never lost nor applied to a cancelled
 * order, but recorded once (keyed by the payment) as money the store is to return, logged, and
 * listed for store admins until one marks it returned (admin-returns.ts).
 *
 * - an invoice paid at Stripe after it was voided here (`invoice.paid`, or Stripe refusing the
 *   void because it is paid);
 * - an invoice paid (at Stripe, or by a store admin's recorded payments) whose order was
 *   cancelled meanwhile;
 * - payments recorded on an invoice that is then voided because its order was cancelled;
 * - a PaymentIntent of a cancelled order that succeeded, or a bank transfer that part-funded it.
 */

const oid = (id: string | null | undefined) =>
  id && ObjectId.isValid(id) ? new ObjectId(id) : null;

/** Records the money paid on one of the store's invoices as money to return. */
export async function invoiceMoneyToReturn(
  invoice: AccountInvoiceDoc,
  kind: Extract<
    MoneyToReturnKind,
    'invoice_paid_after_void' | 'invoice_paid_order_cancelled' | 'recorded_payments_voided'
  >,
  paid: { amountCents: number; stripeInvoiceId?: string; eventId?: string | null },
  now = new Date(),
): Promise<void> {
  if (paid.amountCents <= 0) return;
  const reference =
    paid.stripeInvoiceId ??
    (invoice.payments
      .map((payment) => payment.reference)
      .join(', ')
      .slice(0, 200) ||
      invoice._id.toHexString());
  const recorded = await recordMoneyToReturn({
    key: paid.stripeInvoiceId
      ? `stripe-invoice:${paid.stripeInvoiceId}`
      : `invoice-payments:${invoice._id.toHexString()}`,
    kind,
    orderId: invoice.orderId,
    invoiceId: invoice._id,
    invoiceNumber: invoice.number,
    companyId: invoice.companyId,
    amountCents: paid.amountCents,
    currency: invoice.currency,
    reference,
    eventId: paid.eventId ?? null,
    receivedAt: now,
  });
  if (recorded) {
    logger.warn(
      `[billing] ${paid.amountCents} cents paid on invoice ${invoice.number ?? invoice._id} (${kind}) are to be returned: order ${invoice.orderId}`,
    );
  }
}

/**
 * A verified `payment_intent.succeeded`, `payment_intent.partially_funded` or
 * `payment_intent.canceled` that the orders did not apply: when it is the intent stored on a
 * cancelled order, what arrived is money to return (for a canceled bank transfer, what the
 * order recorded as arrived: Stripe moves it back to the customer's cash balance). Answers
 * whether it was such a payment (recorded, or recorded before).
 */
export async function paymentMoneyToReturn(event: Stripe.Event): Promise<boolean> {
  if (
    event.type !== 'payment_intent.succeeded' &&
    event.type !== 'payment_intent.partially_funded' &&
    event.type !== 'payment_intent.canceled'
  ) {
    return false;
  }
  const intent = event.data.object;
  const order = intent.metadata?.orderId ? await findOrder(intent.metadata.orderId) : null;
  if (!order || order.status !== 'cancelled' || order.paid) return false;
  if (order.paymentIntentId !== intent.id || intent.currency?.toLowerCase() !== CURRENCY) {
    return false;
  }
  const funded =
    event.type === 'payment_intent.succeeded'
      ? intent.amount_received
      : event.type === 'payment_intent.canceled'
        ? order.bankTransferRemainingCents === null
          ? 0
          : order.totalCents - order.bankTransferRemainingCents
        : intent.next_action?.type === 'display_bank_transfer_instructions'
          ? intent.amount -
            (intent.next_action.display_bank_transfer_instructions?.amount_remaining ??
              intent.amount)
          : 0;
  if (!(funded > 0)) return false;
  const recorded = await recordMoneyToReturn({
    key: `intent:${intent.id}`,
    kind:
      event.type === 'payment_intent.succeeded'
        ? 'intent_paid_order_cancelled'
        : 'transfer_funded_order_cancelled',
    orderId: oid(order._id),
    invoiceId: null,
    invoiceNumber: null,
    companyId: oid(order.companyId),
    amountCents: funded,
    currency: CURRENCY,
    reference: intent.id,
    eventId: event.id,
    receivedAt: new Date(event.created * 1000),
  });
  if (recorded) {
    logger.warn(
      `[billing] ${funded} cents arrived by ${intent.id} for cancelled order ${order._id}: to be returned`,
    );
  }
  return true;
}
