import 'server-only';
import { findOrder, invoiceVoided, ordersWithInvoiceToVoid } from '@/lib/orders';
import { errorText, logger } from '@/lib/core/log';
import type { AccountInvoiceDoc } from './collections';
import { runOutOfBand } from './out-of-band';
import { invoiceMoneyToReturn } from './returns';
import { settleVoidInvoice } from './settle';
import { claimInvoiceForSync, findInvoice, findInvoiceOfOrder, voidInvoice } from './store';
import { retrieveStripeInvoice, voidStripeInvoice } from './stripe';

/**
 * The invoice of a cancelled order on account is voided, here and at Stripe, as one recorded
 * move: the update that cancels the order (lib/orders) records `account.invoiceVoidPending`
 * and gives the company's credit back; then, woken by the cancel (after its answer) or by its
 * schedule after a crash, the invoice job
 * 1. voids the order's invoice here (any owed invoice: a draft, open or written off), recording
 *    in the same update that it is to be voided at Stripe when it is there;
 * 2. voids it at Stripe (`invoices.voidInvoice`; a Stripe draft is deleted), retried by the job
 *    until Stripe answers; when Stripe has it paid by then, the payment is money to return;
 * 3. gives the credit back (once: the cancel gave it back already) and records what was paid
 *    on the invoice, if anything, as money to return;
 * 4. clears the order's mark.
 * Every step is safe to repeat. A draft being drawn while the order was cancelled is voided by
 * the job that draws it (`voidIfOrderCancelled`).
 */

/** How many cancelled orders one run handles at most (the next run takes the rest). */
const BATCH = 50;

/** Voids the invoices of every cancelled order marked so; answers how many orders were done. */
export async function voidInvoicesOfCancelledOrders(now: Date): Promise<number> {
  let done = 0;
  for (const order of await ordersWithInvoiceToVoid(now, BATCH)) {
    try {
      await voidInvoiceOfOrder(order._id, now);
      await invoiceVoided(order._id);
      done += 1;
    } catch (error) {
      logger.error(
        `[billing] the invoice of cancelled order ${order._id} is not voided yet: ${errorText(error)}`,
      );
    }
  }
  return done;
}

/** Steps 1 to 3 for one cancelled order's invoice, if it has one. */
async function voidInvoiceOfOrder(orderId: string, now: Date): Promise<void> {
  const invoice = await findInvoiceOfOrder(orderId);
  if (!invoice) return;
  if (invoice.status === 'paid') {
    // Paid before the cancel reached it: the payment is to be returned (recorded once).
    if (!invoice.settledAt) return; // the settling records it
    const stripePayment = invoice.payments.findLast((payment) => payment.source === 'stripe');
    await invoiceMoneyToReturn(
      invoice,
      'invoice_paid_order_cancelled',
      stripePayment && invoice.stripe
        ? {
            amountCents: invoice.paidCents,
            stripeInvoiceId: invoice.stripe.invoiceId,
            eventId: stripePayment.eventId ?? null,
          }
        : { amountCents: invoice.paidCents },
      now,
    );
    return;
  }
  const voided = await voidInvoice(invoice._id, 'order_cancelled', now);
  const current = voided ?? (await findInvoice(invoice._id.toHexString()));
  if (!current || current.status !== 'void') return;
  if (voided && voided.paidCents > 0) {
    await invoiceMoneyToReturn(
      voided,
      'recorded_payments_voided',
      { amountCents: voided.paidCents },
      now,
    );
  }
  if (current.sync.pending === 'void_at_stripe') await voidAtStripeNow(current, now);
  if (!current.settledAt) await settleVoidInvoice(current, now);
}

/** Claims the invoice's Stripe void and does it now (the job retries it when this fails). */
async function voidAtStripeNow(invoice: AccountInvoiceDoc, now: Date): Promise<void> {
  const claim = await claimInvoiceForSync(invoice._id, 'void_at_stripe', now);
  if (claim) await finishVoidAtStripe(invoice, claim, now);
}

/**
 * Voids at Stripe an invoice voided here because its order was cancelled (the job's
 * `void_at_stripe` work): done, or money to return when Stripe has it paid, or tried again.
 */
export async function finishVoidAtStripe(
  invoice: AccountInvoiceDoc,
  claim: string,
  now: Date,
): Promise<boolean> {
  return runOutOfBand(invoice, claim, now, async (stripeInvoiceId) => {
    const outcome = await voidStripeInvoice(invoice, stripeInvoiceId);
    if (outcome === 'open') throw new Error('Stripe did not void the invoice');
    if (outcome !== 'paid') return;
    const atStripe = await retrieveStripeInvoice(stripeInvoiceId);
    await invoiceMoneyToReturn(
      invoice,
      'invoice_paid_after_void',
      { amountCents: atStripe?.amount_paid ?? invoice.totalCents, stripeInvoiceId },
      now,
    );
  });
}

/**
 * After drawing an invoice: when its order was cancelled meanwhile (the cancel may have looked
 * for an invoice before this one was inserted), the invoice is voided at once.
 */
export async function voidIfOrderCancelled(orderId: string, now: Date): Promise<boolean> {
  const order = await findOrder(orderId);
  if (order?.status !== 'cancelled') return false;
  await voidInvoiceOfOrder(orderId, now);
  return true;
}
