import { INVOICE_STATUS_LABELS, type InvoiceSummary } from '@/lib/billing/shared';
import { billingWording } from '@/lib/core/b2b-wording/billing';

const styles = {
  overdue: 'bg-red-100 text-red-800',
  draft: 'bg-slate-100 text-slate-700',
  open: 'bg-amber-100 text-amber-900',
  paid: 'bg-green-100 text-green-800',
  void: 'bg-slate-100 text-slate-700',
  uncollectible: 'bg-red-100 text-red-800',
} as const;

/** An invoice's status as a badge: overdue (with its days) before its own status. */
export function InvoiceStatus({
  invoice,
}: {
  invoice: Pick<InvoiceSummary, 'status' | 'overdue' | 'daysOverdue'>;
}) {
  const overdue = invoice.overdue;
  const text = overdue
    ? billingWording.overdueDays(invoice.daysOverdue)
    : INVOICE_STATUS_LABELS[invoice.status];
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
        styles[overdue ? 'overdue' : invoice.status]
      }`}
    >
      {text}
    </span>
  );
}
