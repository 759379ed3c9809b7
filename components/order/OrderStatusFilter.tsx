import Link from 'next/link';
import { ORDER_STATUSES, STATUS_LABELS, type OrderStatus } from '@/lib/orders/shared';
import { manageOrdersHref } from './manageOrdersQuery';

/**
 * Manage Orders' filter: all live orders (the default), or the orders in one status, each a
 * link that sets `?status=` and keeps the date filter (`from`, `to`). Cancelled orders (deleted
 * by their buyer, cancelled by the store, or expired unpaid) appear only under their own filter.
 */
export function OrderStatusFilter({
  current,
  dates = {},
}: {
  current: OrderStatus | undefined;
  dates?: { from?: string; to?: string };
}) {
  const options: { label: string; href: string; status: OrderStatus | undefined }[] = [
    { label: 'All live orders', href: manageOrdersHref(dates), status: undefined },
    ...ORDER_STATUSES.map((status) => ({
      label: STATUS_LABELS[status],
      href: manageOrdersHref({ ...dates, status }),
      status,
    })),
  ];
  return (
    <nav aria-label="Filter orders by status" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => {
          const selected = option.status === current;
          return (
            <li key={option.status ?? 'live'}>
              <Link
                href={option.href}
                aria-current={selected ? 'page' : undefined}
                className={`inline-block rounded-full border px-3 py-1 text-sm font-medium ${
                  selected
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
                } ${option.status === 'cancelled' ? 'sm:ml-3' : ''}`}
              >
                {option.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
