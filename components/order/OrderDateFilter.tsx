import Link from 'next/link';
import { Field } from '@/components/ui/Field';
import type { OrderStatus } from '@/lib/orders/shared';
import { manageOrdersHref, ordersCsvHref } from './manageOrdersQuery';

export interface OrderDateFilterProps {
  status?: OrderStatus;
  /** The dates as the URL holds them (shown again in the inputs). */
  from?: string;
  to?: string;
  /** Why a date is refused; the list is then not filtered by date and cannot be exported. */
  errors?: { from?: string; to?: string };
}

/**
 * Manage Orders' date filter and CSV export: From and To (order dates, inclusive, UTC days)
 * submitted as a GET form so they stay in the URL with the status, and an "Export CSV" link
 * that downloads the orders of the current filter (GET /api/allOrder?format=csv).
 */
export function OrderDateFilter({ status, from, to, errors = {} }: OrderDateFilterProps) {
  const invalid = Boolean(errors.from || errors.to);
  const filtered = Boolean(from || to);
  return (
    <div className="mt-4">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-3">
        <form
          action="/dashboard/manageorder"
          method="get"
          aria-label="Filter orders by date"
          className="flex flex-wrap items-end gap-x-3 gap-y-3"
        >
          {status ? <input type="hidden" name="status" value={status} /> : null}
          <Field id="orders-from" label="From" error={errors.from}>
            <input type="date" name="from" defaultValue={from ?? ''} className="w-40" />
          </Field>
          <Field id="orders-to" label="To" error={errors.to}>
            <input type="date" name="to" defaultValue={to ?? ''} className="w-40" />
          </Field>
          <button type="submit" className="btn-secondary">
            Apply dates
          </button>
          {filtered ? (
            <Link
              href={manageOrdersHref({ status })}
              className="py-2 text-sm font-medium text-brand-700 underline"
            >
              Clear dates
            </Link>
          ) : null}
        </form>
        {invalid ? null : (
          <a href={ordersCsvHref({ status, from, to })} download className="btn-primary sm:ml-auto">
            Export CSV
          </a>
        )}
      </div>
      <p className="mt-2 text-xs text-slate-600">
        Order dates in UTC, both days included. Export CSV downloads the orders of this filter.
      </p>
    </div>
  );
}
