import type { Order } from '@/lib/data/orders';
import { formatPrice } from '@/lib/money';
import { messages } from '@/lib/messages';
import { Td } from '@/components/ui/Table';
import { OrdersTable } from './OrdersTable';

/** Manage Orders (admins): SR, Customer email, product and Delete (disabled when paid). */
export function ManageOrdersTable({ orders }: { orders: Order[] }) {
  return (
    <OrdersTable
      orders={orders}
      numberHeading="SR"
      headings={['Customer email', 'Product']}
      empty="There are no orders."
      confirmTitle={messages.order.adminDeleteConfirm}
      cells={(order) => (
        <>
          <Td className="break-all">{order.email}</Td>
          <Td>
            {order.name}
            <span className="block text-xs text-slate-500">
              {order.quantity} units · {formatPrice(order.price)} · {order.paid ? 'PAID' : 'unpaid'}
            </span>
          </Td>
        </>
      )}
    />
  );
}
