import 'server-only';
import type { ObjectId } from 'mongodb';
import { wakeJob } from '@/lib/core/jobs';
import { CURRENCY, type Stripe } from '@/lib/core/stripe';
import type { AccountInvoiceDoc } from './collections';
import { invoiceMoneyToReturn } from './returns';
import { OVERDUE_JOB, settlePaidInvoice, settleVoidInvoice } from './settle';
import {
  addPaymentFailure,
  applyStripePayment,
  findInvoice,
  findInvoiceByStripeId,
  markUncollectible,
  voidInvoice,
} from './store';
import { logger } from '@/lib/core/log';

/**
 * Stripe's `invoice.*` events, verified by the webhook route (signature over the raw body)
 * before they reach here. Only invoices the store created count: the event's invoice must be
 * the Stripe invoice stored on one of ours (and name it in its metadata when it names one);
 * any other is acknowledged and ignored. Each event is applied once (the invoice keeps the ids
 * of the events applied), and a replayed `invoice.paid` pays once.
 */

/** The invoice events billing handles. */
export const INVOICE_EVENTS = [
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.voided',
  'invoice.marked_uncollectible',
] as const;

export type InvoiceEventOutcome = 'paid' | 'already_paid' | 'recorded' | 'ignored';

/** Whether billing handles this event (the webhook route sends it here). */
export function isInvoiceEvent(event: { type: string }): boolean {
  return event.type.startsWith('invoice.');
}

/** The store's invoice a Stripe invoice is, or null when it is none of ours. */
async function ourInvoice(stripeInvoice: Stripe.Invoice): Promise<AccountInvoiceDoc | null> {
  if (!stripeInvoice?.id) return null;
  const invoice = await findInvoiceByStripeId(stripeInvoice.id);
  if (!invoice) {
    // Created by us but its id never stored (a lost answer)? Its metadata names our invoice;
    // it counts only once the job has stored it, so it is ignored until then.
    const named = stripeInvoice.metadata?.invoiceId;
    if (named && (await findInvoice(named))) {
      logger.warn(
        `[billing] ${stripeInvoice.id} names invoice ${named}, which does not hold it yet`,
      );
    }
    return null;
  }
  const named = stripeInvoice.metadata?.invoiceId;
  if (named && named !== invoice._id.toHexString()) return null;
  return invoice;
}

/**
 * Applies one verified `invoice.*` event: `paid` (it paid our invoice now), `already_paid` (a
 * replay, or paid before), `recorded` (a failed payment, a void or a write-off noted), or
 * `ignored` (not ours, another event, or amounts that do not match: logged, nothing written).
 */
export async function applyInvoiceEvent(event: Stripe.Event): Promise<InvoiceEventOutcome> {
  if (!(INVOICE_EVENTS as readonly string[]).includes(event.type)) return 'ignored';
  const stripeInvoice = event.data.object as Stripe.Invoice;
  const invoice = await ourInvoice(stripeInvoice);
  if (!invoice) return 'ignored';
  const now = new Date();
  switch (event.type) {
    case 'invoice.paid':
      return invoicePaid(invoice, stripeInvoice, event.id, now);
    case 'invoice.payment_failed': {
      const message =
        stripeInvoice.last_finalization_error?.message ?? 'The payment at Stripe failed.';
      await addPaymentFailure(invoice._id, { at: now, eventId: event.id, message });
      return 'recorded';
    }
    case 'invoice.voided': {
      const voided = await voidInvoice(invoice._id, 'stripe', now, { eventId: event.id });
      if (voided) await settleVoidInvoice(voided, now);
      return voided ? 'recorded' : 'ignored';
    }
    case 'invoice.marked_uncollectible': {
      const marked = await markUncollectible(invoice._id, event.id, now);
      if (marked) wakeJob(OVERDUE_JOB);
      return marked ? 'recorded' : 'ignored';
    }
    default:
      return 'ignored';
  }
}

/**
 * `invoice.paid`: the amounts Stripe reports are compared with the store's before anything is
 * written (the currency, and the amount paid against the invoice's total); then the invoice is
 * paid once and its order settled with the event as proof. An invoice Stripe reports paid out
 * of band is one a store admin completed here: it is settled already.
 */
async function invoicePaid(
  invoice: AccountInvoiceDoc,
  stripeInvoice: Stripe.Invoice,
  eventId: string,
  now: Date,
): Promise<InvoiceEventOutcome> {
  if (stripeInvoice.currency?.toLowerCase() !== CURRENCY) {
    return mismatch(invoice._id, eventId, `currency ${stripeInvoice.currency}`);
  }
  const offStripe = stripeInvoice.amount_paid_off_stripe ?? 0;
  if (offStripe > 0 || (stripeInvoice as { paid_out_of_band?: boolean }).paid_out_of_band) {
    return invoice.status === 'paid' ? 'already_paid' : 'ignored';
  }
  if (invoice.status === 'void') {
    // Paid at Stripe after it was voided here (a cancelled order's): money to return.
    await invoiceMoneyToReturn(
      invoice,
      'invoice_paid_after_void',
      { amountCents: stripeInvoice.amount_paid, stripeInvoiceId: stripeInvoice.id!, eventId },
      now,
    );
    return 'recorded';
  }
  if (
    stripeInvoice.amount_paid !== invoice.totalCents ||
    stripeInvoice.total !== invoice.totalCents
  ) {
    return mismatch(
      invoice._id,
      eventId,
      `${stripeInvoice.amount_paid} paid of ${stripeInvoice.total}, for ${invoice.totalCents} cents`,
    );
  }
  const applied = await applyStripePayment(invoice._id, {
    amountCents: stripeInvoice.amount_paid,
    reference: stripeInvoice.id!,
    source: 'stripe',
    at: now,
    by: 'stripe',
    eventId,
  });
  const current = await findInvoice(invoice._id.toHexString());
  if (!current || current.status !== 'paid') return 'ignored';
  if (!current.settledAt) {
    const proof = {
      kind: 'stripe' as const,
      stripeInvoiceId: stripeInvoice.id!,
      eventId,
      amountCents: stripeInvoice.amount_paid,
    };
    const settled = await settlePaidInvoice(current, proof, now);
    if (settled === 'wrong_amount' || settled === 'missing') return 'ignored';
    if (settled === 'cancelled') return 'recorded';
  }
  return applied === 'paid' ? 'paid' : 'already_paid';
}

function mismatch(id: ObjectId, eventId: string, what: string): InvoiceEventOutcome {
  logger.warn(`[billing] ignored ${eventId}: its amounts (${what}) do not pay invoice ${id}`);
  return 'ignored';
}
