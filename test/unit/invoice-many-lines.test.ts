import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { InvoiceDetails } from '@/lib/orders/invoice-details';
import type { OrderLine, OrderRecord } from '@/lib/orders/store';
import { renderInvoicePdf } from '@/lib/invoices/document';
import { invoiceData, type InvoiceData } from '@/lib/invoices/invoice';
import { formatMoney } from '@/lib/core/money';

// The invoice of an order of many lines: every line listed with its part number and the unit
// price of its tier, the table breaking across pages with its header on each, the total on the
// last page.

/** Line n (1-based): its own part number, name, quantity and tier price. */
function lineOf(n: number): OrderLine {
  const quantity = 100 + n * 10;
  const unitPriceCents = 25 + (n % 7) * 11;
  return {
    productId: `6741f0c2a1b2c3d4e5f6${String(n).padStart(4, '0')}`,
    sku: n % 10 === 0 ? null : `PN-${String(n).padStart(4, '0')}-ZP`,
    // Every ninth name is long enough to wrap in its column.
    name:
      n % 9 === 0
        ? `Stainless steel socket head cap screw, hexagon drive, fully threaded, item ${n}`
        : `Hex bolt item ${n}`,
    picture: '/images/products/hex-flange-bolt.webp',
    quantity,
    unitPriceCents,
    totalCents: quantity * unitPriceCents,
  };
}

/** A paid order of `count` lines, its flat fields as a multi-line order stores them. */
function orderOf(count: number): OrderRecord & { invoiceNumber: string } {
  const lines = Array.from({ length: count }, (_, index) => lineOf(index + 1));
  const totalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const first = lines[0]!;
  return {
    _id: '6741f0c2a1b2c3d4e5f60718',
    lines,
    productId: first.productId,
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    userName: 'Priya Raman',
    email: 'priya@example.com',
    name: `${first.name} and ${count - 1} more parts`,
    picture: first.picture,
    description: `${count} parts in one order: see its lines`,
    minimumOrderQuantity: 100,
    availableQuantity: 10_000,
    unitPrice: first.unitPriceCents / 100,
    price: totalCents / 100,
    address: '14 Foundry Lane\nSheffield S1 2AB',
    phone: '01142345678',
    status: 'paid',
    history: [],
    paid: true,
    poNumber: 'PO-2026-00417',
    carrier: null,
    trackingNumber: null,
    sku: first.sku,
    transactionId: 'pi_3QmanyLines',
    paidAt: '2026-12-03T14:05:00.000Z',
    invoiceNumber: 'INV-2026-000500',
    createdAt: '2026-12-02T09:30:00.000Z',
    payBy: '2026-12-04T09:30:00.000Z',
    cancelledAt: null,
    cancelReason: null,
    quoteReference: null,
    companyId: null,
    placedBy: null,
    approval: null,
    account: null,
    userId: '6741f0c2a1b2c3d4e5f60002',
    unitPriceCents: first.unitPriceCents,
    totalCents,
    paymentIntentId: 'pi_3QmanyLines',
    bankTransferRemainingCents: null,
  };
}

const details: InvoiceDetails = {
  partNumber: 'FROZEN-FIRST',
  poNumber: 'PO-2026-00417',
  company: 'Raman Fabrication Ltd',
  taxId: null,
};
const seller = { name: 'Forgeline Parts', address: 'Unit 4, Riverside Works\nSheffield S3 8DG' };

/** The text of each page of the invoice's PDF, as a reader would copy it. */
async function pagesOf(data: InvoiceData): Promise<string[]> {
  const pdf = await renderInvoicePdf(data);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: false,
  });
  return text;
}

/** How often `part` occurs in `text`. */
const count = (text: string, part: string) => text.split(part).length - 1;

describe('invoiceData of an order of several lines', () => {
  it('lists every line as placed, with the part number copied onto it', () => {
    const data = invoiceData(orderOf(3), details, seller);
    expect(data.lines).toEqual([
      {
        partNumber: 'PN-0001-ZP',
        product: 'Hex bolt item 1',
        quantity: 110,
        unitPriceCents: 36,
        amountCents: 3_960,
        priceSource: null,
      },
      {
        partNumber: 'PN-0002-ZP',
        product: 'Hex bolt item 2',
        quantity: 120,
        unitPriceCents: 47,
        amountCents: 5_640,
        priceSource: null,
      },
      {
        partNumber: 'PN-0003-ZP',
        product: 'Hex bolt item 3',
        quantity: 130,
        unitPriceCents: 58,
        amountCents: 7_540,
        priceSource: null,
      },
    ]);
    expect(data.line).toEqual(data.lines[0]);
    expect(data.totalCents).toBe(3_960 + 5_640 + 7_540);
  });

  it('keeps an order of one line as it was: its part number is the one frozen at payment', () => {
    const data = invoiceData(orderOf(1), details, seller);
    expect(data.lines).toEqual([
      {
        partNumber: 'FROZEN-FIRST',
        product: 'Hex bolt item 1 and 0 more parts',
        quantity: 110,
        unitPriceCents: 36,
        amountCents: 3_960,
        priceSource: null,
      },
    ]);
    expect(data.line).toEqual(data.lines[0]);
  });
});

describe('the invoice of a 100-line order', () => {
  it('lists every line, breaks across pages with the header on each, totals on the last', async () => {
    const order = orderOf(100);
    const pages = await pagesOf(invoiceData(order, details, seller));
    expect(pages.length).toBeGreaterThan(1);
    const all = pages.join('\n');

    // Every line, once, in order: its part number (or the dash), name, quantity, unit price and
    // amount.
    let at = 0;
    for (const [index, line] of order.lines.entries()) {
      if (line.sku) expect(count(all, line.sku)).toBe(1);
      // A long name wraps: its end, "item 9", is what follows the part number's row.
      const found = all.slice(at).search(new RegExp(`item ${index + 1}(?!\\d)`));
      expect(found, line.name).toBeGreaterThanOrEqual(0);
      at += found + 1;
      const row = all.slice(at, at + 40);
      expect(row).toContain(line.quantity.toLocaleString('en-US'));
      expect(row).toContain(formatMoney(line.unitPriceCents));
      expect(row).toContain(formatMoney(line.totalCents));
    }
    expect(count(all, 'Hex bolt item ')).toBe(100 - 11);
    expect(count(all, 'Stainless steel socket head cap')).toBe(11);

    // The table's header on every page, each page numbered.
    pages.forEach((page, index) => {
      expect(page).toContain('Part number');
      expect(page).toContain('Unit price');
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      expect(page).toContain('INV-2026-000500');
    });

    // The total and the payment only on the last page.
    const last = pages.at(-1)!;
    expect(last).toContain('Total (USD)');
    expect(last).toContain(formatMoney(order.totalCents));
    expect(last).toContain('Paid in full');
    expect(last).toContain('Transaction ID: pi_3QmanyLines');
    for (const page of pages.slice(0, -1)) {
      expect(page).not.toContain('Total (USD)');
      expect(page).not.toContain('Paid in full');
    }
  });

  it('keeps the total and the payment together whatever the last page holds', async () => {
    // Around the first page break: the last rows fill the page, or leave no room for the total.
    for (let lines = 18; lines <= 34; lines += 1) {
      const order = orderOf(lines);
      const pages = await pagesOf(invoiceData(order, details, seller));
      const all = pages.join('\n');
      expect(all, `${lines} lines`).toMatch(new RegExp(`item ${lines}(?!\\d)`));
      const last = pages.at(-1)!;
      expect(last, `${lines} lines`).toContain('Total (USD)');
      expect(last, `${lines} lines`).toContain(formatMoney(order.totalCents));
      expect(last, `${lines} lines`).toContain('Transaction ID: pi_3QmanyLines');
      expect(count(all, 'Total (USD)'), `${lines} lines`).toBe(1);
      expect(count(all, 'Paid in full'), `${lines} lines`).toBe(1);
    }
  }, 30_000);
});
