import 'server-only';
import type { AggregationCursor } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { collections } from './collections';
import type { OrderDoc } from './collections';
import { allOrdersFilter, type OrderDateBounds } from '@/lib/orders/store';
import type { OrderStatus } from '@/lib/orders/lifecycle';

/**
 * One order as the CSV export reads it: the order's own fields, its buyer's company (My
 * Profile) and its product's current part number for orders stored before part numbers were
 * copied (as invoices do, lib/orders/invoice-details.ts).
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

/** How many orders the server sends per round trip of the export's cursor. */
export const EXPORT_BATCH_SIZE = 500;

/**
 * A cursor over Manage Orders' filter (the live orders or those in `status`, placed within
 * `dates`), newest first as the screen lists them, each order with its buyer's company and its
 * product's part number joined by the server ($lookup): one aggregation, never a query per
 * order. The documents arrive in batches as the cursor is read; the caller closes it.
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
        },
      },
      { $lookup: { from: 'users', localField: 'userId', foreignField: '_id', as: 'buyer' } },
      {
        $lookup: {
          from: 'products',
          localField: 'productId',
          foreignField: '_id',
          as: 'product',
        },
      },
      {
        $addFields: {
          company: { $first: '$buyer.company' },
          productSku: { $first: '$product.sku' },
        },
      },
      { $project: { buyer: 0, product: 0, userId: 0, productId: 0 } },
    ],
    { batchSize: EXPORT_BATCH_SIZE },
  );
}
