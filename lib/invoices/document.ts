import PDFDocument from 'pdfkit';
import { formatDay } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import type { InvoiceData } from './invoice';
import { fontFile, rule, styles, write, type Doc, type Style } from './pdf-text';
import { lineTable } from './line-table';

/**
 * The invoice document: A4 pages drawn with pdfkit from `InvoiceData`, one for an order of a
 * few lines. The lines table breaks across as many pages as its lines take, its header repeated
 * on each; the total and the payment come together after the last line, on the last page, and
 * every page of a longer invoice is numbered in its footer. The text is set in
 * Inter (SIL Open Font License 1.1; lib/invoices/fonts/README.md), read from the repository and
 * embedded as a subset, so rendering needs no network and no system font, and names and
 * addresses in Latin, Greek or Cyrillic script print as typed.
 *
 * Each document parses its own copy of the fonts: a parsed font shared between documents
 * keeps glyphs cached with the characters of their first use, and a glyph first met inside
 * another one (the L of Ł) then copies out of the next PDF as the wrong text.
 */

/** Renders the invoice as a PDF file. */
export async function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    // Starting in Inter keeps pdfkit from loading its built-in Helvetica, which this document
    // never uses; the regular style is this font, embedded once.
    font: fontFile('regular'),
    // Pages are kept until the end, so each footer can say which page of how many it is.
    bufferPages: true,
    info: {
      Title: `Invoice ${data.number}`,
      Author: data.seller.name,
      Subject: `Invoice ${data.number} for order ${data.order.id}`,
      CreationDate: data.issuedOn,
    },
  });

  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  draw(doc, data);
  doc.end();
  return finished;
}

/** Label/value rows, the values right-aligned; answers the y below them. */
function keyValues(doc: Doc, rows: Array<[string, string]>, x: number, y: number, width: number) {
  const labelWidth = 90;
  for (const [label, value] of rows) {
    const labelBottom = write(doc, 'label', label, x, y, { width: labelWidth });
    const valueBottom = write(doc, 'value', value, x + labelWidth, y, {
      width: width - labelWidth,
      align: 'right',
    });
    y = Math.max(labelBottom, valueBottom) + 4;
  }
  return y;
}

/** A headed block of lines, the first one bold; answers the y below it. */
function block(doc: Doc, heading: string, body: string[], x: number, y: number, width: number) {
  let at = write(doc, 'heading', heading.toUpperCase(), x, y, { width }) + 4;
  body.forEach((line, index) => {
    at = write(doc, index === 0 ? 'strong' : 'body', line, x, at, { width }) + 1;
  });
  return at;
}

/** The space between two lines of the table. */
const ROW_GAP = 6;

/**
 * The lowest y a page's content may reach: the footer's line (and a little air) stays below it,
 * and no text ever runs into the bottom margin, where pdfkit would start a page of its own.
 */
function contentBottom(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom - 24;
}

/** Starts the next page with the invoice's name; answers the y below it. */
function continuePage(doc: Doc, data: InvoiceData): number {
  doc.addPage();
  const { left, right, top } = doc.page.margins;
  const width = doc.page.width - left - right;
  const bottom = write(doc, 'label', `Invoice ${data.number} (continued)`, left, top, {
    width,
    align: 'right',
  });
  return bottom + 16;
}

/** The payment block's lines. */
function paymentLines(data: InvoiceData): string[] {
  const payment = data.payment;
  return [
    payment.paidOn ? `Paid on ${formatDay(payment.paidOn)}` : 'Paid',
    `Method: ${payment.method}`,
    ...(payment.transactionId ? [`Transaction ID: ${payment.transactionId}`] : []),
  ];
}

/** How tall the total and the payment below it are, as `draw` sets them. */
function totalsHeight(doc: Doc, data: InvoiceData, width: number): number {
  const height = (style: Style, text: string) => {
    const { font, size } = styles[style];
    return doc.font(fontFile(font)).fontSize(size).heightOfString(text, { width });
  };
  const lines = paymentLines(data);
  return (
    height('total', 'Total') +
    2 +
    height('label', 'Paid in full') +
    28 +
    height('heading', 'PAYMENT') +
    4 +
    lines.reduce((sum, line, index) => sum + height(index === 0 ? 'strong' : 'body', line) + 1, 0)
  );
}

/**
 * The footer of every page, above the bottom margin so it never starts a page of its own; an
 * invoice of more than one page numbers them.
 */
function footers(doc: Doc, data: InvoiceData, width: number): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const page = count > 1 ? ` · Page ${index - start + 1} of ${count}` : '';
    write(
      doc,
      'note',
      `${data.seller.name} · Invoice ${data.number} · Thank you for your order.${page}`,
      doc.page.margins.left,
      doc.page.height - doc.page.margins.bottom - 12,
      { width, align: 'center', lineBreak: false },
    );
  }
}

function draw(doc: Doc, data: InvoiceData): void {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const half = (width - 30) / 2;
  const second = left + half + 30;

  // Heading: the seller on the left, the invoice's identity on the right.
  let sellerY = write(doc, 'title', data.seller.name, left, 50, { width: half }) + 4;
  const sellerLines = [
    ...data.seller.addressLines,
    ...(data.seller.taxId ? [`Tax ID: ${data.seller.taxId}`] : []),
  ];
  for (const line of sellerLines)
    sellerY = write(doc, 'label', line, left, sellerY, { width: half });

  const titleY = write(doc, 'title', 'INVOICE', second, 50, { width: half, align: 'right' });
  const metaY = keyValues(
    doc,
    [
      ['Invoice number', data.number],
      ['Invoice date', formatDay(data.issuedOn)],
      ['Order', data.order.id],
      ['Order date', formatDay(data.order.placedOn)],
      ...(data.order.quoteReference
        ? [['Quote', data.order.quoteReference] as [string, string]]
        : []),
      ...(data.buyer.poNumber ? [['PO number', data.buyer.poNumber] as [string, string]] : []),
    ],
    second,
    titleY + 8,
    half,
  );

  let y = Math.max(sellerY, metaY) + 20;
  rule(doc, y);
  y += 16;

  // The parties: who is billed (company first when there is one) and where the parts go.
  const buyer = data.buyer;
  const billTo = [
    buyer.company ?? buyer.name,
    ...buyer.billingAddressLines,
    ...(buyer.company ? [buyer.name] : []),
    buyer.email,
    ...(buyer.taxId ? [`Tax ID: ${buyer.taxId}`] : []),
  ];
  const deliverTo = [...data.delivery.addressLines, `Phone: ${data.delivery.phone}`];
  y = Math.max(
    block(doc, 'Bill to', billTo, left, y, half),
    block(doc, 'Deliver to', deliverTo, second, y, half),
  );
  y += 24;

  // The lines: part number, product, quantity, unit price (of the line's tier), amount, as
  // many pages as they take, the table's header repeated at the top of each.
  const table = lineTable(doc, data.lines, left, width);
  y = table.header(y);
  data.lines.forEach((line, index) => {
    if (index > 0) y += ROW_GAP;
    if (y + table.rowHeight(line) > contentBottom(doc)) y = table.header(continuePage(doc, data));
    y = table.row(line, y);
  });
  y += 10;
  rule(doc, y);
  y += 12;

  // The total and the payment stay together, on the last page.
  if (y + totalsHeight(doc, data, width) > contentBottom(doc)) y = continuePage(doc, data);

  // The total, paid.
  const totalX = right - 238;
  // Right-aligned with the Amount column (8 pt table inset, 6 pt cell padding).
  write(doc, 'total', `Total (${data.currency})`, totalX, y, { width: 120 });
  y = write(doc, 'total', formatMoney(data.totalCents), totalX + 120, y, {
    width: 104,
    align: 'right',
  });
  y = write(doc, 'label', 'Paid in full', totalX + 120, y + 2, { width: 104, align: 'right' });
  y += 28;

  // The payment.
  block(doc, 'Payment', paymentLines(data), left, y, width);

  footers(doc, data, width);
}
