'use client';

import Link from 'next/link';
import { useState } from 'react';
import type { Order } from '@/lib/data/orders';
import { formatPrice } from '@/lib/money';
import { messages } from '@/lib/messages';
import { useDeleteOrder } from './useDeleteOrder';

/** My Orders: index, Name, product Name, Price/payment and delete, for the signed-in person. */
export function MyOrdersTable({ orders: all }: { orders: Order[] }) {
  // Deleted rows leave at once; the refreshed list from the server follows.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const orders = all.filter((order) => !removed.has(order._id));
  const { remove, pendingId, dialogs } = useDeleteOrder({
    confirmTitle: messages.order.deleteConfirm,
    cancelledText: messages.order.deleteCancelled,
  });

  async function onDelete(id: string) {
    if (await remove(id)) setRemoved((current) => new Set(current).add(id));
  }

  return (
    <>
      {orders.length === 0 ? (
        <p className="mt-4 text-slate-600">You have no orders yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">
                  #
                </th>
                <th scope="col" className="px-4 py-3">
                  Name
                </th>
                <th scope="col" className="px-4 py-3">
                  Product Name
                </th>
                <th scope="col" className="px-4 py-3">
                  Price/payment
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
                  <td className="px-4 py-3">{order.userName}</td>
                  <td className="px-4 py-3">
                    {order.name}
                    <span className="block text-xs text-slate-500">Quantity: {order.quantity}</span>
                  </td>
                  <td className="px-4 py-3">
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
