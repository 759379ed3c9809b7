'use client';

import Link from 'next/link';
import type { Order } from '@/lib/data/orders';
import { formatPrice } from '@/lib/money';
import { messages } from '@/lib/messages';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import { useDeleteOrder } from './useDeleteOrder';
import { DeleteOrderButton } from './DeleteOrderButton';

/** My Orders: index, Name, product Name, Price/payment and delete, for the signed-in person. */
export function MyOrdersTable({ orders: all }: { orders: Order[] }) {
  const { orders, onDelete, pendingId, dialogs } = useDeleteOrder({
    orders: all,
    confirmTitle: messages.order.deleteConfirm,
    cancelledText: messages.order.deleteCancelled,
  });

  return (
    <>
      {orders.length === 0 ? (
        <p className="mt-4 text-slate-600">You have no orders yet.</p>
      ) : (
        <Table className="mt-4" columns={['#', 'Name', 'Product Name', 'Price/payment', 'Delete']}>
          {orders.map((order, index) => (
            <tr key={order._id} data-order-id={order._id}>
              <RowHeader>{index + 1}</RowHeader>
              <Td>{order.userName}</Td>
              <Td>
                {order.name}
                <span className="block text-xs text-slate-500">Quantity: {order.quantity}</span>
              </Td>
              <Td>
                <span className="font-semibold text-slate-900">{formatPrice(order.price)}</span>
                {order.paid ? (
                  <span className="mt-1 block">
                    <span className="font-semibold text-green-700">PAID</span>
                    <span className="block text-xs break-all text-slate-600">
                      Transaction Id: {order.transactionId}
                    </span>
                  </span>
                ) : order.price > 0 ? (
                  <Link
                    href={`/dashboard/payment/${order._id}`}
                    className="btn-primary mt-1 px-3 py-1"
                  >
                    Payment
                  </Link>
                ) : null}
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
