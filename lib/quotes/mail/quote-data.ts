import type { QuoteDoc } from '../collections';

/**
 * Everything a quote mail shows, as plain values, built from the quote document when the mail
 * is sent (so it shows the quote as it is then). Money in integer cents.
 */
export interface QuoteMailData {
  id: string;
  reference: string;
  buyer: { name: string; email: string; phone: string };
  product: { name: string; partNumber: string | null };
  quantity: number;
  neededBy: Date | null;
  deliveryAddress: string;
  note: string | null;
  requestedAt: Date;
  /** Present once answered. */
  answer: { unitPriceCents: number; totalCents: number; validUntil: Date } | null;
  /** Present once declined. */
  declineReason: string | null;
}

export function quoteMailData(doc: QuoteDoc): QuoteMailData {
  return {
    id: doc._id.toHexString(),
    reference: doc.reference,
    buyer: { name: doc.userName, email: doc.email, phone: doc.phone },
    product: { name: doc.productName, partNumber: doc.sku || null },
    quantity: doc.quantity,
    neededBy: doc.neededBy ?? null,
    deliveryAddress: doc.address,
    note: doc.note ?? null,
    requestedAt: doc.createdAt,
    answer:
      doc.unitPriceCents !== undefined && doc.validUntil
        ? {
            unitPriceCents: doc.unitPriceCents,
            totalCents: doc.unitPriceCents * doc.quantity,
            validUntil: doc.validUntil,
          }
        : null,
    declineReason: doc.declineReason ?? null,
  };
}
