import type { InvoiceDetails, OrderRecord } from '@/lib/orders';
import { priceSourceLabel } from '@/lib/pricing/shared';

/**
 * Everything one invoice shows, as plain data: built from the order, the buyer's details frozen
 * on it at payment and the store's settings by `invoiceData`, drawn by `renderInvoicePdf`
 * (document.ts). Amounts in integer cents.
 */
export interface InvoiceData {
  number: string;
  /** The invoice date: the payment date (an invoice is issued when its order is paid). */
  issuedOn: Date;
  /** ISO 4217 code of every amount. */
  currency: 'USD';
  seller: { name: string; addressLines: string[]; taxId: string | null };
  buyer: {
    name: string;
    email: string;
    company: string | null;
    taxId: string | null;
    /** A company order's billing address, line by line; empty otherwise. */
    billingAddressLines: string[];
    poNumber: string | null;
  };
  delivery: { addressLines: string[]; phone: string };
  /** `quoteReference`: the accepted quote the order was placed from, if any. */
  order: { id: string; placedOn: Date; quoteReference: string | null };
  /** The order's first line: its only one for an order of one product. */
  line: InvoiceLine;
  /** Every line of the order, in the order the buyer listed them (at least one). */
  lines: InvoiceLine[];
  /** The sum of the lines' amounts: what was paid. */
  totalCents: number;
  payment: { paidOn: Date | null; method: string; transactionId: string | null };
}

/** One line of an invoice: a part, how many, its unit price (of its volume tier) and amount. */
export interface InvoiceLine {
  partNumber: string | null;
  product: string;
  quantity: number;
  unitPriceCents: number;
  /** quantity x unitPriceCents. */
  amountCents: number;
  /** Where the unit price came from ("Contract price", "Volume price"...); null: not recorded. */
  priceSource: string | null;
}

/** The store as the seller: its name and the optional STORE_ADDRESS and STORE_TAX_ID. */
export interface Seller {
  name: string;
  address?: string;
  taxId?: string;
}

/** Non-empty trimmed lines of a multi-line value (an address typed over several lines). */
export function lines(value: string | undefined): string[] {
  return (value ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * The lines an invoice lists. An order of one product is listed from its own fields, with the
 * part number frozen at payment (`details.partNumber`: the order's copy, else the product's
 * then), as invoices always were. An order of several lines lists each line as placed: its
 * part number is the one copied onto the line when the order was placed.
 */
export function invoiceLines(order: OrderRecord, details: InvoiceDetails): InvoiceLine[] {
  if (order.lines.length <= 1) {
    return [
      {
        partNumber: details.partNumber,
        product: order.name,
        quantity: order.quantity,
        unitPriceCents: order.unitPriceCents,
        amountCents: order.totalCents,
        priceSource: priceSourceLabel(order.lines[0]?.priceSource),
      },
    ];
  }
  return order.lines.map((line) => ({
    partNumber: line.sku?.trim() || null,
    product: line.name,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    amountCents: line.totalCents,
    priceSource: priceSourceLabel(line.priceSource),
  }));
}

/** The invoice of a paid order that has its number. */
export function invoiceData(
  order: OrderRecord & { invoiceNumber: string },
  details: InvoiceDetails,
  seller: Seller,
): InvoiceData {
  const listed = invoiceLines(order, details);
  const paidOn = order.paidAt ? new Date(order.paidAt) : null;
  return {
    number: order.invoiceNumber,
    // Orders paid before payment dates were stored are dated by the order itself.
    issuedOn: paidOn ?? new Date(order.createdAt),
    currency: 'USD',
    seller: {
      name: seller.name,
      addressLines: lines(seller.address),
      taxId: seller.taxId?.trim() || null,
    },
    buyer: {
      name: details.name ?? order.userName,
      email: details.email ?? order.email,
      company: details.company,
      taxId: details.taxId,
      billingAddressLines: details.billingAddress ? lines(details.billingAddress) : [],
      poNumber: details.poNumber,
    },
    delivery: {
      addressLines: lines(details.address ?? order.address),
      phone: details.phone ?? order.phone,
    },
    order: {
      id: order._id,
      placedOn: new Date(order.createdAt),
      quoteReference: order.quoteReference,
    },
    line: listed[0]!,
    lines: listed,
    totalCents: order.totalCents,
    payment: { paidOn, method: 'Card (Stripe)', transactionId: order.transactionId },
  };
}

/** The invoice's download name: `INV-2026-000001.pdf`. */
export function invoiceFileName(data: Pick<InvoiceData, 'number'>): string {
  return `${data.number}.pdf`;
}
