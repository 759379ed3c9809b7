import 'server-only';
import { ObjectId } from 'mongodb';
import type { User } from '@/lib/accounts';
import { companyNames } from '@/lib/companies';
import { formatMoney } from '@/lib/core/money';
import { refuse } from '@/lib/core/refusal';
import { paymentsConfigured, stripeUnavailable } from '@/lib/core/stripe';
import type { AccountInvoiceDoc } from './collections';
import { invoiceDetail } from './reads';
import {
  INVOICE_STATUS_LABELS,
  openCents,
  PAYABLE_STATUSES,
  VOIDABLE_STATUSES,
  type InvoiceStatus,
} from './rules';
import { settlePaidInvoice, settleVoidInvoice } from './settle';
import type { InvoiceDetail } from './shared';
import {
  addAdminPayment,
  claimInvoiceForSync,
  findInvoice,
  finishPendingWork,
  retrySyncLater,
  voidInvoice,
} from './store';
import { markStripeInvoicePaid, StripeCallFailed, voidStripeInvoice } from './stripe';
import type { RecordPaymentInput } from './validation/invoices';

/**
 * The store admin's side of invoices on account: recording a payment received outside Stripe
 * (a cheque, a wire), and voiding an invoice. Each is one conditional update of the invoice;
 * what follows at Stripe and for the order is done after it, and finished by the invoice job
 * if the request stops halfway.
 */

async function detailOf(doc: AccountInvoiceDoc, now: Date): Promise<InvoiceDetail> {
  const id = doc.companyId.toHexString();
  const name = (await companyNames([id])).get(id) ?? 'Unknown company';
  return invoiceDetail(doc, name, now, true);
}

const statusText = (status: InvoiceStatus) => INVOICE_STATUS_LABELS[status].toLowerCase();

/**
 * `POST /api/admin/invoices/{id}/payments`: a payment received outside Stripe. It must fit what
 * is still owed (422 `billing.payment_too_large` otherwise, with `details.openCents`), on an
 * invoice that can be paid (409 `billing.not_payable`); the same reference twice is refused
 * (409 `billing.payment_duplicate`: a form sent twice records once). When it completes the
 * invoice, the invoice is paid, marked paid out of band at Stripe if it is there (retried by
 * the invoice job when Stripe does not answer), and its order settled.
 */
export async function recordInvoicePayment(
  admin: Pick<User, 'id'>,
  invoiceId: string,
  input: RecordPaymentInput,
): Promise<InvoiceDetail> {
  for (let attempt = 0; ; attempt += 1) {
    const invoice = await findInvoice(invoiceId);
    if (!invoice) throw refuse('billing.invoice_not_found');
    if (!(PAYABLE_STATUSES as readonly InvoiceStatus[]).includes(invoice.status)) {
      throw refuse('billing.not_payable', { params: { status: statusText(invoice.status) } });
    }
    const owed = openCents(invoice);
    if (input.amountCents > owed) {
      throw refuse('billing.payment_too_large', {
        params: { amount: formatMoney(input.amountCents), open: formatMoney(owed) },
        details: { openCents: owed },
      });
    }
    const now = new Date();
    const completes = invoice.paidCents + input.amountCents === invoice.totalCents;
    const result = await addAdminPayment(
      invoice._id,
      {
        amountCents: input.amountCents,
        reference: input.reference,
        source: 'admin',
        at: now,
        by: new ObjectId(admin.id),
      },
      {
        expectedPaidCents: invoice.paidCents,
        totalCents: invoice.totalCents,
        markPaidAtStripe: completes && Boolean(invoice.stripe),
      },
    );
    if (!result.ok) {
      if (result.reason === 'duplicate') {
        throw refuse('billing.payment_duplicate', { params: { reference: input.reference } });
      }
      // Another payment or event changed the invoice meanwhile: read it again and decide.
      if (attempt < 3) continue;
      throw refuse('billing.not_payable', { params: { status: statusText(invoice.status) } });
    }
    const paid = result.invoice;
    if (paid.status === 'paid') {
      await markPaidAtStripeNow(paid, now);
      await settlePaidInvoice(
        paid,
        {
          kind: 'admin',
          adminId: admin.id,
          reference: input.reference,
          amountCents: paid.totalCents,
        },
        now,
      );
    }
    return detailOf((await findInvoice(invoiceId)) ?? paid, now);
  }
}

/**
 * Marks the Stripe invoice of an invoice paid here paid out of band, now; when Stripe does not
 * answer, the invoice job tries again (the work is recorded on the invoice with its payment).
 */
async function markPaidAtStripeNow(invoice: AccountInvoiceDoc, now: Date): Promise<void> {
  if (!invoice.stripe || !paymentsConfigured()) return;
  const claim = await claimInvoiceForSync(invoice._id, 'mark_paid', now);
  if (!claim) return;
  try {
    await markStripeInvoicePaid(invoice, invoice.stripe.invoiceId);
    await finishPendingWork(invoice._id, claim);
  } catch (error) {
    await retrySyncLater(invoice, claim, error, now);
  }
}

/**
 * `POST /api/admin/invoices/{id}/void`: voids an invoice that is open or being issued, with
 * nothing paid on it (409 `billing.not_voidable` otherwise; `billing.issuing` while the job
 * pushes it to Stripe). At Stripe first (`invoices.voidInvoice`; 409 `billing.paid_at_stripe`
 * when Stripe has it paid, 502 when Stripe cannot be reached: nothing changed), then here, and
 * the order's credit is given back to its company.
 */
export async function voidInvoiceByAdmin(
  admin: Pick<User, 'id'>,
  invoiceId: string,
): Promise<InvoiceDetail> {
  const invoice = await findInvoice(invoiceId);
  if (!invoice) throw refuse('billing.invoice_not_found');
  const now = new Date();
  assertVoidable(invoice, now);
  if (invoice.stripe && paymentsConfigured()) {
    let outcome: Awaited<ReturnType<typeof voidStripeInvoice>>;
    try {
      outcome = await voidStripeInvoice(invoice, invoice.stripe.invoiceId);
    } catch (error) {
      throw stripeUnavailable(error instanceof StripeCallFailed ? error.cause : error);
    }
    if (outcome === 'paid') throw refuse('billing.paid_at_stripe');
    if (outcome === 'open') throw stripeUnavailable(new Error('Stripe did not void the invoice'));
  }
  const voided = await voidInvoice(invoice._id, new ObjectId(admin.id), now);
  if (!voided) {
    const current = await findInvoice(invoiceId);
    if (!current) throw refuse('billing.invoice_not_found');
    assertVoidable(current, new Date());
    throw refuse('billing.issuing');
  }
  await settleVoidInvoice(voided, now);
  return detailOf(voided, now);
}

function assertVoidable(invoice: AccountInvoiceDoc, now: Date): void {
  if (
    !(VOIDABLE_STATUSES as readonly InvoiceStatus[]).includes(invoice.status) ||
    invoice.paidCents > 0
  ) {
    throw refuse('billing.not_voidable', { params: { status: statusText(invoice.status) } });
  }
  if (invoice.sync.claimedUntil && invoice.sync.claimedUntil > now) {
    throw refuse('billing.issuing');
  }
}
