import Link from 'next/link';
import type { Order } from '@/lib/orders';
import { formatMoney, toCents } from '@/lib/core/money';
import { messages, orderAgainMessages } from '@/lib/core/messages';
import { Td } from '@/components/ui/Table';
import { InvoiceLink } from './InvoiceLink';
import { OrderLink, PoNumberNote } from './OrderLink';
import { LineCountNote } from './OrderLinesTable';
import { OrdersTable } from './OrdersTable';
import { StatusBadge } from './StatusBadge';

/**
 * My Orders: index, Name, product Name, Price/payment and delete, for the signed-in person.
 * Each product name opens the order's own page; a badge says where the order is, and the
 * buyer's PO number shows when they gave one. A paid order links its invoice (PDF) beside its
 * transaction id. Given `soldProductIds` (the products still in the catalogue), each order has
 * an "Order again" link to its product page with the order's details filled in
 * (lib/orders/order-again.ts), or says its product is no longer sold.
 */
export function MyOrdersTable({
  orders,
  soldProductIds,
}: {
  orders: Order[];
  soldProductIds?: ReadonlySet<string>;
}) {
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
          <Td className="min-w-40">
            <OrderLink orderId={order._id}>{order.name}</OrderLink>
            <LineCountNote lines={order.lines} />
            <span className="block text-xs text-slate-600">Quantity: {order.quantity}</span>
            <PoNumberNote poNumber={order.poNumber} />
            <StatusBadge status={order.status} className="mt-1" />
            {soldProductIds === undefined ? null : soldProductIds.has(order.productId) ? (
              <Link
                href={`/product/${order.productId}?again=${order._id}`}
                aria-label={`Order again: ${order.name}`}
                className="mt-2 block text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                Order again
              </Link>
            ) : (
              <span className="mt-2 block text-xs text-slate-600">
                {orderAgainMessages.noLongerSold}
              </span>
            )}
          </Td>
          <Td>
            <span className="font-semibold text-slate-900">
              {formatMoney(toCents(order.price))}
            </span>
            {order.paid ? (
              <span className="mt-1 block">
                <span className="font-semibold text-green-700">PAID</span>
                <span className="block text-xs break-all text-slate-600">
                  Transaction Id: {order.transactionId}
                </span>
                <InvoiceLink order={order} />
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
