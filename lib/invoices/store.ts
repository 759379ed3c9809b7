import 'server-only';
import { createHash } from 'node:crypto';
import { Binary, type ObjectId } from 'mongodb';
import { collections, getDb } from '@/lib/core/db';
import type { InvoiceDetailsDoc, OrderDoc } from '@/lib/core/db/collections';
import { toObjectId } from '@/lib/core/ids';

/**
 * What an invoice shows beyond the order's amounts, and the invoice's PDF once drawn.
 *
 * The buyer (name, email, company, tax id), the delivery address and phone and the part number
 * are frozen on the order in the same conditional update that marks it paid
 * (`invoiceDetailsUpdate`, used by `markOrderPaid`): the invoice is drawn from the order alone,
 * so editing My Profile or the product afterwards never changes an issued invoice. An order
 * paid before this was stored gets its details frozen, once, when its invoice is first drawn
 * (`frozenInvoiceDetails`), from the profile and product as they are then.
 *
 * The PDF itself is stored once per invoice number (`invoicePdfs`, the number as `_id`): every
 * later download answers the stored bytes.
 */
export interface InvoiceDetails {
  partNumber: string | null;
  poNumber: string | null;
  company: string | null;
  taxId: string | null;
  /** The frozen buyer and delivery; when absent (documents built by hand) the order's own. */
  name?: string;
  email?: string;
  address?: string;
  phone?: string;
}

/**
 * Fields read here that other features write: `company` and `taxId` on users. They are read
 * defensively (strings only) so an invoice never depends on their shape.
 */
type OrderFields = Pick<
  OrderDoc,
  'sku' | 'productId' | 'userId' | 'userName' | 'email' | 'address' | 'phone'
>;
type BuyerFields = { name?: unknown; email?: unknown; company?: unknown; taxId?: unknown };

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

const orderProjection = {
  sku: 1,
  productId: 1,
  userId: 1,
  userName: 1,
  email: 1,
  address: 1,
  phone: 1,
} as const;

/** The buyer and part as they are now, for an order about to be (or already) paid. */
async function currentDetails(order: OrderFields, now: Date): Promise<InvoiceDetailsDoc> {
  const { users, products } = collections(await getDb());
  const [buyer, product] = await Promise.all([
    order.userId
      ? users.findOne<BuyerFields>(
          { _id: order.userId },
          { projection: { name: 1, email: 1, company: 1, taxId: 1 } },
        )
      : null,
    text(order.sku) ? null : products.findOne({ _id: order.productId }, { projection: { sku: 1 } }),
  ]);
  return {
    name: text(buyer?.name) ?? order.userName,
    email: text(buyer?.email) ?? order.email,
    company: text(buyer?.company),
    taxId: text(buyer?.taxId),
    address: order.address,
    phone: order.phone,
    partNumber: text(order.sku) ?? text(product?.sku),
    frozenAt: now,
  };
}

/**
 * The `$set` that freezes an order's invoice details, for the update that marks it paid; null
 * when the order does not exist (that update then finds nothing either).
 */
export async function invoiceDetailsUpdate(
  orderId: string,
  now = new Date(),
): Promise<{ invoiceDetails: InvoiceDetailsDoc } | null> {
  const _id = toObjectId(orderId);
  if (!_id) return null;
  const order = await collections(await getDb()).orders.findOne<OrderFields>(
    { _id },
    { projection: orderProjection },
  );
  return order ? { invoiceDetails: await currentDetails(order, now) } : null;
}

/**
 * The invoice details of a paid order, as frozen on it. An order paid before details were
 * frozen at payment gets them now, with one conditional update that only writes where none are
 * stored (concurrent first downloads agree on one). Null when the id is malformed or unknown,
 * or the order is not paid.
 */
export async function frozenInvoiceDetails(orderId: string): Promise<InvoiceDetails | null> {
  const _id = toObjectId(orderId);
  if (!_id) return null;
  const { orders } = collections(await getDb());
  const projection = { ...orderProjection, paid: 1, poNumber: 1, invoiceDetails: 1 } as const;
  type Stored = OrderFields & Pick<OrderDoc, 'paid' | 'invoiceDetails'> & { poNumber?: unknown };
  let order = await orders.findOne<Stored>({ _id }, { projection });
  if (!order?.paid) return null;
  if (!order.invoiceDetails) {
    const details = await currentDetails(order, new Date());
    await orders.updateOne(
      { _id, paid: true, invoiceDetails: { $exists: false } },
      { $set: { invoiceDetails: details } },
    );
    order = await orders.findOne<Stored>({ _id }, { projection });
    if (!order?.invoiceDetails) return null;
  }
  const frozen = order.invoiceDetails;
  return {
    name: frozen.name,
    email: frozen.email,
    company: frozen.company,
    taxId: frozen.taxId,
    address: frozen.address,
    phone: frozen.phone,
    partNumber: frozen.partNumber,
    // Given when the order was placed and never changed: read from the order.
    poNumber: text(order.poNumber),
  };
}

/** The stored PDF of an invoice number, or null when it was never stored. */
export async function findInvoicePdf(invoiceNumber: string): Promise<Buffer | null> {
  const doc = await collections(await getDb()).invoicePdfs.findOne(
    { _id: invoiceNumber },
    { projection: { pdf: 1 } },
  );
  return doc ? Buffer.from(doc.pdf.buffer) : null;
}

/**
 * Stores the first drawing of an invoice and answers the bytes stored for its number: these,
 * or those of a concurrent first download that stored first (the number is the `_id`, so only
 * one is ever kept and every download answers the same bytes).
 */
export async function storeInvoicePdf(
  invoiceNumber: string,
  orderId: ObjectId,
  pdf: Buffer,
): Promise<Buffer> {
  const { invoicePdfs } = collections(await getDb());
  try {
    await invoicePdfs.insertOne({
      _id: invoiceNumber,
      orderId,
      pdf: new Binary(pdf),
      sha256: createHash('sha256').update(pdf).digest('hex'),
      createdAt: new Date(),
    });
    return pdf;
  } catch (error) {
    if ((error as { code?: number }).code !== 11000) throw error;
    return (await findInvoicePdf(invoiceNumber)) ?? pdf;
  }
}
