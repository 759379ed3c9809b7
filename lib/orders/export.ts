import 'server-only';
import { csvRecords, type CsvCell } from '@/lib/core/csv';
import { orderExportCursor, type OrderExportDoc } from '@/lib/orders/export-store';
import type { OrderDateBounds } from '@/lib/orders/store';
import type { OrderStatus } from './lifecycle';

/**
 * Manage Orders' CSV export, for the back office's accounting and ERP imports: one record per
 * line of each order of the current filter (RFC 4180, lib/core/csv), orders newest first and
 * each order's lines in its own order, streamed from a database cursor so the size of the
 * export never decides the memory it takes.
 */

/**
 * The header row, in column order. Part number, Product, Quantity, Unit price and Total are the
 * line's (Total: its quantity x unit price); every other column is the order's, repeated on each
 * of its lines, so an importer groups the lines of an order by its Order ID and the order's
 * total is the sum of their Totals. An order of one line has one record, the same as before
 * orders had lines: its line's Total is the order's total.
 */
export const ORDER_CSV_COLUMNS = [
  'Order ID',
  'Date',
  'Status',
  'Customer email',
  'Customer name',
  'Company',
  'Part number',
  'Product',
  'Quantity',
  'Unit price',
  'Total',
  'Paid date',
  'Transaction ID',
  'Invoice number',
  'Carrier',
  'Tracking number',
] as const;

/** Integer cents as a decimal amount with two decimals (265 → `2.65`), exactly. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * One line's record: the line's part and amounts, its order's other columns. Dates are ISO 8601
 * in UTC; amounts in dollars from integer cents.
 */
export function orderCsvRow(doc: OrderExportDoc): CsvCell[] {
  return [
    doc._id.toHexString(),
    doc.createdAt.toISOString(),
    doc.status,
    doc.email,
    doc.userName,
    text(doc.company),
    text(doc.sku) ?? text(doc.productSku),
    doc.name,
    doc.quantity,
    centsToDecimal(doc.unitPriceCents),
    centsToDecimal(doc.totalCents),
    doc.paid && doc.paidAt ? doc.paidAt.toISOString() : null,
    doc.paid ? doc.transactionId : null,
    doc.invoiceNumber,
    doc.carrier,
    doc.trackingNumber,
  ];
}

/** How many records (lines) one chunk of the stream holds at most (one cursor batch). */
const ROWS_PER_CHUNK = 500;

/**
 * The CSV of the orders of Manage Orders' filter as a byte stream: the header row, then the
 * records as the cursor yields them. Pulled by the reader (the response being sent): a chunk
 * is made only when the one before has been taken, so a slow download holds back the cursor
 * instead of filling memory. A cancelled download closes the cursor. Overdue unpaid orders are
 * expired first, as the screen does.
 */
export async function ordersCsvStream(
  status?: OrderStatus,
  dates: OrderDateBounds = {},
): Promise<ReadableStream<Uint8Array>> {
  const cursor = await orderExportCursor(status, dates);
  // Runs the aggregation now (its first batch only), so a failure of the query is the request's
  // error rather than a download cut short.
  await cursor.hasNext();
  const encoder = new TextEncoder();
  let headerSent = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          if (!headerSent) {
            headerSent = true;
            controller.enqueue(encoder.encode(csvRecords([ORDER_CSV_COLUMNS])));
            return;
          }
          const rows: CsvCell[][] = [];
          // Takes what the cursor holds already, fetching one more batch only when it is empty.
          do {
            const doc = await cursor.next();
            if (!doc) break;
            rows.push(orderCsvRow(doc));
          } while (rows.length < ROWS_PER_CHUNK && cursor.bufferedCount() > 0);
          if (rows.length) controller.enqueue(encoder.encode(csvRecords(rows)));
          else {
            await cursor.close();
            controller.close();
          }
        } catch (error) {
          await cursor.close().catch(() => undefined);
          controller.error(error);
        }
      },
      async cancel() {
        await cursor.close();
      },
    },
    { highWaterMark: 1 },
  );
}
