import 'server-only';
import { paymentsConfigured } from '@/lib/core/stripe';
import { errorText, logger } from '@/lib/core/log';
import type { AccountInvoiceDoc } from './collections';
import { finishPendingWork, retrySyncLater } from './store';

/**
 * Runs the out-of-band work at Stripe that a change here left on a claimed invoice (marking it
 * paid, voiding it): `work` gets the Stripe invoice's id; once it is done the work is marked
 * done, and when it fails it is tried again later by the invoice job. Without Stripe (or an
 * invoice never issued there) there is nothing to do. True when it was done at Stripe.
 */
export async function runOutOfBand(
  invoice: AccountInvoiceDoc,
  claim: string,
  now: Date,
  work: (stripeInvoiceId: string) => Promise<void>,
): Promise<boolean> {
  if (!invoice.stripe || !paymentsConfigured()) {
    await finishPendingWork(invoice._id, claim);
    return false;
  }
  try {
    await work(invoice.stripe.invoiceId);
    await finishPendingWork(invoice._id, claim);
    return true;
  } catch (error) {
    logger.warn(
      `[billing] invoice ${invoice._id}: ${invoice.sync.pending} at Stripe not done yet: ${errorText(error)}`,
    );
    await retrySyncLater(invoice, claim, error, now);
    return false;
  }
}
