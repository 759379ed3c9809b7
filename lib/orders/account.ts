import 'server-only';
import { linkOrigin } from '@/lib/security';
import { invoiceDetailsUpdate } from './invoice-details';
import { mailsQueued, orderMails } from './mails';
import {
  clearInvoiceVoidPending,
  findAccountOrder,
  findOrdersAwaitingInvoice,
  findOrdersWithInvoiceToVoid,
  markAccountOrderPaid,
  recordAccountInvoice,
  type SettleResult,
} from './store/account';
import { forgetOrderTakes, giveBackCreditOf } from './stock';

/**
 * Orders on account, as their invoices (lib/billing) see them: which orders are due for an
 * invoice, recording the invoice drawn, and settling an order when its invoice is paid. The
 * `paid` flag of such an order turns true only here, with a proof: a Stripe event the billing
 * module verified (signature, its own invoice, the amount), or a payment a store admin recorded.
 */

export type { SettleResult } from './store/account';

/** Orders on account due for their invoice and without one yet, oldest first. */
export function ordersAwaitingInvoice(limit: number, now = new Date()) {
  return findOrdersAwaitingInvoice(limit, now);
}

/**
 * Records the invoice drawn for an order on account (only where none is), freezing what its
 * invoice prints about the buyer and company as they are now. Answers whether the order has
 * this invoice.
 */
export async function attachAccountInvoice(orderId: string, invoiceId: string): Promise<boolean> {
  return recordAccountInvoice(orderId, invoiceId, await invoiceDetailsUpdate(orderId));
}

/** How an order on account was paid: a verified Stripe event, or a store admin's record. */
export type AccountPaymentProof =
  | { kind: 'stripe'; stripeInvoiceId: string; eventId: string; amountCents: number }
  | { kind: 'admin'; adminId: string; reference: string; amountCents: number };

/**
 * Settles an order on account whose invoice is paid: `paid` once (a replay answers
 * 'already_paid'), only for the order's own total ('wrong_amount' otherwise, nothing written),
 * with the receipt and the store's mail queued in the same update; then the company's credit
 * is given back (once) and the order's stock takes forgotten (its stock is sold).
 */
export async function settleAccountOrder(
  orderId: string,
  proof: AccountPaymentProof,
): Promise<SettleResult> {
  const mails = orderMails(['order.paid', 'order.paid.store'], linkOrigin());
  const result = await markAccountOrderPaid(
    orderId,
    {
      transactionId: proof.kind === 'stripe' ? proof.stripeInvoiceId : `manual:${proof.reference}`,
      paidBy: proof.kind,
      amountCents: proof.amountCents,
    },
    mails.extraUpdate,
  );
  if (result === 'paid' || result === 'already_paid') {
    const order = await findAccountOrder(orderId);
    if (order) {
      await giveBackCreditOf(order);
      await forgetOrderTakes(order);
    }
  }
  if (result === 'paid') await mailsQueued(orderId, mails);
  return result;
}

/**
 * Gives an order's credit back to its company without marking it paid (its invoice was voided
 * or written off): once, however often it is called.
 */
export async function releaseAccountCredit(orderId: string): Promise<void> {
  const order = await findAccountOrder(orderId);
  if (order) await giveBackCreditOf(order);
}

/**
 * Cancelled orders on account whose invoice is still to be voided (marked by the cancelling
 * update, since before `before`), and clearing that mark once billing has voided it.
 */
export function ordersWithInvoiceToVoid(before: Date, limit: number) {
  return findOrdersWithInvoiceToVoid(before, limit);
}

export function invoiceVoided(orderId: string) {
  return clearInvoiceVoidPending(orderId);
}
