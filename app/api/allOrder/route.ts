import { handle, reply } from '@/lib/api/handle';
import { pageHeaders } from '@/lib/api/pagination';
import { listAllOrdersOp } from '@/lib/orders/api';
import { allOrdersPage, ordersCsvStream, orderDateRange, type AllOrdersQuery } from '@/lib/orders';

/**
 * GET /api/allOrder: one page of the live orders (admins only), newest first (orders placed at
 * the same instant by id), each with its `status`, `history`, `carrier` and `trackingNumber`.
 * `?status=` lists the orders in one status instead; `?status=cancelled` the cancelled ones
 * (deleted by their buyer, cancelled by the store, or expired unpaid), which no other list
 * shows. `?from=` and `?to=` (calendar dates, inclusive, in UTC) keep the orders placed on those
 * days. `?page=` (from 1) and `?limit=` (default 50, at most 100) page as GET /api/product does:
 * `X-Total-Count` gives the number of matching orders and `Link` the next and previous pages; a
 * page past the last is an empty array. A bad parameter (an empty status included, a bad date,
 * `from` after `to`, a page or limit out of bounds) answers 400, as the catalogue's do.
 *
 * `?format=csv` answers every matching order, whatever the page parameters say, as a CSV
 * download (lib/orders/export.ts), streamed from a database cursor.
 */
export const GET = handle(listAllOrdersOp, async ({ request, query }) => {
  const { status, format, page, limit } = query;
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
  const result = await allOrdersPage({ status, dates, page, limit });
  return reply(result.items, { status: 200, headers: pageHeaders(new URL(request.url), result) });
});

/** `orders-live.csv`, `orders-shipped-2026-11-01-to-2026-11-30.csv`: the filter it holds. */
function csvFileName({ status, from, to }: AllOrdersQuery): string {
  const parts = ['orders', status ?? 'live'];
  if (from) parts.push(`from-${from}`);
  if (to) parts.push(`to-${to}`);
  return `${parts.join('-')}.csv`;
}
