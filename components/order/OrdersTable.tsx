import type { ReactNode } from 'react';
import type { Order } from '@/lib/orders';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import { DeleteOrderButton, OrderDeletion } from './DeleteOrderButton';

/**
 * An orders table of the dashboard, rendered on the server: numbered rows with the page's own
 * cells and a Delete button (enabled only for unpaid orders), or `empty` when there are no
 * orders. Only the Delete buttons and their dialogs (and the page's own controls) run in the
 * browser.
 */
export function OrdersTable({
  orders,
  numberHeading,
  headings,
  cells,
  empty,
  confirmTitle,
  cancelledText,
  firstNumber = 1,
}: {
  orders: Order[];
  /** The heading of the row-number column. */
  numberHeading: string;
  /** The first row's number (a later page of a list goes on from the pages before it). */
  firstNumber?: number;
  /** The headings of the page's own columns, between the number and Delete. */
  headings: readonly string[];
  /** The page's own cells of one order's row. */
  cells: (order: Order) => ReactNode;
  empty: string;
  confirmTitle: string;
  cancelledText?: string;
}) {
  return (
    <OrderDeletion confirmTitle={confirmTitle} cancelledText={cancelledText}>
      {orders.length === 0 ? (
        <p className="mt-4 text-slate-600">{empty}</p>
      ) : (
        <Table className="mt-4" columns={[numberHeading, ...headings, 'Delete']}>
          {orders.map((order, index) => (
            <tr key={order._id} data-order-id={order._id}>
              <RowHeader>{firstNumber + index}</RowHeader>
              {cells(order)}
              <Td>
                <DeleteOrderButton orderId={order._id} status={order.status} />
              </Td>
            </tr>
          ))}
        </Table>
      )}
    </OrderDeletion>
  );
}
