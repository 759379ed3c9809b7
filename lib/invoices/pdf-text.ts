import path from 'node:path';

/**
 * The invoice's drawing kit: its two fonts, its colours and text styles, and writing, measuring
 * and ruling with them (document.ts lays the pages out, line-table.ts draws the lines table).
 */

/**
 * A font file's path, from the project root: the working directory of `next start`, `next dev`
 * and the tests, and where Next.js's output file tracing follows `process.cwd()` paths.
 */
export const fontPath = (file: string) =>
  path.join(process.cwd(), 'lib', 'invoices', 'fonts', file);

/**
 * The file of each of the document's two fonts, which is also how a style selects it: pdfkit
 * keeps a parsed font under the name it was first selected by. (Selected under a registered
 * name, the regular font would be parsed again on every use, being found equal to the font the
 * document started in and kept under that font's name only.)
 */
export const fontFile = (font: 'regular' | 'bold') =>
  fontPath(font === 'regular' ? 'Inter-Regular.ttf' : 'Inter-Bold.ttf');

export const INK = '#111827';
export const MUTED = '#4b5563';
export const RULE = '#d1d5db';
export const BAND = '#f3f4f6';

export type Doc = PDFKit.PDFDocument;

export const styles = {
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

export type Style = keyof typeof styles;

/** Writes `text` in a style at (x, y), wrapping within `width`; answers the y below it. */
export function write(
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
export function widthOf(doc: Doc, style: Style, text: string): number {
  const { font, size } = styles[style];
  return doc.font(fontFile(font)).fontSize(size).widthOfString(text);
}

/** A horizontal rule across the page at y. */
export function rule(doc: Doc, y: number): void {
  const { left, right } = doc.page.margins;
  doc
    .moveTo(left, y)
    .lineTo(doc.page.width - right, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}
