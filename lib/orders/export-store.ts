import 'server-only';
import type { AggregationCursor } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { collections } from './collections';
import type { OrderDoc } from './collections';
import { allOrdersFilter, type OrderDateBounds } from '@/lib/orders/store';
import type { OrderStatus } from '@/lib/orders/lifecycle';

/**
 * One line of an order as the CSV export reads it: the order's own fields, its buyer's company
 * (My Profile), and the line's part (`productId`, `sku`, `name`), `quantity`, `unitPriceCents`
 * and `totalCents` in place of the order's, with the line's product's current part number for
 * orders stored before part numbers were copied (as invoices do, lib/orders/invoice-details.ts).
 * An order from before lines is read as its one line, its own fields.
 */
export type OrderExportDoc = Pick<
  OrderDoc,
  | '_id'
  | 'createdAt'
  | 'status'
  | 'email'
  | 'userName'
  | 'sku'
  | 'name'
  | 'quantity'
  | 'unitPriceCents'
  | 'totalCents'
  | 'paid'
  | 'paidAt'
  | 'transactionId'
  | 'invoiceNumber'
  | 'carrier'
  | 'trackingNumber'
> & {
  /** Read from the user, which another feature writes: checked to be text by the caller. */
  company?: unknown;
  productSku?: unknown;
};

/**
 * How many lines the server sends per round trip of the export's cursor. The first batch is read
 * before the download starts (a failing query is then the request's error): 100 lines keep the
 * first byte near 30 ms with 100,000 orders (500 took about 67 ms, `npm run bench`'s scale part).
 */
export const EXPORT_BATCH_SIZE = 100;

/** Whether the unwound order has a line here (an order from before lines has none). */
const hasLine = { $eq: [{ $type: '$lines' }, 'object'] };

/** The line's value of a field where the order has a line, else the order's own. */
const lineOr = (field: string) => ({ $cond: [hasLine, `$lines.${field}`, `$${field}`] });

/**
 * A cursor over the lines of Manage Orders' filter (the live orders or those in `status`,
 * placed within `dates`), orders newest first as the screen lists them and each order's lines
 * in its own order, each with its buyer's company and its product's part number joined by the
 * server ($lookup): one aggregation, never a query per order. The buyer is joined once per
 * order, before the lines are unwound; the product once per line. The documents arrive in
 * batches as the cursor is read; the caller closes it.
 */
export async function orderExportCursor(
  status?: OrderStatus,
  dates: OrderDateBounds = {},
): Promise<AggregationCursor<OrderExportDoc>> {
  const { orders } = collections(await getDb());
  return orders.aggregate<OrderExportDoc>(
    [
      { $match: allOrdersFilter(status, dates) },
      { $sort: { createdAt: -1, _id: -1 } },
      {
        $project: {
          createdAt: 1,
          status: 1,
          email: 1,
          userName: 1,
          userId: 1,
          productId: 1,
          sku: 1,
          name: 1,
          quantity: 1,
          unitPriceCents: 1,
          totalCents: 1,
          paid: 1,
          paidAt: 1,
          transactionId: 1,
          invoiceNumber: 1,
          carrier: 1,
          trackingNumber: 1,
          lines: { productId: 1, sku: 1, name: 1, quantity: 1, unitPriceCents: 1, totalCents: 1 },
        },
      },
      { $lookup: { from: 'users', localField: 'userId', foreignField: '_id', as: 'buyer' } },
      { $addFields: { company: { $first: '$buyer.company' } } },
      { $project: { buyer: 0, userId: 0 } },
      // One document per line, in the order's own order; an order without lines stays one.
      { $unwind: { path: '$lines', preserveNullAndEmptyArrays: true } },
      {
        $addFields: {
          productId: lineOr('productId'),
          sku: lineOr('sku'),
          name: lineOr('name'),
          quantity: lineOr('quantity'),
          unitPriceCents: lineOr('unitPriceCents'),
          totalCents: lineOr('totalCents'),
        },
      },
      {
        $lookup: {
          from: 'products',
          localField: 'productId',
          foreignField: '_id',
          as: 'product',
        },
      },
      { $addFields: { productSku: { $first: '$product.sku' } } },
      { $project: { product: 0, productId: 0, lines: 0 } },
    ],
    { batchSize: EXPORT_BATCH_SIZE },
  );
}
