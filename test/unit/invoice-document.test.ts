import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { InvoiceDetails } from '@/lib/orders/invoice-details';
import type { OrderRecord } from '@/lib/orders/store';
import { formatDay as formatInvoiceDate } from '@/lib/core/dates';
import { renderInvoicePdf } from '@/lib/invoices/document';
import { invoiceData, invoiceFileName, lines, type InvoiceData } from '@/lib/invoices/invoice';

// The invoice document on its own: what `invoiceData` takes from an order, and what the PDF
// shows (its text, extracted as a reader would copy it).

const order: OrderRecord & { invoiceNumber: string } = {
  _id: '6741f0c2a1b2c3d4e5f60718',
  lines: [
    {
      productId: '6741f0c2a1b2c3d4e5f60001',
      sku: null,
      name: 'Hex Bolt M8 x 40 mm',
      picture: '/images/products/hex-flange-bolt.webp',
      quantity: 2_500,
      unitPriceCents: 37,
      totalCents: 92_500,
    },
  ],
  productId: '6741f0c2a1b2c3d4e5f60001',
  quantity: 2_500,
  userName: 'Zoë Łukasiewicz',
  email: 'zoe@example.com',
  name: 'Hex Bolt M8 x 40 mm',
  picture: '/images/products/hex-flange-bolt.webp',
  description: 'Zinc-plated steel hex bolts.',
  minimumOrderQuantity: 500,
  availableQuantity: 10_000,
  unitPrice: 0.37,
  price: 925,
  address: '12 Foundry Lane\n  Sheffield S1 2AB\n\n',
  phone: '01142345678',
  status: 'paid',
  history: [],
  paid: true,
  poNumber: null,
  carrier: null,
  trackingNumber: null,
  sku: null,
  transactionId: 'pi_3Q9x8yZ1a2b3c4d',
  paidAt: '2026-12-31T23:30:00.000Z',
  invoiceNumber: 'INV-2026-000042',
  createdAt: '2026-12-30T09:00:00.000Z',
  payBy: '2027-01-01T09:00:00.000Z',
  cancelledAt: null,
  cancelReason: null,
  quoteReference: null,
  companyId: null,
  placedBy: null,
  approval: null,
  account: null,
  userId: '6741f0c2a1b2c3d4e5f60002',
  unitPriceCents: 37,
  totalCents: 92_500,
  paymentIntentId: 'pi_3Q9x8yZ1a2b3c4d',
  bankTransferRemainingCents: null,
};

const none: InvoiceDetails = { partNumber: null, poNumber: null, company: null, taxId: null };

async function textOf(data: InvoiceData): Promise<string> {
  const pdf = await renderInvoicePdf(data);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), {
    mergePages: true,
  });
  return text;
}

describe('invoiceData', () => {
  it('takes the number, amounts in cents, payment and delivery from the order', () => {
    const data = invoiceData(order, none, { name: 'Forgeline Parts' });
    expect(data).toMatchObject({
      number: 'INV-2026-000042',
      issuedOn: new Date('2026-12-31T23:30:00.000Z'),
      seller: { name: 'Forgeline Parts', addressLines: [], taxId: null },
      buyer: { name: 'Zoë Łukasiewicz', email: 'zoe@example.com', company: null, taxId: null },
      delivery: { addressLines: ['12 Foundry Lane', 'Sheffield S1 2AB'], phone: '01142345678' },
      line: { partNumber: null, quantity: 2_500, unitPriceCents: 37, amountCents: 92_500 },
      totalCents: 92_500,
      payment: { transactionId: 'pi_3Q9x8yZ1a2b3c4d' },
    });
    expect(invoiceFileName(data)).toBe('INV-2026-000042.pdf');
  });

  it('dates an order paid before payment dates were stored by the order', () => {
    const data = invoiceData({ ...order, paidAt: null }, none, { name: 'S' });
    expect(data.issuedOn).toEqual(new Date(order.createdAt));
    expect(data.payment.paidOn).toBeNull();
  });

  it('splits multi-line settings into lines', () => {
    expect(lines('Unit 4\r\nSheffield  \n\nUK')).toEqual(['Unit 4', 'Sheffield', 'UK']);
    expect(lines(undefined)).toEqual([]);
  });
});

describe('renderInvoicePdf', () => {
  it('shows every part of the invoice, as typed', async () => {
    const text = await textOf(
      invoiceData(
        order,
        {
          partNumber: 'HB-M8-40-ZP',
          poNumber: 'PO-77812',
          company: 'Acme Ltd',
          taxId: 'DE811907980',
        },
        {
          name: 'Forgeline Parts',
          address: 'Unit 4, Riverside Works\nSheffield S3 8DG',
          taxId: 'GB1',
        },
      ),
    );
    for (const expected of [
      'Forgeline Parts',
      'Unit 4, Riverside Works',
      'Sheffield S3 8DG',
      'Tax ID: GB1',
      'INVOICE',
      'INV-2026-000042',
      `Invoice date ${formatInvoiceDate(new Date(order.paidAt!))}`,
      'December 31, 2026',
      'PO-77812',
      'Acme Ltd',
      'Zoë Łukasiewicz',
      'zoe@example.com',
      'Tax ID: DE811907980',
      '12 Foundry Lane',
      'Sheffield S1 2AB',
      'HB-M8-40-ZP',
      'Hex Bolt M8 x 40 mm',
      '2,500',
      '$0.37',
      '$925.00',
      'Total (USD)',
      'Paid on December 31, 2026',
      // Inter would draw the x of 9x8 as a multiplication sign: not in an id.
      'Transaction ID: pi_3Q9x8yZ1a2b3c4d',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('names the quote an order was placed from', async () => {
    const quoted = { ...order, quoteReference: 'Q-2026-000017' };
    const text = await textOf(invoiceData(quoted, none, { name: 'Forgeline Parts' }));
    expect(text).toContain('Quote Q-2026-000017');
  });

  it('leaves out what is not known', async () => {
    const text = await textOf(invoiceData(order, none, { name: 'Forgeline Parts' }));
    expect(text).not.toContain('Tax ID');
    expect(text).not.toContain('PO number');
    expect(text).not.toContain('Quote');
    expect(text).toContain('—'); // no part number
  });

  it('keeps the longest part number on one line', async () => {
    const partNumber = 'ABCDEFGHIJ-KLMNOPQRST-UVWXYZ0123-456789AB'; // 40 characters, the most
    const text = await textOf(invoiceData(order, { ...none, partNumber }, { name: 'S' }));
    expect(text).toContain(partNumber);
  });

  it('copies out as typed after other invoices were drawn (no glyph shared between documents)', async () => {
    // Ł is drawn with the glyph of L inside it; a font shared between documents would carry
    // that over and make the next invoice's L copy out wrong.
    const withCompany = { ...none, company: 'Acme Ltd' };
    await textOf(invoiceData(order, withCompany, { name: 'Forgeline Parts' }));
    const text = await textOf(invoiceData(order, { ...none, partNumber: 'LL-100' }, { name: 'S' }));
    expect(text).toContain('LL-100');
  });
});
