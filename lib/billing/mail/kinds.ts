import 'server-only';
import { companyBillingParty } from '@/lib/companies';
import { outboxKinds, type MailRenderer } from '@/lib/core/mail/outbox';
import { storeName } from '@/lib/core/site';
import type { AccountInvoiceDoc } from '../collections';
import { isOwed } from '../rules';
import { invoiceMailData, type InvoiceMailMoment } from './invoice-data';
import { renderInvoiceMail } from './invoice-mail';
import { INVOICE_MAIL_KINDS } from './subjects';

/**
 * What each kind of invoice mail sends: billing's part of the outbox registry, registered with
 * the kernel's outbox engine by lib/billing (jobs.ts, index.ts) and loaded only when a drain
 * needs it. Each entry was queued with its recipient (`to`: a member who handles the company's
 * invoices); a mail whose invoice is no longer owed when it goes out is not sent.
 */
function renderer(moment: InvoiceMailMoment): MailRenderer<AccountInvoiceDoc> {
  return async (doc, entry) => {
    if (!entry.to || !doc.number || !isOwed(doc.status)) return null;
    if (moment !== 'issued' && doc.status === 'draft') return null;
    const company = await companyBillingParty(doc.companyId.toHexString());
    const mail = await renderInvoiceMail(
      moment,
      invoiceMailData({ ...doc, number: doc.number }, company?.name ?? null, {
        origin: entry.origin,
        now: new Date(),
      }),
      { origin: entry.origin, storeName },
    );
    return { to: entry.to, ...mail };
  };
}

export const billingMailKinds = outboxKinds<AccountInvoiceDoc>(
  Object.fromEntries(
    (Object.entries(INVOICE_MAIL_KINDS) as [InvoiceMailMoment, string][]).map(([moment, kind]) => [
      kind,
      renderer(moment),
    ]),
  ),
);
