import { billingWording } from '@/lib/core/b2b-wording/billing';
import type { Order } from '@/lib/orders';

/** Where a paid order's invoice is downloaded (GET /api/orders/{id}/invoice, a PDF). */
export function invoiceHref(orderId: string): string {
  return `/api/orders/${encodeURIComponent(orderId)}/invoice`;
}

/**
 * The invoice of a paid order as a plain download link (no script needed; the route answers
 * the PDF as an attachment named after the invoice number). It reads "Invoice INV-2026-000042";
 * before the number is issued (it is, right after payment, or on this first download) it reads
 * "Invoice" and is named "Download invoice for order …" for screen readers, which still contains
 * the visible word. Renders nothing for an unpaid order.
 */
export function InvoiceLink({
  order,
  className = 'mt-1 inline-block text-xs font-medium whitespace-nowrap text-brand-700 underline underline-offset-2 hover:text-brand-800',
  label = billingWording.invoiceLink.label,
}: {
  order: Pick<Order, '_id' | 'paid' | 'invoiceNumber'>;
  className?: string;
  /** The visible words before the invoice number. */
  label?: string;
}) {
  if (!order.paid) return null;
  return (
    <a
      href={invoiceHref(order._id)}
      download
      className={className}
      aria-label={
        order.invoiceNumber ? undefined : billingWording.invoiceLink.unnumbered(order._id)
      }
    >
      {label}
      {order.invoiceNumber ? ` ${order.invoiceNumber}` : null}
    </a>
  );
}
