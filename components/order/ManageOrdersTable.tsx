import type { Order } from '@/lib/orders';
import { formatMoney, toCents } from '@/lib/core/money';
import { messages } from '@/lib/core/messages';
import { forwardStatuses } from '@/lib/orders/shared';
import { Td } from '@/components/ui/Table';
import { OrderStatusControl } from './OrderStatusControl';
import { InvoiceLink } from './InvoiceLink';
import { OrderLink, PoNumberNote } from './OrderLink';
import { LineCountNote } from './OrderLinesTable';
import { OrdersTable } from './OrdersTable';
import { StatusBadge } from './StatusBadge';

/**
 * Manage Orders (admins): SR, Customer email, product and Delete (enabled only while unpaid,
 * where it cancels the order), with a Status column whose control moves a paid order forward.
 * The product cell carries the buyer's PO number (how their accounts department will name the
 * order) and, once paid, the invoice link.
 */
export function ManageOrdersTable({
  orders,
  empty,
  firstNumber = 1,
}: {
  orders: Order[];
  empty: string;
  /** The SR of the first row: a later page numbers on from the pages before it. */
  firstNumber?: number;
}) {
  return (
    <OrdersTable
      orders={orders}
      numberHeading="SR"
      firstNumber={firstNumber}
      headings={['Customer email', 'Product', 'Status']}
      empty={empty}
      confirmTitle={messages.order.adminDeleteConfirm}
      cells={(order) => (
        <>
          <Td className="min-w-48 break-all">{order.email}</Td>
          <Td className="min-w-44">
            <OrderLink orderId={order._id}>{order.name}</OrderLink>
            <LineCountNote lines={order.lines} />
            <span className="block text-xs text-slate-600">
              {order.quantity} units · {formatMoney(toCents(order.price))} ·{' '}
              {order.paid
                ? 'PAID'
                : order.account
                  ? `on account (Net ${order.account.netDays})`
                  : 'unpaid'}
            </span>
            <PoNumberNote poNumber={order.poNumber} />
            <InvoiceLink order={order} />
          </Td>
          <Td className="min-w-40">
            <StatusBadge status={order.status} />
            {order.trackingNumber ? (
              <span className="mt-1 block text-xs break-all text-slate-600">
                {order.carrier} {order.trackingNumber}
              </span>
            ) : null}
            <OrderStatusControl
              orderId={order._id}
              productName={order.name}
              next={forwardStatuses(order.status)}
            />
          </Td>
        </>
      )}
    />
  );
}
