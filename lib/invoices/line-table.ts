import { formatMoney } from '@/lib/core/money';
import type { InvoiceLine } from './invoice';
import { BAND, fontFile, styles, widthOf, write, type Doc, type Style } from './pdf-text';

/**
 * The lines table: its columns, its header and its rows. A part number is never broken over two
 * lines (it is copied into purchase systems): its column grows to fit the longest, and one too
 * long even for the widest column is set smaller.
 */
export function lineTable(doc: Doc, lines: readonly InvoiceLine[], left: number, width: number) {
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
    line.priceSource ? `${line.product}\n${line.priceSource}` : line.product,
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
