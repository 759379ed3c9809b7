import type { QuoteDoc } from '../collections';
import { linesOfQuote, quoteTotalCents } from '../lines';

/** One line of a quote for an order list, as its mails list it. */
export interface QuoteMailLine {
  name: string;
  partNumber: string | null;
  quantity: number;
  /** Null until answered. */
  unitPriceCents: number | null;
  totalCents: number | null;
}

/**
 * Everything a quote mail shows, as plain values, built from the quote document when the mail
 * is sent (so it shows the quote as it is then). Money in integer cents.
 */
export interface QuoteMailData {
  id: string;
  reference: string;
  buyer: { name: string; email: string; phone: string };
  product: { name: string; partNumber: string | null };
  /** The units asked (for an order list, of all its lines). */
  quantity: number;
  /** The lines of a quote for an order list; absent for a quote of one product. */
  lines?: QuoteMailLine[];
  neededBy: Date | null;
  deliveryAddress: string;
  note: string | null;
  requestedAt: Date;
  /** Present once answered; `unitPriceCents` is null for an order list (each line has its own). */
  answer: { unitPriceCents: number | null; totalCents: number; validUntil: Date } | null;
  /** Present once declined. */
  declineReason: string | null;
}

export function quoteMailData(doc: QuoteDoc): QuoteMailData {
  if (doc.lines) {
    const lines = linesOfQuote(doc);
    const total = quoteTotalCents(lines);
    return {
      ...quoteMailData({ ...doc, lines: undefined, unitPriceCents: undefined }),
      lines: lines.map((line) => ({
        name: line.name,
        partNumber: line.sku,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        totalCents: line.totalCents,
      })),
      answer:
        total !== null && doc.validUntil
          ? { unitPriceCents: null, totalCents: total, validUntil: doc.validUntil }
          : null,
    };
  }
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
