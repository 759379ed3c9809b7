import { NextResponse } from 'next/server';
import { fieldIssues, fieldsError } from '@/lib/core/errors';
import { route } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/accounts';
import { everyOrder } from '@/lib/orders';
import { ordersCsvStream } from '@/lib/orders';
import { allOrdersQuerySchema, orderDateRange, type AllOrdersQuery } from '@/lib/orders';

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
export const GET = route(async (request) => {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const parsed = allOrdersQuerySchema.safeParse({
    status: search.get('status') ?? undefined,
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
    format: search.get('format') ?? undefined,
  });
  if (!parsed.success) throw fieldsError(fieldIssues(parsed.error), 'bad_request');
  const { status, format } = parsed.data;
  const dates = orderDateRange(parsed.data);
  if (format === 'csv') {
    return new Response(await ordersCsvStream(status, dates), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${csvFileName(parsed.data)}"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  }
  return NextResponse.json(await everyOrder({ status, dates }));
});

/** `orders-live.csv`, `orders-shipped-2026-11-01-to-2026-11-30.csv`: the filter it holds. */
function csvFileName({ status, from, to }: AllOrdersQuery): string {
  const parts = ['orders', status ?? 'live'];
  if (from) parts.push(`from-${from}`);
  if (to) parts.push(`to-${to}`);
  return `${parts.join('-')}.csv`;
}
