import { quotesWording } from '@/lib/core/b2b-wording/quotes';
import { QUOTE_STATUS_LABELS, type QuoteViewStatus } from '@/lib/quotes/shared';

/** Dark text on a light tint of the same hue (WCAG AA and above), the status in words. */
const tones: Record<QuoteViewStatus, string> = {
  requested: 'bg-amber-100 text-amber-900 ring-amber-300',
  answered: 'bg-blue-100 text-blue-900 ring-blue-300',
  accepting: 'bg-violet-100 text-violet-900 ring-violet-300',
  accepted: 'bg-green-100 text-green-900 ring-green-300',
  declined: 'bg-red-100 text-red-900 ring-red-300',
  expired: 'bg-slate-200 text-slate-800 ring-slate-400',
};

/** A quote's status as a small coloured label ("Status: Answered" to screen readers). */
export function QuoteStatusBadge({ status }: { status: QuoteViewStatus }) {
  return (
    <span
      data-status={status}
      className={`relative inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tones[status]}`}
    >
      <span className="sr-only">{quotesWording.table.status}</span>
      {QUOTE_STATUS_LABELS[status]}
    </span>
  );
}
