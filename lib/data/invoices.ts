import 'server-only';
import { collections, getDb } from '@/lib/db';
import type { OrderDoc } from '@/lib/db/collections';
import { toObjectId } from './ids';

/**
 * What an invoice shows beyond the order record: the part number, the buyer's purchase order
 * number, company and tax id. Each is optional: older orders have no part number copied (the
 * product's current one is used while the product exists), and a buyer's profile may have no
 * company or tax id.
 */
export interface InvoiceDetails {
  partNumber: string | null;
  poNumber: string | null;
  company: string | null;
  taxId: string | null;
}

/**
 * Fields read here that other features write: `poNumber` on orders, `company` and `taxId` on
 * users. They are read defensively (strings only) so an invoice never depends on their shape.
 */
type OrderFields = Pick<OrderDoc, 'sku' | 'productId' | 'userId'> & { poNumber?: unknown };
type BuyerFields = { company?: unknown; taxId?: unknown };

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The invoice details of an order; null when the id is malformed or unknown. */
export async function findInvoiceDetails(orderId: string): Promise<InvoiceDetails | null> {
  const _id = toObjectId(orderId);
  if (!_id) return null;
  const { orders, users, products } = collections(await getDb());
  const order = await orders.findOne<OrderFields>(
    { _id },
    { projection: { sku: 1, productId: 1, userId: 1, poNumber: 1 } },
  );
  if (!order) return null;
  const [buyer, product] = await Promise.all([
    order.userId
      ? users.findOne<BuyerFields>({ _id: order.userId }, { projection: { company: 1, taxId: 1 } })
      : null,
    order.sku ? null : products.findOne({ _id: order.productId }, { projection: { sku: 1 } }),
  ]);
  return {
    partNumber: text(order.sku) ?? text(product?.sku),
    poNumber: text(order.poNumber),
    company: text(buyer?.company),
    taxId: text(buyer?.taxId),
  };
}
