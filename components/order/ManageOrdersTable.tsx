'use client';

import type { Order } from '@/lib/data/orders';
import { formatPrice } from '@/lib/money';
import { messages } from '@/lib/messages';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import { useDeleteOrder } from './useDeleteOrder';
import { DeleteOrderButton } from './DeleteOrderButton';

/** Manage Orders (admins): SR, Customer email, product and Delete (disabled when paid). */
export function ManageOrdersTable({ orders: all }: { orders: Order[] }) {
  const { orders, onDelete, pendingId, dialogs } = useDeleteOrder({
    orders: all,
    confirmTitle: messages.order.adminDeleteConfirm,
  });

  return (
    <>
      {orders.length === 0 ? (
        <p className="mt-4 text-slate-600">There are no orders.</p>
      ) : (
        <Table className="mt-4" columns={['SR', 'Customer email', 'Product', 'Delete']}>
          {orders.map((order, index) => (
            <tr key={order._id} data-order-id={order._id}>
              <RowHeader>{index + 1}</RowHeader>
              <Td className="break-all">{order.email}</Td>
              <Td>
                {order.name}
                <span className="block text-xs text-slate-500">
                  {order.quantity} units · {formatPrice(order.price)} ·{' '}
                  {order.paid ? 'PAID' : 'unpaid'}
                </span>
              </Td>
              <Td>
                <DeleteOrderButton
                  order={order}
                  pending={pendingId === order._id}
                  onDelete={onDelete}
                />
              </Td>
            </tr>
          ))}
        </Table>
      )}
      {dialogs}
    </>
  );
}
