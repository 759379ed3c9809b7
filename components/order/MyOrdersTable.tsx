import Link from 'next/link';
import type { Order } from '@/lib/orders';
import { formatMoney, toCents } from '@/lib/core/money';
import { messages, orderAgainMessages } from '@/lib/core/messages';
import { Td } from '@/components/ui/Table';
import { InvoiceLink } from './InvoiceLink';
import { OrderLink, PoNumberNote } from './OrderLink';
import { LineCountNote } from './OrderLinesTable';
import { OrderAgainButton } from './OrderAgainButton';
import { OrdersTable } from './OrdersTable';
import { StatusBadge } from './StatusBadge';

/**
 * My Orders: index, Name, product Name, Price/payment and delete, for the signed-in person.
 * Each product name opens the order's own page; a badge says where the order is, and the
 * buyer's PO number shows when they gave one. A paid order links its invoice (PDF) beside its
 * transaction id. Given `soldProductIds` (the products still in the catalogue), each order has
 * an "Order again" button that puts its lines back in the order list (OrderAgainButton,
 * lib/orders/order-again.ts), or says its products are no longer sold.
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
            {soldProductIds === undefined ? null : order.lines.some((line) =>
                soldProductIds.has(line.productId),
              ) ? (
              <OrderAgainButton orderId={order._id} orderName={order.name} />
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
            ) : order.account ? (
              <span className="mt-1 block text-xs text-slate-700" data-testid="order-on-account">
                On account (Net {order.account.netDays}):{' '}
                {order.account.invoiceId ? 'invoiced' : 'invoiced when it ships'}
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
