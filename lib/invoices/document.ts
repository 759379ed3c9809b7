import path from 'node:path';
import PDFDocument from 'pdfkit';
import { formatDay } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import type { InvoiceData, InvoiceLine } from './invoice';

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

/**
 * A font file's path, from the project root: the working directory of `next start`, `next dev`
 * and the tests, and where Next.js's output file tracing follows `process.cwd()` paths.
 */
const fontPath = (file: string) => path.join(process.cwd(), 'lib', 'invoices', 'fonts', file);

/**
 * The file of each of the document's two fonts, which is also how a style selects it: pdfkit
 * keeps a parsed font under the name it was first selected by. (Selected under a registered
 * name, the regular font would be parsed again on every use, being found equal to the font the
 * document started in and kept under that font's name only.)
 */
const fontFile = (font: 'regular' | 'bold') =>
  fontPath(font === 'regular' ? 'Inter-Regular.ttf' : 'Inter-Bold.ttf');

const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const BAND = '#f3f4f6';

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

type Doc = PDFKit.PDFDocument;

const styles = {
  title: { font: 'bold', size: 20, color: INK },
  heading: { font: 'bold', size: 8, color: MUTED },
  label: { font: 'regular', size: 9, color: MUTED },
  value: { font: 'bold', size: 9, color: INK },
  strong: { font: 'bold', size: 10, color: INK },
  body: { font: 'regular', size: 10, color: INK },
  cell: { font: 'regular', size: 9.5, color: INK },
  cellHead: { font: 'bold', size: 9.5, color: INK },
  total: { font: 'bold', size: 11, color: INK },
  note: { font: 'regular', size: 8, color: MUTED },
} as const;

type Style = keyof typeof styles;

/** Writes `text` in a style at (x, y), wrapping within `width`; answers the y below it. */
function write(
  doc: Doc,
  style: Style,
  text: string,
  x: number,
  y: number,
  options: {
    width: number;
    align?: 'left' | 'right' | 'center';
    lineBreak?: boolean;
    /** Overrides the style's size. */
    size?: number;
  },
): number {
  const { size: fontSize, ...textOptions } = options;
  const { font, size, color } = styles[style];
  doc
    .font(fontFile(font))
    .fontSize(fontSize ?? size)
    .fillColor(color)
    .text(text, x, y, textOptions);
  return doc.y;
}

/** The width of `text` in a style. */
function widthOf(doc: Doc, style: Style, text: string): number {
  const { font, size } = styles[style];
  return doc.font(fontFile(font)).fontSize(size).widthOfString(text);
}

/** A horizontal rule across the page at y. */
function rule(doc: Doc, y: number): void {
  const { left, right } = doc.page.margins;
  doc
    .moveTo(left, y)
    .lineTo(doc.page.width - right, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
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

/**
 * The lines table: its columns, its header and its rows. A part number is never broken over two
 * lines (it is copied into purchase systems): its column grows to fit the longest, and one too
 * long even for the widest column is set smaller.
 */
function lineTable(doc: Doc, lines: readonly InvoiceLine[], left: number, width: number) {
  const partNumberOf = (line: InvoiceLine) => line.partNumber ?? '—';
  const widest = Math.max(...lines.map((line) => widthOf(doc, 'cell', partNumberOf(line))));
  const partColumn = Math.min(190, Math.max(95, widest + 14));
  const partSize = (text: string) => {
    const textWidth = widthOf(doc, 'cell', text);
    return textWidth + 14 > partColumn
      ? (styles.cell.size * (partColumn - 14)) / textWidth
      : undefined;
  };
  const fixed = { quantity: 55, unit: 75, amount: 85 };
  const columns = [
    { width: partColumn, align: 'left' as const },
    {
      width: width - 16 - partColumn - fixed.quantity - fixed.unit - fixed.amount,
      align: 'left' as const,
    },
    { width: fixed.quantity, align: 'right' as const },
    { width: fixed.unit, align: 'right' as const },
    { width: fixed.amount, align: 'right' as const },
  ];
  const cellsOf = (line: InvoiceLine) => [
    partNumberOf(line),
    line.product,
    line.quantity.toLocaleString('en-US'),
    formatMoney(line.unitPriceCents),
    formatMoney(line.amountCents),
  ];
  const row = (
    style: Style,
    cells: string[],
    top: number,
    sizes: Array<number | undefined> = [],
  ) => {
    let x = left + 8;
    let bottom = top;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      bottom = Math.max(
        bottom,
        write(doc, style, cell, x, top, {
          width: column.width - 6,
          align: column.align,
          size: sizes[index],
        }),
      );
      x += column.width;
    });
    return bottom;
  };
  return {
    /** Draws the header band at y; answers where the first row starts. */
    header(y: number): number {
      doc.rect(left, y, width, 22).fill(BAND);
      row('cellHead', ['Part number', 'Product', 'Quantity', 'Unit price', 'Amount'], y + 6);
      return y + 30;
    },
    /** How tall a line's row is (its product name may wrap). */
    rowHeight(line: InvoiceLine): number {
      const cells = cellsOf(line);
      const { font, size } = styles.cell;
      return Math.max(
        ...cells.map((cell, index) => {
          const fontSize = index === 0 ? (partSize(cell) ?? size) : size;
          return doc
            .font(fontFile(font))
            .fontSize(fontSize)
            .heightOfString(cell, { width: columns[index]!.width - 6 });
        }),
      );
    },
    /** Draws a line's row at y; answers the y below it. */
    row(line: InvoiceLine, y: number): number {
      const cells = cellsOf(line);
      return row('cell', cells, y, [partSize(cells[0]!)]);
    },
  };
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
