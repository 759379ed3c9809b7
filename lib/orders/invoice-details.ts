import 'server-only';
import { findInvoiceBuyer } from '@/lib/accounts';
import { companyInvoiceParty } from '@/lib/companies';
import { findProductPartNumber } from '@/lib/catalogue';
import { getDb } from '@/lib/core/db';
import { toObjectId } from '@/lib/core/db/ids';
import {
  collections,
  type InvoiceDetailsDoc,
  type OrderDoc,
  type OrderLineDoc,
} from './collections';

/**
 * What an invoice shows beyond the order's amounts, frozen on the order (the invoice itself,
 * drawn from the order, is lib/invoices).
 *
 * The buyer (name, email, company, tax id), the delivery address and phone and the part number
 * are frozen on the order in the same conditional update that marks it paid
 * (`invoiceDetailsUpdate`, used by `markOrderPaid`): the invoice is drawn from the order alone,
 * so editing My Profile or the product afterwards never changes an issued invoice. An order
 * paid before this was stored gets its details frozen, once, when its invoice is first drawn
 * (`frozenInvoiceDetails`), from the profile and product as they are then.
 *
 * `partNumber` is the part number of an order of one product. An order of several lines lists
 * each line with the part number copied onto it when the order was placed (lib/invoices,
 * `invoiceLines`): its `partNumber` is its first line's, never looked up.
 */
export interface InvoiceDetails {
  partNumber: string | null;
  poNumber: string | null;
  company: string | null;
  taxId: string | null;
  /** A company order's billing address (the company's, frozen at payment); null otherwise. */
  billingAddress?: string | null;
  /** The frozen buyer and delivery; when absent (documents built by hand) the order's own. */
  name?: string;
  email?: string;
  address?: string;
  phone?: string;
}

/**
 * Fields read here that another feature writes: `company` and `taxId` on users (read through
 * lib/accounts). They are read defensively (strings only) so an invoice never depends on their
 * shape.
 */
type OrderFields = Pick<
  OrderDoc,
  'sku' | 'productId' | 'userId' | 'userName' | 'email' | 'address' | 'phone' | 'companyId'
> & { lines?: Array<Pick<OrderLineDoc, 'sku'>> };

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
  'lines.sku': 1,
  companyId: 1,
} as const;

/**
 * The buyer and part as they are now, for an order about to be (or already) paid. A company
 * order prints its company's name, tax id and billing address (as the company is then), not
 * its placer's My Profile.
 */
async function currentDetails(order: OrderFields, now: Date): Promise<InvoiceDetailsDoc> {
  const ofLines = (order.lines?.length ?? 0) > 1;
  const [buyer, product, company] = await Promise.all([
    order.userId ? findInvoiceBuyer(order.userId) : null,
    text(order.sku) || ofLines ? null : findProductPartNumber(order.productId),
    order.companyId ? companyInvoiceParty(order.companyId) : null,
  ]);
  return {
    name: text(buyer?.name) ?? order.userName,
    email: text(buyer?.email) ?? order.email,
    company: company ? company.name : text(buyer?.company),
    taxId: company ? company.taxId : text(buyer?.taxId),
    ...(company ? { billingAddress: company.billingAddress } : {}),
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
    billingAddress: frozen.billingAddress ?? null,
    address: frozen.address,
    phone: frozen.phone,
    partNumber: frozen.partNumber,
    // Given when the order was placed and never changed: read from the order.
    poNumber: text(order.poNumber),
  };
}
