import type { Metadata } from 'next';
import { MyOrdersTable } from '@/components/order/MyOrdersTable';
import { requirePageUser } from '@/lib/accounts';
import { existingProductIds } from '@/lib/catalogue';
import { myOrders } from '@/lib/orders';

export const metadata: Metadata = { title: 'My Orders' };

export default async function MyOrdersPage() {
  const user = await requirePageUser('/dashboard/order');
  const orders = await myOrders(user, { inRender: true });
  const soldProductIds = await existingProductIds(orders.map((order) => order.productId));
  return (
    <section aria-labelledby="my-orders-heading">
      <h1 id="my-orders-heading" className="text-2xl font-bold text-slate-900">
        My Orders
      </h1>
      <MyOrdersTable orders={orders} soldProductIds={soldProductIds} />
    </section>
  );
}
