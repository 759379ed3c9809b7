import 'server-only';
import { errorText, logger } from '@/lib/core/log';
import { refuse, refuseField } from '@/lib/core/refusal';
import {
  attachPaymentIntent,
  findOrder,
  markOrderPaid,
  type OrderRecord,
} from '@/lib/orders/store';
import type { MarkPaidResult } from './store/payment';
import {
  cancelIntent,
  createIntent,
  CURRENCY,
  paymentsConfigured,
  retrieveIntent,
  stripeClient,
  type PaymentIntent,
  type StripeEvent,
} from '@/lib/orders/stripe';
import { issueInvoiceNumber } from './invoice-numbers';
import { mailsQueued, orderMails } from './mails';
import { applyPartialFunding, isBankTransferIntent } from './bank-transfer-intents';
import { assertPayable, orderCancelled } from './rules';

/**
 * Paying an order. It turns paid only after the server has checked the PaymentIntent with
 * Stripe (a retrieve, or a signed webhook event): it succeeded, it is the intent stored on the
 * order, its metadata names the order and its amount is the order's total. The receipt and the
 * store's mail are queued in that same update; `origin` is where their links start (the store's
 * origin, `linkOrigin()`, whether the buyer's browser, a webhook or the expiry reported it).
 */

/**
 * Why a PaymentIntent does not pay this order, or null when it does: it must be the intent
 * stored on the order, name the order in its metadata, carry the order's total (in cents, USD)
 * and have succeeded.
 */
export function paymentProblem(
  intent: Pick<PaymentIntent, 'id' | 'status' | 'amount' | 'currency' | 'metadata'>,
  order: Pick<OrderRecord, '_id' | 'totalCents' | 'paymentIntentId'>,
): 'foreign' | 'wrong_amount' | 'not_succeeded' | null {
  if (intent.id !== order.paymentIntentId || intent.metadata?.orderId !== order._id) {
    return 'foreign';
  }
  if (intent.amount !== order.totalCents || intent.currency !== CURRENCY) return 'wrong_amount';
  if (intent.status !== 'succeeded') return 'not_succeeded';
  return null;
}

const notThisOrder = (message: string) =>
  refuseField('transactionId', message, { summary: message });

/**
 * The transition unpaid → paid (lib/orders/transition.ts), by 'stripe', with a verified intent:
 * the receipt ('order.paid') and the store's mail ('order.paid.store', to ORDERS_TO) are queued
 * in the same update, held until the invoice number is issued so that the receipt shows it.
 */
async function markPaid(
  orderId: string,
  intentId: string,
  origin: string,
): Promise<MarkPaidResult> {
  const mails = orderMails(['order.paid', 'order.paid.store'], origin, { held: true });
  const result = await markOrderPaid(orderId, intentId, mails.extraUpdate);
  if (result.ok || result.reason === 'already_paid') await invoiceAfterPayment(orderId);
  if (result.ok) await mailsQueued(orderId, mails);
  return result;
}

/** Marks the order paid with a succeeded intent that `paymentProblem` accepts. */
async function settleSucceededIntent(
  order: OrderRecord,
  intent: PaymentIntent,
  origin: string,
): Promise<'paid' | 'already_paid'> {
  const problem = paymentProblem(intent, order);
  if (problem === 'foreign') throw notThisOrder('This payment does not belong to this order.');
  if (problem === 'wrong_amount') {
    throw notThisOrder('This payment is not for the amount of this order.');
  }
  if (problem === 'not_succeeded') throw refuse('order.payment_not_completed');
  const result = await markPaid(order._id, intent.id, origin);
  if (result.ok) return 'paid';
  switch (result.reason) {
    case 'already_paid':
      return 'already_paid';
    case 'missing':
      throw refuse('order.not_found');
    case 'cancelled':
      throw orderCancelled((await findOrder(order._id)) ?? order);
    case 'mismatch':
      throw refuse('order.paid_with_other_payment');
  }
}

/**
 * Issues the paid order's invoice number (once: a replay finds it issued). A failure here does
 * not undo or fail the payment, which is recorded; the number is then issued when the invoice
 * is first asked for (lib/invoices).
 */
async function invoiceAfterPayment(orderId: string): Promise<void> {
  await issueInvoiceNumber(orderId).catch((error: unknown) => {
    logger.error(
      `[orders] order ${orderId} is paid but its invoice number is not issued yet: ${errorText(error)}`,
    );
  });
}

/**
 * The client secret of the order's PaymentIntent: the one stored on the order while it can
 * still be paid, otherwise a new one created with an idempotency key derived from the order
 * and stored with a conditional update, so concurrent page loads end up with one intent.
 */
export async function paymentIntentForOrder(
  order: OrderRecord,
  origin: string,
): Promise<{ clientSecret: string }> {
  stripeClient();
  assertPayable(order);

  let current = order.paymentIntentId;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (current) {
      const intent = await retrieveIntent(current);
      if (intent?.status === 'succeeded') {
        await settleSucceededIntent(order, intent, origin);
        throw refuse('order.already_paid');
      }
      const transfer = intent !== null && isBankTransferIntent(intent);
      // Money already sent by bank transfer is not abandoned for a card.
      if (
        transfer &&
        intent.status !== 'canceled' &&
        order.bankTransferRemainingCents !== null &&
        order.bankTransferRemainingCents < order.totalCents
      ) {
        throw refuse('order.bank_transfer_in_progress');
      }
      const reusable =
        intent &&
        !transfer &&
        intent.status !== 'canceled' &&
        intent.client_secret &&
        paymentProblem(intent, { ...order, paymentIntentId: current }) === 'not_succeeded';
      if (reusable) return { clientSecret: intent.client_secret! };
    }

    const created = await createIntent({
      amountCents: order.totalCents,
      description: `${order.quantity} x ${order.name}`,
      receiptEmail: order.email,
      orderId: order._id,
      idempotencyKey: `order-${order._id}-intent-after-${current ?? 'none'}`,
    });
    if (await attachPaymentIntent(order._id, current, created.id)) {
      // A bank transfer chosen before and left for a card can no longer be paid.
      if (current && order.bankTransferRemainingCents !== null) {
        await cancelIntent(current).catch(() => undefined);
      }
      return { clientSecret: created.client_secret! };
    }
    // Another request stored an intent first, or the order changed: use what is stored now.
    const fresh = await findOrder(order._id);
    if (!fresh) throw refuse('order.not_found');
    if (fresh.paid) throw refuse('order.already_paid');
    if (fresh.paymentIntentId === created.id) return { clientSecret: created.client_secret! };
    await cancelIntent(created.id).catch(() => undefined);
    if (fresh.status === 'cancelled') throw orderCancelled(fresh);
    current = fresh.paymentIntentId;
  }
  throw refuse('order.payment_not_prepared');
}

/**
 * Records a payment the browser reports, after retrieving the PaymentIntent from Stripe.
 * Idempotent: reporting the same payment again answers the order.
 */
export async function recordOrderPayment(
  order: OrderRecord,
  transactionId: string,
  origin: string,
): Promise<'paid' | 'already_paid'> {
  if (order.paid) {
    if (order.transactionId === transactionId) return 'already_paid';
    throw refuse('order.paid_with_other_payment');
  }
  if (order.status === 'cancelled') throw orderCancelled(order);
  stripeClient();
  if (transactionId !== order.paymentIntentId) {
    throw notThisOrder('This payment does not belong to this order.');
  }
  const intent = await retrieveIntent(transactionId);
  if (!intent) throw notThisOrder('No such payment exists.');
  return settleSucceededIntent(order, intent, origin);
}

/**
 * Makes sure an unpaid order can no longer be paid: its PaymentIntent is canceled at Stripe
 * ('released'). If the intent has already succeeded, the order is marked paid instead
 * ('paid'); a payment Stripe is still processing cannot be canceled ('in_progress').
 */
export async function cancelOrderPayment(
  order: OrderRecord,
  origin: string,
): Promise<'released' | 'paid' | 'in_progress'> {
  if (!order.paymentIntentId || !paymentsConfigured()) return 'released';
  if ((await cancelIntent(order.paymentIntentId)) === 'canceled') return 'released';
  // Not cancelable: find out why.
  const intent = await retrieveIntent(order.paymentIntentId);
  if (!intent || intent.status === 'canceled') return 'released';
  if (intent.status === 'succeeded') {
    await settleSucceededIntent(order, intent, origin).catch(() => undefined);
    return 'paid';
  }
  return 'in_progress';
}

/**
 * Applies a verified webhook event. `payment_intent.succeeded` marks the order named in its
 * metadata paid when the intent is the one stored on the order with the order's amount (a card
 * payment, or a bank transfer that has fully arrived); `payment_intent.partially_funded`
 * records what is still to arrive of a bank transfer ('recorded'); every other event, and any
 * intent that is not ours, is acknowledged and ignored. The payment's
 * mails link to `origin`, the store's origin (`linkOrigin()`), as every other mail does:
 * Stripe sends the event, not the buyer.
 */
export async function applyPaymentEvent(
  event: StripeEvent,
  origin: string,
): Promise<'paid' | 'already_paid' | 'recorded' | 'ignored'> {
  if (event.type === 'payment_intent.partially_funded') {
    return applyPartialFunding(event.data.object, new Date(event.created * 1000));
  }
  if (event.type !== 'payment_intent.succeeded') return 'ignored';
  const intent = event.data.object;
  const orderId = intent.metadata?.orderId;
  const order = orderId ? await findOrder(orderId) : null;
  if (!order) return 'ignored';
  if (order.paid) return order.transactionId === intent.id ? 'already_paid' : 'ignored';
  if (paymentProblem(intent, order) !== null) {
    logger.warn(`[orders] ignored ${event.id}: ${intent.id} does not pay order ${order._id}`);
    return 'ignored';
  }
  const result = await markPaid(order._id, intent.id, origin);
  if (result.ok) return 'paid';
  return result.reason === 'already_paid' ? 'already_paid' : 'ignored';
}
