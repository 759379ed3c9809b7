'use client';

import { useState } from 'react';
import type { Order } from '@/lib/data/orders';
import { formatPrice } from '@/lib/money';
import { messages } from '@/lib/messages';
import { useDeleteOrder } from './useDeleteOrder';

/** Manage Orders (admins): SR, Customer email, product and Delete (disabled when paid). */
export function ManageOrdersTable({ orders: all }: { orders: Order[] }) {
  // Deleted rows leave at once; the refreshed list from the server follows.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const orders = all.filter((order) => !removed.has(order._id));
  const { remove, pendingId, dialogs } = useDeleteOrder({
    confirmTitle: messages.order.adminDeleteConfirm,
  });

  async function onDelete(id: string) {
    if (await remove(id)) setRemoved((current) => new Set(current).add(id));
  }

  return (
    <>
      {orders.length === 0 ? (
        <p className="mt-4 text-slate-600">There are no orders.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  SR
                </th>
                <th scope="col" className="px-4 py-3">
                  Customer email
                </th>
                <th scope="col" className="px-4 py-3">
                  Product
                </th>
                <th scope="col" className="px-4 py-3">
                  Delete
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {orders.map((order, index) => (
                <tr key={order._id} data-order-id={order._id}>
                  <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                    {index + 1}
                  </th>
                  <td className="px-4 py-3 break-all">{order.email}</td>
                  <td className="px-4 py-3">
                    {order.name}
                    <span className="block text-xs text-slate-500">
                      {order.quantity} units · {formatPrice(order.price)} ·{' '}
                      {order.paid ? 'PAID' : 'unpaid'}
                    </span>
                  </td>
                  <td className="px-4 py-3">
                    <button
                      type="button"
                      className="btn-danger px-3 py-1"
                      disabled={order.paid || pendingId === order._id}
                      title={order.paid ? 'A paid order cannot be deleted' : undefined}
                      onClick={() => onDelete(order._id)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {dialogs}
    </>
  );
}
