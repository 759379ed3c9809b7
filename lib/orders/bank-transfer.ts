import 'server-only';
import { CURRENCY, stripeUnavailable } from '@/lib/core/stripe';
import { stripeCustomerFor } from '@/lib/core/stripe-customers';
import { refuse } from '@/lib/core/refusal';
import { accessibleOrder, type Viewer } from './access';
import type { BankTransferInstructions } from './bank-transfer-shared';
import { expireIfOverdue } from './expiry';
import { findUserById } from '@/lib/accounts';
import { isOverdue, orderCancelled, orderExpired, transferHoldUntil } from './rules';
import { isPaidStatus } from './lifecycle';
import { instructionsOf, isBankTransferIntent } from './bank-transfer-intents';
import { attachBankTransferIntent, findOrder, type OrderRecord } from './store';
import { cancelIntent, retrieveIntent, stripeClient, type PaymentIntent } from './stripe';

/**
 * Paying a prepaid order by bank transfer: for an order too large for one card payment, or by
 * choice. Stripe gives the payer's customer a bank account to send the money to (a
 * customer-balance PaymentIntent, `us_bank_transfer`) with a reference; what arrives is applied
 * to the intent, `payment_intent.partially_funded` reports what is still missing, and
 * `payment_intent.succeeded` pays the order through the same verified move as a card payment
 * (lib/orders/payment.ts: the intent stored on the order, its amount, its metadata). The intent
 * replaces any card intent of the order. Asking for the details never stretches the order's
 * hold past what its placer's account holds (`transferHoldUntil`, lib/orders/rules.ts); once
 * money has arrived, a verified placer's order is held BANK_TRANSFER_HOLD_DAYS from then for
 * the rest (`fundedHoldUntil`, applied with the funding report).
 */

export { BANK_TRANSFER_HOLD_DAYS } from './rules';

export type { BankAccountDetails, BankTransferInstructions } from './bank-transfer-shared';

/** An order may be paid by bank transfer while it is unpaid and live, for any amount. */
function assertTransferable(order: OrderRecord): void {
  if (isPaidStatus(order.status) || order.paid) throw refuse('order.already_paid');
  if (order.status === 'cancelled') throw orderCancelled(order);
  if (order.account) throw refuse('order.on_account');
  if (order.status !== 'unpaid') throw refuse('order.awaiting_approval');
  if (isOverdue(order)) throw orderExpired(order);
}

/**
 * The Stripe customers of payers: a company's is lib/billing's (made from the company, never
 * from the member asking: the route passes it in, as billing builds on orders).
 */
export interface TransferPayers {
  company: (companyId: string) => Promise<string>;
}

/** Who pays an order, as Stripe's customer: its company's, or its buyer's own. */
function customerOf(order: OrderRecord, payers: TransferPayers): Promise<string> {
  if (order.companyId) return payers.company(order.companyId);
  return stripeCustomerFor(`user:${order.userId}`, () => ({
    name: order.userName,
    email: order.email,
    metadata: { userId: order.userId },
  }));
}

async function createTransferIntent(
  order: OrderRecord,
  customer: string,
  after: string | null,
): Promise<PaymentIntent> {
  try {
    return await stripeClient().paymentIntents.create(
      {
        amount: order.totalCents,
        currency: CURRENCY,
        customer,
        allowed_payment_method_types: ['customer_balance'],
        payment_method_data: { type: 'customer_balance' },
        payment_method_options: {
          customer_balance: {
            funding_type: 'bank_transfer',
            bank_transfer: { type: 'us_bank_transfer' },
          },
        },
        confirm: true,
        description: `${order.quantity} x ${order.name}`,
        metadata: { orderId: order._id },
      },
      { idempotencyKey: `order-${order._id}-bank-transfer-after-${after ?? 'none'}` },
    );
  } catch (error) {
    throw stripeUnavailable(error);
  }
}

/**
 * `POST /api/orders/{id}/bank-transfer`: the bank details to pay the order by transfer, for
 * whoever may pay it (its buyer, a member of its company whose role pays, an admin). The first
 * call creates the order's bank-transfer intent (replacing and cancelling a card intent; a card
 * payment that succeeded meanwhile makes the order paid instead: 409); later calls answer the
 * same intent's instructions, with what is still to arrive.
 */
export async function bankTransferFor(
  viewer: Viewer,
  orderId: string,
  payers: TransferPayers,
): Promise<BankTransferInstructions> {
  stripeClient();
  let order = await expireIfOverdue(
    await accessibleOrder(viewer, orderId, 'order.pay_not_yours', 'pay'),
  );
  for (let attempt = 0; attempt < 3; attempt += 1) {
    assertTransferable(order);
    const current = order.paymentIntentId;
    const existing = current ? await retrieveIntent(current) : null;
    if (existing?.status === 'succeeded') throw refuse('order.already_paid');
    if (existing && isBankTransferIntent(existing) && existing.status !== 'canceled') {
      const shown = instructionsOf(existing);
      if (shown) return shown;
    }
    const customer = await customerOf(order, payers);
    const created = await createTransferIntent(order, customer, current);
    const placer = order.userId ? await findUserById(order.userId) : null;
    const holdUntil = transferHoldUntil(order, placer);
    if (
      await attachBankTransferIntent(order._id, current, created.id, order.totalCents, holdUntil)
    ) {
      // The card intent it replaces can no longer be paid.
      if (current && existing && !isBankTransferIntent(existing)) {
        await cancelIntent(current).catch(() => undefined);
      }
      const shown = instructionsOf(created);
      if (!shown) throw refuse('order.payment_not_prepared');
      return shown;
    }
    // Another request stored an intent first, or the order changed: look again.
    await cancelIntent(created.id).catch(() => undefined);
    const fresh = await findOrder(order._id);
    if (!fresh) throw refuse('order.not_found');
    order = fresh;
  }
  throw refuse('order.payment_not_prepared');
}

/**
 * The instructions of the order's bank transfer as Stripe shows them now, for the payment
 * page; null when the order is not paid by bank transfer (or Stripe cannot be reached: the page
 * then offers to show them again).
 */
export async function bankTransferInstructions(
  order: OrderRecord,
): Promise<BankTransferInstructions | null> {
  if (!order.paymentIntentId || order.bankTransferRemainingCents === null || order.paid) {
    return null;
  }
  try {
    const intent = await retrieveIntent(order.paymentIntentId);
    return intent && isBankTransferIntent(intent) ? instructionsOf(intent) : null;
  } catch {
    return null;
  }
}
