import 'server-only';
import { wakeJob } from '@/lib/core/jobs';
import { releaseAccountCredit, settleAccountOrder, type SettleResult } from '@/lib/orders';
import type { AccountInvoiceDoc } from './collections';
import { invoiceMoneyToReturn } from './returns';
import { markSettled, unsettledInvoices } from './store';
import { errorText, logger } from '@/lib/core/log';

/**
 * What an invoice's end means for its order: a paid invoice settles the order (lib/orders
 * `settleAccountOrder`: paid once, for its own total, the company's credit given back), a
 * voided one gives the credit back without paying it (`releaseAccountCredit`). Both are safe to
 * repeat; the invoice records that it was done (`settledAt`), and the invoice job finishes any
 * left undone by a crash between the two writes.
 */

/** The jobs that follow a payment or a void: the company's hold is looked at again. */
export const OVERDUE_JOB = 'billing.overdue';
export const INVOICE_JOB = 'billing.invoices';

/** The proof `settleAccountOrder` is given for a paid invoice, from its payments. */
function proofOf(invoice: AccountInvoiceDoc): Parameters<typeof settleAccountOrder>[1] {
  const stripePayment = invoice.payments.findLast((payment) => payment.source === 'stripe');
  if (stripePayment && invoice.stripe) {
    return {
      kind: 'stripe',
      stripeInvoiceId: invoice.stripe.invoiceId,
      eventId: stripePayment.eventId ?? stripePayment.reference,
      amountCents: invoice.totalCents,
    };
  }
  const last = invoice.payments.at(-1);
  const admin = invoice.payments.findLast((payment) => payment.source === 'admin');
  return {
    kind: 'admin',
    adminId: admin && typeof admin.by !== 'string' ? admin.by.toHexString() : 'system',
    reference:
      invoice.payments
        .map((payment) => payment.reference)
        .join(', ')
        .slice(0, 200) ||
      (last?.reference ?? invoice._id.toHexString()),
    amountCents: invoice.totalCents,
  };
}

/**
 * Settles the order of a paid invoice with `proof` (or the invoice's own payments), and records
 * it on the invoice. `wrong_amount` is logged for the back office: the invoice's total no
 * longer matches its order's (it never should).
 */
export async function settlePaidInvoice(
  invoice: AccountInvoiceDoc,
  proof: Parameters<typeof settleAccountOrder>[1] = proofOf(invoice),
  now: Date = new Date(),
): Promise<SettleResult> {
  const result = await settleAccountOrder(invoice.orderId.toHexString(), proof);
  if (result === 'cancelled') {
    // Paid for an order cancelled meanwhile: the money goes back, the order stays cancelled.
    await invoiceMoneyToReturn(
      invoice,
      'invoice_paid_order_cancelled',
      proof.kind === 'stripe'
        ? {
            amountCents: proof.amountCents,
            stripeInvoiceId: proof.stripeInvoiceId,
            eventId: proof.eventId,
          }
        : { amountCents: invoice.paidCents },
      now,
    );
  }
  if (result === 'wrong_amount') {
    logger.error(
      `[billing] invoice ${invoice._id} is paid, but ${invoice.totalCents} cents does not match the total of order ${invoice.orderId}: settle it by hand`,
    );
  }
  await markSettled(invoice._id, result, now);
  wakeJob(OVERDUE_JOB);
  return result;
}

/** Gives the credit of a voided invoice's order back, and records it on the invoice. */
export async function settleVoidInvoice(invoice: AccountInvoiceDoc, now = new Date()) {
  await releaseAccountCredit(invoice.orderId.toHexString());
  await markSettled(invoice._id, 'released', now);
  wakeJob(OVERDUE_JOB);
}

/** How long a request has to settle what it changed before the job does it instead. */
const SETTLE_GRACE_MS = 60_000;

/** The invoice job's part: every paid or void invoice whose order was left unsettled. */
export async function settlePending(now: Date): Promise<number> {
  const pending = await unsettledInvoices(new Date(now.getTime() - SETTLE_GRACE_MS), 50);
  for (const invoice of pending) {
    try {
      if (invoice.status === 'void') await settleVoidInvoice(invoice, now);
      else await settlePaidInvoice(invoice, undefined, now);
    } catch (error) {
      logger.error(
        `[billing] could not settle the order of invoice ${invoice._id}: ${errorText(error)}`,
      );
    }
  }
  return pending.length;
}
