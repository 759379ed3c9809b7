import Link from 'next/link';
import type { Order } from '@/lib/data/orders';
import { formatPrice } from '@/lib/money';
import { messages } from '@/lib/messages';
import { Td } from '@/components/ui/Table';
import { OrdersTable } from './OrdersTable';

/** My Orders: index, Name, product Name, Price/payment and delete, for the signed-in person. */
export function MyOrdersTable({ orders }: { orders: Order[] }) {
  return (
    <OrdersTable
      orders={orders}
      numberHeading="#"
      headings={['Name', 'Product Name', 'Price/payment']}
      empty="You have no orders yet."
      confirmTitle={messages.order.deleteConfirm}
      cancelledText={messages.order.deleteCancelled}
      cells={(order) => (
        <>
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
              <Link href={`/dashboard/payment/${order._id}`} className="btn-primary mt-1 px-3 py-1">
                Payment
              </Link>
            ) : null}
          </Td>
        </>
      )}
    />
  );
}
