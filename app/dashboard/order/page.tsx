import type { Metadata } from 'next';
import { MyOrdersTable } from '@/components/order/MyOrdersTable';
import { requirePageUser } from '@/lib/accounts';
import { existingProductIds } from '@/lib/catalogue';
import { myOrders } from '@/lib/orders';
import { DashboardSection } from '@/components/dashboard/DashboardSection';

export const metadata: Metadata = { title: 'My Orders' };

export default async function MyOrdersPage() {
  const user = await requirePageUser('/dashboard/order');
  const orders = await myOrders(user);
  const soldProductIds = await existingProductIds(
    orders.flatMap((order) => order.lines.map((line) => line.productId)),
  );
  return (
    <DashboardSection id="my-orders-heading" title="My Orders">
      <MyOrdersTable orders={orders} soldProductIds={soldProductIds} />
    </DashboardSection>
  );
}
