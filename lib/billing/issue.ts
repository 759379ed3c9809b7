import 'server-only';
import { ObjectId } from 'mongodb';
import { companyEmailsWithActions } from '@/lib/companies';
import { queueMails, scheduleOutboxDrain } from '@/lib/core/mail/outbox';
import { paymentsConfigured } from '@/lib/core/stripe';
import {
  attachAccountInvoice,
  issueInvoiceNumber,
  ordersAwaitingInvoice,
  type OrderRecord,
} from '@/lib/orders';
import { linkOrigin } from '@/lib/security';
import { dueDate } from '@/lib/terms/shared';
import { invoiceLinesOf, type AccountInvoiceDoc, type InvoiceStripeDoc } from './collections';
import { INVOICE_MAIL_KINDS } from './mail/subjects';
import { INVOICE_ACTIONS, nextSyncAttempt } from './rules';
import {
  finishVoidAtStripe,
  voidIfOrderCancelled,
  voidInvoicesOfCancelledOrders,
} from './cancelled';
import { companyStripeCustomer, syncStaleCompanyCustomers } from './customers';
import { runOutOfBand } from './out-of-band';
import { settlePending, settleVoidInvoice } from './settle';
import {
  claimForSync,
  insertDraft,
  openInvoice,
  recordSyncFailure,
  recordSyncStep,
  setInvoiceNumber,
  voidInvoice,
} from './store';
import {
  addInvoiceItem,
  createStripeInvoice,
  finalizeStripeInvoice,
  markStripeInvoicePaid,
  StripeCallFailed,
  voidStripeInvoice,
} from './stripe';
import { errorText, logger } from '@/lib/core/log';

/**
 * The invoice job (`billing.invoices`): draws the invoice of every order on account that is due
 * for one, and issues it.
 *
 * 1. Drawing: a local draft per order (unique order id: concurrent jobs make one), recorded on
 *    the order, then numbered from the store's gap-free counter (lib/orders `issueInvoiceNumber`).
 * 2. Issuing: with Stripe configured, the draft is pushed to Stripe Invoicing (the company's
 *    customer, the invoice, one item per line, finalisation), each step recorded as it
 *    succeeds. A failure leaves the invoice a local draft with its error, tried again after
 *    1 min, 5 min, 30 min, 2 h, then every 6 h, going on from the last step done; it is
 *    finalised once. Without Stripe the invoice is issued locally: open, due `netDays` after
 *    it was drawn, no hosted page; payments are recorded by a store admin.
 * 3. Stripe work left by a store admin's payment (marking the invoice paid out of band) and
 *    orders left unsettled by a crash are finished.
 *
 * Never run on a request path before its answer: it runs as a job (lib/core/jobs.ts), woken by
 * orders (an order shipped, or placed with invoices at ordering) and every minute.
 */

/** How many orders, and invoices, one run handles at most (the next run takes the rest). */
const BATCH = 50;

export interface InvoiceJobResult {
  drawn: number;
  issued: number;
  failed: number;
  markedPaid: number;
  /** Cancelled orders whose invoice was voided (or found to have none). */
  cancelled: number;
}

export async function runInvoiceJob(now: Date = new Date()): Promise<InvoiceJobResult> {
  const result: InvoiceJobResult = { drawn: 0, issued: 0, failed: 0, markedPaid: 0, cancelled: 0 };
  result.cancelled = await voidInvoicesOfCancelledOrders(now);
  await syncStaleCompanyCustomers();
  for (const order of await ordersAwaitingInvoice(BATCH, now)) {
    try {
      if (await drawInvoice(order, now)) result.drawn += 1;
    } catch (error) {
      // One order's trouble does not hold up the others; the next run tries it again.
      logger.error(
        `[billing] the invoice of order ${order._id} was not drawn: ${errorText(error)}`,
      );
    }
  }
  const tried: ObjectId[] = [];
  for (let count = 0; count < BATCH; count += 1) {
    const next = await claimForSync('issue', now, tried);
    if (!next) break;
    tried.push(next.invoice._id);
    const outcome = await issueDraft(next.invoice, next.claim, now).catch((error: unknown) => {
      // Its claim runs out and a later run tries it again.
      logger.error(`[billing] invoice ${next.invoice._id} was not issued: ${errorText(error)}`);
      return 'failed' as const;
    });
    if (outcome === 'issued') result.issued += 1;
    if (outcome === 'failed') result.failed += 1;
  }
  const marked: ObjectId[] = [];
  for (let count = 0; count < BATCH; count += 1) {
    const next = await claimForSync('mark_paid', now, marked);
    if (!next) break;
    marked.push(next.invoice._id);
    if (await finishMarkPaid(next.invoice, next.claim, now)) result.markedPaid += 1;
  }
  const voided: ObjectId[] = [];
  for (let count = 0; count < BATCH; count += 1) {
    const next = await claimForSync('void_at_stripe', now, voided);
    if (!next) break;
    voided.push(next.invoice._id);
    await finishVoidAtStripe(next.invoice, next.claim, now);
  }
  await settlePending(now);
  return result;
}

/** The draft of an order's invoice, as drawn now from the order. */
function draftOf(order: OrderRecord, now: Date): AccountInvoiceDoc {
  const account = order.account!;
  return {
    _id: new ObjectId(),
    orderId: new ObjectId(order._id),
    companyId: new ObjectId(order.companyId!),
    number: order.invoiceNumber ?? null,
    lines: invoiceLinesOf(order.lines),
    poNumber: order.poNumber,
    currency: 'usd',
    totalCents: order.totalCents,
    paidCents: 0,
    payments: [],
    paymentFailures: [],
    status: 'draft',
    netDays: account.netDays,
    createdAt: now,
    issuedAt: now,
    dueAt: dueDate(now, account.netDays),
    stripe: null,
    sync: { attempts: 0, round: 0, nextAttemptAt: now, lastError: null },
    remindersSent: [],
    events: [],
    updatedAt: now,
  };
}

/**
 * Draws an order's invoice: its draft (or the one it has), recorded on the order, numbered.
 * True when this call made the draft.
 */
async function drawInvoice(order: OrderRecord, now: Date): Promise<boolean> {
  if (!order.account || !order.companyId) return false;
  const { invoice, created } = await insertDraft(draftOf(order, now));
  const id = invoice._id.toHexString();
  if (!(await attachAccountInvoice(order._id, id))) {
    logger.error(`[billing] order ${order._id} holds another invoice than ${id}`);
    return false;
  }
  await numberInvoice(invoice);
  // Cancelled while this job drew it: voided at once (never issued).
  if (await voidIfOrderCancelled(order._id, now)) return false;
  return created;
}

/** Gives the invoice its number from the order's counter, if it has none yet. */
async function numberInvoice(invoice: AccountInvoiceDoc): Promise<string | null> {
  if (invoice.number) return invoice.number;
  const number = await issueInvoiceNumber(invoice.orderId.toHexString());
  if (number) {
    await setInvoiceNumber(invoice._id, number);
    invoice.number = number;
  }
  return number;
}

/** The invoice mail to every member who handles the company's invoices, queued with `update`. */
async function issuedMail(invoice: AccountInvoiceDoc) {
  const emails = await companyEmailsWithActions(invoice.companyId.toHexString(), INVOICE_ACTIONS);
  if (emails.length === 0) return null;
  return queueMails(
    emails.map((to) => ({ kind: INVOICE_MAIL_KINDS.issued, to })),
    { origin: linkOrigin() },
  );
}

/** Issues a claimed draft: at Stripe when configured, else locally. */
async function issueDraft(
  invoice: AccountInvoiceDoc,
  claim: string,
  now: Date,
): Promise<'issued' | 'failed' | 'gone'> {
  if (!(await numberInvoice(invoice))) {
    await recordSyncFailure(invoice._id, claim, {
      error: 'The order has no invoice number yet.',
      nextAttemptAt: nextSyncAttempt(invoice.sync.attempts + 1, now),
      newRound: false,
    });
    return 'failed';
  }
  if (!paymentsConfigured()) {
    const opened = await openInvoice(
      invoice._id,
      claim,
      { dueAt: invoice.dueAt, stripe: null, now },
      await issuedMail(invoice),
    );
    if (!opened) return 'gone';
    scheduleOutboxDrain();
    return 'issued';
  }
  try {
    const stripe = await pushToStripe(invoice, claim);
    if (!stripe) return 'gone';
    if (stripe.status === 'void') {
      // Voided at Stripe meanwhile (from its dashboard): so it is here.
      const voided = await voidInvoice(invoice._id, 'stripe', now);
      if (voided) await settleVoidInvoice(voided, now);
      return 'gone';
    }
    const opened = await openInvoice(
      invoice._id,
      claim,
      { dueAt: stripe.dueAt ?? invoice.dueAt, stripe: stripe.doc, now },
      await issuedMail(invoice),
    );
    if (!opened) {
      await undoAtStripe(invoice, stripe.doc.invoiceId);
      return 'gone';
    }
    scheduleOutboxDrain();
    return 'issued';
  } catch (error) {
    const failure = error instanceof StripeCallFailed ? error : null;
    const message = error instanceof Error ? error.message : String(error);
    logger.warn(`[billing] invoice ${invoice._id} not issued at Stripe yet: ${message}`);
    await recordSyncFailure(invoice._id, claim, {
      error: message,
      nextAttemptAt: nextSyncAttempt(invoice.sync.attempts + 1, now),
      newRound: failure?.serverError ?? false,
    });
    return 'failed';
  }
}

/**
 * Pushes a draft to Stripe from the last step done: the company's customer, the invoice, its
 * items, finalisation. Null when the claim was lost meanwhile (another job has it now).
 */
async function pushToStripe(
  invoice: AccountInvoiceDoc,
  claim: string,
): Promise<{ doc: InvoiceStripeDoc; dueAt: Date | null; status: string | null } | null> {
  let doc = invoice.stripe;
  if (!doc) {
    const customerId = await customerOf(invoice);
    const created = await createStripeInvoice(invoice, customerId);
    doc = {
      customerId,
      invoiceId: created.id,
      itemsAdded: 0,
      hostedInvoiceUrl: null,
      invoicePdf: null,
    };
    if (!(await recordSyncStep(invoice._id, claim, { stripe: doc }))) return null;
  }
  for (let index = doc.itemsAdded; index < invoice.lines.length; index += 1) {
    await addInvoiceItem(invoice, doc.customerId, doc.invoiceId, index, invoice.lines[index]!);
    doc = { ...doc, itemsAdded: index + 1 };
    if (!(await recordSyncStep(invoice._id, claim, { itemsAdded: index + 1 }))) return null;
  }
  const finalized = await finalizeStripeInvoice(invoice, doc.invoiceId);
  return {
    doc: {
      ...doc,
      hostedInvoiceUrl: finalized.hosted_invoice_url ?? null,
      invoicePdf: finalized.invoice_pdf ?? null,
    },
    dueAt: finalized.due_date ? new Date(finalized.due_date * 1000) : null,
    status: finalized.status,
  };
}

/** The company's Stripe customer, in step with the company (lib/billing/customers.ts). */
async function customerOf(invoice: AccountInvoiceDoc): Promise<string> {
  return companyStripeCustomer(invoice.companyId.toHexString());
}

/**
 * A draft voided (by an admin) while it was being pushed, after Stripe finalised it: void it at
 * Stripe too, so it cannot be paid there.
 */
async function undoAtStripe(invoice: AccountInvoiceDoc, stripeInvoiceId: string): Promise<void> {
  try {
    await voidStripeInvoice(invoice, stripeInvoiceId);
  } catch (error) {
    logger.error(
      `[billing] invoice ${invoice._id} was voided here but not at Stripe (${stripeInvoiceId}): ${errorText(error)}`,
    );
  }
}

/** Marks a paid invoice (an admin's recorded payments) paid at Stripe, retried until done. */
async function finishMarkPaid(
  invoice: AccountInvoiceDoc,
  claim: string,
  now: Date,
): Promise<boolean> {
  return runOutOfBand(invoice, claim, now, async (stripeInvoiceId) => {
    if ((await markStripeInvoicePaid(invoice, stripeInvoiceId)) === 'already') {
      logger.warn(
        `[billing] invoice ${invoice._id} was already paid or void at Stripe when its recorded payment completed it`,
      );
    }
  });
}
