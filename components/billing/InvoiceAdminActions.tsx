import { PAYABLE_STATUSES, VOIDABLE_STATUSES, type InvoiceSummary } from '@/lib/billing/shared';
import { RecordPaymentButton } from './RecordPaymentButton';
import { VoidInvoiceButton } from './VoidInvoiceButton';

/**
 * A store admin's actions on an invoice on account: Record payment (one that can be paid) and
 * Void (open or being issued, with nothing paid on it).
 */
export function InvoiceAdminActions({
  invoice,
}: {
  invoice: Pick<InvoiceSummary, '_id' | 'number' | 'status' | 'paidCents' | 'openCents'>;
}) {
  const payable = (PAYABLE_STATUSES as readonly string[]).includes(invoice.status);
  const voidable =
    (VOIDABLE_STATUSES as readonly string[]).includes(invoice.status) && invoice.paidCents === 0;
  return (
    <>
      {payable ? (
        <RecordPaymentButton
          invoiceId={invoice._id}
          number={invoice.number}
          openCents={invoice.openCents}
        />
      ) : null}
      {voidable ? <VoidInvoiceButton invoiceId={invoice._id} number={invoice.number} /> : null}
    </>
  );
}
