import type { ReactNode } from 'react';
import Link from 'next/link';
import { StatusBadge } from '@/components/order/StatusBadge';
import { Table, Td } from '@/components/ui/Table';
import { companyWording as words } from '@/lib/core/b2b-wording/company';
import { formatDateTime } from '@/lib/core/dates';
import { formatMoney, toCents } from '@/lib/core/money';
import type { Order } from '@/lib/orders';

/** What an order's lines say in a list: its first part, and how many more. */
function linesText(order: Order): string {
  const [first, ...rest] = order.lines;
  return words.ordersTable.parts({ name: first?.name ?? order.name, more: rest.length });
}

/**
 * A company's orders as a table, rendered on the server, narrow enough for a laptop: the order
 * (linked to its page) and when it was placed, who placed it, the parts and the PO number, the
 * total (and what `totalNote` adds under it), the status unless `withStatus` is false, and the
 * page's own `extra` columns (the approvers' buttons, say).
 */
export function CompanyOrdersTable({
  orders,
  extraHeadings = [],
  extra,
  totalNote,
  withStatus = true,
}: {
  orders: Order[];
  extraHeadings?: readonly string[];
  extra?: (order: Order) => ReactNode;
  totalNote?: (order: Order) => ReactNode;
  withStatus?: boolean;
}) {
  return (
    <Table
      className="mt-4"
      columns={[
        words.ordersTable.columns.order,
        words.ordersTable.columns.placedBy,
        words.ordersTable.columns.parts,
        words.ordersTable.columns.total,
        ...(withStatus ? [words.ordersTable.columns.status] : []),
        ...extraHeadings,
      ]}
    >
      {orders.map((order) => (
        <tr key={order._id} data-order-id={order._id}>
          <Td className="whitespace-nowrap">
            <Link
              href={`/dashboard/order/${order._id}`}
              className="font-mono text-xs text-brand-700 underline underline-offset-2"
              title={words.ordersTable.orderTitle(order._id)}
            >
              {order._id.slice(-8)}
            </Link>
            <span className="block text-xs text-slate-600">
              <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
            </span>
          </Td>
          <Td className="min-w-36">
            <span className="font-medium text-slate-900">{order.userName}</span>
            <span className="block text-xs break-all text-slate-600">{order.email}</span>
          </Td>
          <Td className="min-w-40">
            {linesText(order)}
            <span className="block text-xs text-slate-600">
              {words.ordersTable.units(order.quantity)}
            </span>
            {order.poNumber ? (
              <span className="block text-xs break-all text-slate-600">
                {words.ordersTable.poNumber(order.poNumber)}
              </span>
            ) : null}
          </Td>
          <Td className="whitespace-nowrap">
            <span className="font-semibold text-slate-900">
              {formatMoney(toCents(order.price))}
            </span>
            {totalNote ? (
              <span className="block text-xs text-slate-600">{totalNote(order)}</span>
            ) : null}
          </Td>
          {withStatus ? (
            <Td>
              <StatusBadge status={order.status} />
            </Td>
          ) : null}
          {extra ? extra(order) : null}
        </tr>
      ))}
    </Table>
  );
}
