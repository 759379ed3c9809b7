import { STATUS_LABELS, type OrderStatus } from '@/lib/orders/shared';

/**
 * Each status's colours: dark text on a light tint of the same hue (about 7:1 and above, past
 * WCAG AA's 4.5:1), and the status in words, so colour is never the only sign.
 */
const tones: Record<OrderStatus, string> = {
  awaiting_approval: 'bg-orange-100 text-orange-900 ring-orange-300',
  unpaid: 'bg-amber-100 text-amber-900 ring-amber-300',
  confirmed: 'bg-teal-100 text-teal-900 ring-teal-300',
  paid: 'bg-blue-100 text-blue-900 ring-blue-300',
  processing: 'bg-violet-100 text-violet-900 ring-violet-300',
  shipped: 'bg-sky-100 text-sky-900 ring-sky-300',
  delivered: 'bg-green-100 text-green-900 ring-green-300',
  cancelled: 'bg-slate-200 text-slate-800 ring-slate-400',
};

/** An order's status as a small coloured label ("Status: Shipped" to screen readers). */
export function StatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <span
      data-status={status}
      className={[
        // `relative` keeps the screen-reader text inside the badge: positioned against the page
        // instead, it would stretch the page sideways from inside a scrolling table.
        'relative inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        tones[status],
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <span className="sr-only">Status: </span>
      {STATUS_LABELS[status]}
    </span>
  );
}
