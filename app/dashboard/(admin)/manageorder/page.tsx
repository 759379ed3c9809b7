import type { Metadata } from 'next';
import { ManageOrdersTable } from '@/components/order/ManageOrdersTable';
import { OrderStatusFilter } from '@/components/order/OrderStatusFilter';
import { everyOrder } from '@/lib/orders';
import { STATUS_LABELS } from '@/lib/orders/lifecycle';
import { orderStatusFilterSchema } from '@/lib/validation/order';

export const metadata: Metadata = { title: 'Manage Orders' };

type Props = { searchParams: Promise<{ status?: string | string[] }> };

export default async function ManageOrdersPage({ searchParams }: Props) {
  const raw = (await searchParams).status;
  // An unknown or repeated filter shows the default list rather than an error page.
  const parsed = orderStatusFilterSchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  const status = parsed.success ? parsed.data : undefined;
  const orders = await everyOrder({ inRender: true, status });
  return (
    <section aria-labelledby="manage-orders-heading">
      <h1 id="manage-orders-heading" className="text-2xl font-bold text-slate-900">
        Manage Orders
      </h1>
      <OrderStatusFilter current={status} />
      <ManageOrdersTable
        orders={orders}
        empty={
          status
            ? `There are no ${STATUS_LABELS[status].toLowerCase()} orders.`
            : 'There are no orders.'
        }
      />
    </section>
  );
}
