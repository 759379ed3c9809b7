import type { Metadata } from 'next';
import { ManageOrdersTable } from '@/components/order/ManageOrdersTable';
import { OrderDateFilter } from '@/components/order/OrderDateFilter';
import { OrderStatusFilter } from '@/components/order/OrderStatusFilter';
import { requirePageAdmin } from '@/lib/accounts';
import { everyOrder } from '@/lib/orders';
import { STATUS_LABELS } from '@/lib/orders';
import { orderDateRange, orderDatesSchema, orderStatusFilterSchema } from '@/lib/orders';
import { DashboardSection } from '@/components/dashboard/DashboardSection';

export const metadata: Metadata = { title: 'Manage Orders' };

type Param = string | string[] | undefined;
type Props = { searchParams: Promise<{ status?: Param; from?: Param; to?: Param }> };

const first = (value: Param) => (Array.isArray(value) ? value[0] : value);

export default async function ManageOrdersPage({ searchParams }: Props) {
  await requirePageAdmin('/dashboard/manageorder');
  const query = await searchParams;
  // An unknown or repeated filter shows the default list rather than an error page.
  const parsed = orderStatusFilterSchema.safeParse(first(query.status));
  const status = parsed.success ? parsed.data : undefined;
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
  const orders = await everyOrder({ inRender: true, status, dates: orderDateRange(dates) });
  return (
    <DashboardSection id="manage-orders-heading" title="Manage Orders">
      <OrderStatusFilter current={status} dates={dates} />
      <OrderDateFilter status={status} from={from} to={to} errors={errors} />
      <ManageOrdersTable
        orders={orders}
        empty={
          status
            ? `There are no ${STATUS_LABELS[status].toLowerCase()} orders.`
            : 'There are no orders.'
        }
      />
    </DashboardSection>
  );
}
