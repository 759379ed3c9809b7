import type { Metadata } from 'next';
import { ManageOrdersTable } from '@/components/order/ManageOrdersTable';
import { everyOrder } from '@/lib/orders';

export const metadata: Metadata = { title: 'Manage Orders' };

export default async function ManageOrdersPage() {
  const orders = await everyOrder({ inRender: true });
  return (
    <section aria-labelledby="manage-orders-heading">
      <h1 id="manage-orders-heading" className="text-2xl font-bold text-slate-900">
        Manage Orders
      </h1>
      <ManageOrdersTable orders={orders} />
    </section>
  );
}
