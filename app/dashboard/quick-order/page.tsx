import type { Metadata } from 'next';
import { QuickOrderForm } from '@/components/quick-order/QuickOrderForm';
import { requirePageUser } from '@/lib/accounts';
import { MAX_QUICK_ORDER_LINES } from '@/lib/orders';
import { DashboardSection } from '@/components/dashboard/DashboardSection';

export const metadata: Metadata = { title: 'Quick Order' };

/**
 * Quick order by part number: paste `part number, quantity` lines or upload a CSV file, see
 * every line checked against today's catalogue, then put the valid lines in the order list or
 * place them as one order with one delivery address (lib/orders/quick-order/).
 */
export default async function QuickOrderPage() {
  const user = await requirePageUser('/dashboard/quick-order');
  return (
    <DashboardSection id="quick-order-heading" title="Quick Order" gap="mb-2">
      <p className="mb-6 max-w-2xl text-slate-600">
        Order the parts you buy again and again by their part numbers: one line per part, the part
        number and the quantity separated by a comma, at most {MAX_QUICK_ORDER_LINES} lines. Every
        line is checked before anything is ordered; the valid lines go to your order list, or become
        one order.
      </p>
      <QuickOrderForm user={{ name: user.name, email: user.email }} />
    </DashboardSection>
  );
}
