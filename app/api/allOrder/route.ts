import { handle } from '@/lib/api/handle';
import { listAllOrdersOp } from '@/lib/orders/api';
import { everyOrder, ordersCsvStream, orderDateRange, type AllOrdersQuery } from '@/lib/orders';

/**
 * GET /api/allOrder: every live order (admins only), newest first, each with its `status`,
 * `history`, `carrier` and `trackingNumber`. `?status=` lists the orders in one status instead;
 * `?status=cancelled` the cancelled ones (deleted by their buyer, cancelled by the store, or
 * expired unpaid), which no other list shows. `?from=` and `?to=` (calendar dates, inclusive,
 * in UTC) keep the orders placed on those days. A bad status (an empty one included), a bad
 * date or `from` after `to` answers 400, as the catalogue's parameters do.
 *
 * `?format=csv` answers the same orders as a CSV download (lib/orders/export.ts), streamed
 * from a database cursor.
 */
export const GET = handle(listAllOrdersOp, async ({ query }) => {
  const { status, format } = query;
  const dates = orderDateRange(query);
  if (format === 'csv') {
    return new Response(await ordersCsvStream(status, dates), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${csvFileName(query)}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  }
  return everyOrder({ status, dates });
});

/** `orders-live.csv`, `orders-shipped-2026-11-01-to-2026-11-30.csv`: the filter it holds. */
function csvFileName({ status, from, to }: AllOrdersQuery): string {
  const parts = ['orders', status ?? 'live'];
  if (from) parts.push(`from-${from}`);
  if (to) parts.push(`to-${to}`);
  return `${parts.join('-')}.csv`;
}
