import type { QuoteDoc } from './collections';

/**
 * The lines of a quote, whatever its stored shape: a quote for an order list stores them
 * (`lines`); a quote for one product (and every quote from before lists) is one line made of
 * its flat fields. Money in integer cents; a line's price is null until the quote is answered.
 */
export interface QuoteLine {
  productId: string;
  /** The part number (null for a product without one). */
  sku: string | null;
  name: string;
  quantity: number;
  /** The quoted price of one unit in cents; null until answered. */
  unitPriceCents: number | null;
  /** quantity x unit price in cents; null until answered. */
  totalCents: number | null;
}

/** Whether a quote was asked for an order list (stored with its lines). */
export function isListQuote(doc: Pick<QuoteDoc, 'lines'>): boolean {
  return Array.isArray(doc.lines);
}

export function linesOfQuote(doc: QuoteDoc): QuoteLine[] {
  if (!doc.lines) {
    const cents = doc.unitPriceCents ?? null;
    return [
      {
        productId: doc.productId.toHexString(),
        sku: doc.sku ?? null,
        name: doc.productName,
        quantity: doc.quantity,
        unitPriceCents: cents,
        totalCents: cents === null ? null : cents * doc.quantity,
      },
    ];
  }
  return doc.lines.map((line) => {
    const cents = line.unitPriceCents ?? null;
    return {
      productId: line.productId.toHexString(),
      sku: line.sku ?? null,
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: cents,
      totalCents: cents === null ? null : cents * line.quantity,
    };
  });
}

/** The sum of the lines' totals in cents once every line is answered, else null. */
export function quoteTotalCents(lines: readonly QuoteLine[]): number | null {
  let total = 0;
  for (const line of lines) {
    if (line.totalCents === null) return null;
    total += line.totalCents;
  }
  return total;
}

/** The name a quote of several lines goes by where one name is shown (its flat `productName`). */
export function listQuoteName(first: string, lineCount: number): string {
  const more = lineCount - 1;
  return more < 1 ? first : `${first} and ${more} more ${more === 1 ? 'part' : 'parts'}`;
}
