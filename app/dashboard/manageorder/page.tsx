import type { Metadata } from 'next';
import { ManageOrdersTable } from '@/components/order/ManageOrdersTable';
import { requirePageAdmin } from '@/lib/auth/session';
import { listAllOrders } from '@/lib/data/orders';
import { sweepOverdueOrders } from '@/lib/payments';

export const metadata: Metadata = { title: 'Manage Orders' };

export default async function ManageOrdersPage() {
  await requirePageAdmin('/dashboard/manageorder');
  await sweepOverdueOrders({ inRender: true });
  const orders = await listAllOrders();
  return (
    <section aria-labelledby="manage-orders-heading">
      <h1 id="manage-orders-heading" className="text-2xl font-bold text-slate-900">
        Manage Orders
      </h1>
      <ManageOrdersTable orders={orders} />
    </section>
  );
}
