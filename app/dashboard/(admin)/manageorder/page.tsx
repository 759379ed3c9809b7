import type { Metadata } from 'next';
import Link from 'next/link';
import { Pagination } from '@/components/catalogue/Pagination';
import { ManageOrdersTable } from '@/components/order/ManageOrdersTable';
import { OrderDateFilter } from '@/components/order/OrderDateFilter';
import { OrderStatusFilter } from '@/components/order/OrderStatusFilter';
import { manageOrdersPageHref } from '@/components/order/manageOrdersQuery';
import { requirePageAdmin } from '@/lib/accounts';
import { allOrdersPage } from '@/lib/orders';
import { STATUS_LABELS } from '@/lib/orders';
import {
  allOrdersQuerySchema,
  orderDateRange,
  orderDatesSchema,
  orderStatusFilterSchema,
} from '@/lib/orders';
import { DashboardSection } from '@/components/dashboard/DashboardSection';

export const metadata: Metadata = { title: 'Manage Orders' };

type Param = string | string[] | undefined;
type Props = {
  searchParams: Promise<{ status?: Param; from?: Param; to?: Param; page?: Param }>;
};

const first = (value: Param) => (Array.isArray(value) ? value[0] : value);

/**
 * Manage Orders (admins): the live orders, or those in one status, placed within the dates,
 * newest first, one page of 50 at a time (`?page=`, kept with the filter in the URL). The CSV
 * export holds every order of the filter, not only the page's.
 */
export default async function ManageOrdersPage({ searchParams }: Props) {
  await requirePageAdmin('/dashboard/manageorder');
  const query = await searchParams;
  // An unknown or repeated filter, or a page that is not a number, shows the default list
  // rather than an error page.
  const parsed = orderStatusFilterSchema.safeParse(first(query.status));
  const status = parsed.success ? parsed.data : undefined;
  const askedPage = allOrdersQuerySchema.shape.page.safeParse(query.page);
  // An empty date input is no bound; a bad date or range is shown on its input, unapplied.
  const from = first(query.from) || undefined;
  const to = first(query.to) || undefined;
  const checked = orderDatesSchema.safeParse({ from, to });
  const errors: { from?: string; to?: string } = {};
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = issue.path[0] === 'to' ? 'to' : 'from';
      errors[field] ??= issue.message;
    }
  }
  const dates = checked.success ? checked.data : {};
  const result = await allOrdersPage({
    status,
    dates: orderDateRange(dates),
    page: askedPage.success ? askedPage.data : undefined,
  });
  const { items, total, page, pages, limit } = result;
  const filter = { status, ...dates };
  const hrefFor = (n: number) => manageOrdersPageHref(filter, n);
  const pastTheEnd = items.length === 0 && total > 0;
  const firstNumber = (page - 1) * limit + 1;

  return (
    <DashboardSection id="manage-orders-heading" title="Manage Orders">
      <OrderStatusFilter current={status} dates={dates} />
      <OrderDateFilter status={status} from={from} to={to} errors={errors} />
      {pages > 1 && !pastTheEnd ? (
        <p className="mt-4 text-sm text-slate-600" data-testid="order-page">
          Page {page} of {pages}: orders {firstNumber}–{firstNumber + items.length - 1} of {total}
        </p>
      ) : null}
      {pastTheEnd ? (
        <div className="mt-4">
          <p className="text-slate-600">
            There are no orders on this page: the list has {pages} {pages === 1 ? 'page' : 'pages'}.
          </p>
          <Link href={hrefFor(1)} className="btn-secondary mt-3">
            First page
          </Link>
        </div>
      ) : (
        <ManageOrdersTable
          orders={items}
          firstNumber={firstNumber}
          empty={
            status
              ? `There are no ${STATUS_LABELS[status].toLowerCase()} orders.`
              : 'There are no orders.'
          }
        />
      )}
      <Pagination page={page} pages={pages} hrefFor={hrefFor} label="Order list pages" />
    </DashboardSection>
  );
}
