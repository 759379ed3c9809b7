import type { ReactNode } from 'react';
import Link from 'next/link';
import { StatusBadge } from '@/components/order/StatusBadge';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import { formatDateTime } from '@/lib/core/dates';
import { formatMoney, toCents } from '@/lib/core/money';
import type { Order } from '@/lib/orders';

/** What an order's lines say in a list: its first part, and how many more. */
function linesText(order: Order): string {
  const [first, ...rest] = order.lines;
  const name = first?.name ?? order.name;
  return rest.length ? `${name} and ${rest.length} more` : name;
}

/**
 * A company's orders as a table, rendered on the server: the order (linked to its page), who
 * placed it, the parts, the total, the PO number, the status, and the page's own `extra`
 * columns (the approvers' buttons, say).
 */
export function CompanyOrdersTable({
  orders,
  caption,
  extraHeadings = [],
  extra,
  placedAt = 'Placed',
}: {
  orders: Order[];
  caption: string;
  extraHeadings?: readonly string[];
  extra?: (order: Order) => ReactNode;
  placedAt?: string;
}) {
  return (
    <Table
      className="mt-4"
      columns={[
        '#',
        'Order',
        placedAt,
        'Placed by',
        'Parts',
        'Total',
        'PO number',
        'Status',
        ...extraHeadings,
      ]}
    >
      {orders.map((order, index) => (
        <tr key={order._id} data-order-id={order._id} aria-label={`${caption} ${index + 1}`}>
          <RowHeader>{index + 1}</RowHeader>
          <Td>
            <Link
              href={`/dashboard/order/${order._id}`}
              className="font-mono text-xs text-brand-700 underline underline-offset-2"
              aria-label={`Order ${order._id}`}
            >
              {order._id.slice(-8)}
            </Link>
          </Td>
          <Td className="whitespace-nowrap">
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </Td>
          <Td>
            <span className="font-medium text-slate-900">{order.userName}</span>
            <span className="block text-xs break-all text-slate-600">{order.email}</span>
          </Td>
          <Td>
            {linesText(order)}
            <span className="block text-xs text-slate-600">
              {order.quantity.toLocaleString('en-US')} units
            </span>
          </Td>
          <Td className="font-semibold whitespace-nowrap text-slate-900">
            {formatMoney(toCents(order.price))}
          </Td>
          <Td className="break-all">{order.poNumber ?? '—'}</Td>
          <Td>
            <StatusBadge status={order.status} />
          </Td>
          {extra ? extra(order) : null}
        </tr>
      ))}
    </Table>
  );
}
