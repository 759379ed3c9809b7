import { filledLines, lineFields, type TextLine } from '@/lib/core/csv-lines';
import { TYPED_DOLLARS, typedDollarsToCents } from '@/lib/core/money';
import {
  IMPORT_COLUMNS,
  MAX_ENTRY_PRICE_CENTS,
  MAX_ENTRY_QUANTITY,
  MAX_IMPORT_LINES,
} from './rules';

/**
 * Reading a price-list import (CSV `sku,unitPrice,minQuantity,multiple,maxQuantity`), as quick
 * order reads its lines: with csv-parse, each line on its own (a stray quote spoils only its
 * line), a comma, semicolon or tab between fields, a first line naming the columns skipped,
 * blank lines ignored. Every line is judged before anything is written; this module judges
 * what a line says by itself (and duplicates), lib/pricing/index.ts the part numbers.
 */

export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Why a line is refused. */
export type ImportProblemReason =
  'malformed' | 'missing' | 'bad_number' | 'unknown_part' | 'duplicate' | 'max_below_min';

export interface ImportProblem {
  /** The column at fault, or null for the line as a whole. */
  field: ImportColumn | null;
  reason: ImportProblemReason;
  message: string;
}

/** A refused line of the report. */
export interface ImportLineReport {
  /** The line's number in the file, from 1 (blank lines and the header counted). */
  line: number;
  /** The line as written (at most 200 characters). */
  text: string;
  sku: string | null;
  problems: ImportProblem[];
}

/** A line that says everything an entry needs (its part number still to be found). */
export interface ImportRow {
  line: number;
  sku: string;
  unitPriceCents: number;
  minQuantity: number | null;
  multiple: number | null;
  maxQuantity: number | null;
}

export const importMessages = {
  malformed: `This line cannot be read: write ${IMPORT_COLUMNS.join(',')} (the last three may be empty)`,
  missingSku: 'The part number is missing',
  missingPrice: 'The unit price is missing',
  badPrice: (text: string) =>
    `Unit price "${text}" is not a price in dollars from 0.01 to 1,000,000 with at most 2 decimals`,
  badQuantity: (label: string, text: string) =>
    `${label} "${text}" is not a whole number from 1 to ${MAX_ENTRY_QUANTITY.toLocaleString('en-US')}`,
  unknownPart: (sku: string) => `No product has the part number "${sku}"`,
  duplicate: (sku: string, line: number) =>
    `The part number "${sku}" is also on line ${line}: give each part once`,
  maxBelowMin: (max: number, min: number) =>
    `The maximum quantity ${max} is below the minimum quantity ${min}`,
} as const;

const labels: Record<'minQuantity' | 'multiple' | 'maxQuantity', string> = {
  minQuantity: 'Minimum quantity',
  multiple: 'Multiple',
  maxQuantity: 'Maximum quantity',
};

/** A first line naming the columns: sku / part … then no price. */
const HEADER = /^(?:sku|part|item|article|product|p\/n)/i;
const WHOLE = /^\d{1,9}$/;

/** The file's lines that are not blank, with their numbers, the header line left out. */
export function importLines(text: string): TextLine[] {
  const rows = filledLines(text);
  const first = rows[0] ? lineFields(rows[0].text) : null;
  const header = !!first && HEADER.test(first[0] ?? '') && !TYPED_DOLLARS.test(first[1] ?? '');
  return header ? rows.slice(1) : rows;
}

/** Whether there are more lines than an import takes (checked before any line is read). */
export function tooManyImportLines(count: number): boolean {
  return count > MAX_IMPORT_LINES;
}

function quantityOf(
  text: string | undefined,
  column: 'minQuantity' | 'multiple' | 'maxQuantity',
  problems: ImportProblem[],
): number | null {
  if (text === undefined || text === '') return null;
  const value = WHOLE.test(text) ? Number(text) : NaN;
  if (!(value >= 1 && value <= MAX_ENTRY_QUANTITY)) {
    problems.push({
      field: column,
      reason: 'bad_number',
      message: importMessages.badQuantity(labels[column], text.slice(0, 40)),
    });
    return null;
  }
  return value;
}

/**
 * Every line judged by what it says: the rows that are good so far, and the refused lines with
 * all their problems (a duplicate part number is refused on each later line, naming the first).
 */
export function judgeImportLines(lines: readonly { line: number; text: string }[]): {
  rows: ImportRow[];
  refused: ImportLineReport[];
} {
  const rows: ImportRow[] = [];
  const refused: ImportLineReport[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { line, text } of lines) {
    const problems: ImportProblem[] = [];
    const fields = lineFields(text);
    const shown = text.slice(0, 200);
    if (!fields || fields.length > IMPORT_COLUMNS.length || fields.length === 0) {
      refused.push({
        line,
        text: shown,
        sku: null,
        problems: [{ field: null, reason: 'malformed', message: importMessages.malformed }],
      });
      continue;
    }
    const [sku = '', price = '', min, multiple, max] = fields;
    if (!sku)
      problems.push({ field: 'sku', reason: 'missing', message: importMessages.missingSku });
    let unitPriceCents = 0;
    if (!price) {
      problems.push({
        field: 'unitPrice',
        reason: 'missing',
        message: importMessages.missingPrice,
      });
    } else {
      const cents = TYPED_DOLLARS.test(price) ? typedDollarsToCents(price) : NaN;
      if (!(cents >= 1 && cents <= MAX_ENTRY_PRICE_CENTS)) {
        problems.push({
          field: 'unitPrice',
          reason: 'bad_number',
          message: importMessages.badPrice(price.slice(0, 40)),
        });
      } else unitPriceCents = cents;
    }
    const minQuantity = quantityOf(min, 'minQuantity', problems);
    const multipleOf = quantityOf(multiple, 'multiple', problems);
    const maxQuantity = quantityOf(max, 'maxQuantity', problems);
    if (minQuantity !== null && maxQuantity !== null && maxQuantity < minQuantity) {
      problems.push({
        field: 'maxQuantity',
        reason: 'max_below_min',
        message: importMessages.maxBelowMin(maxQuantity, minQuantity),
      });
    }
    if (sku) {
      const key = sku.toLowerCase();
      const first = firstLineOf.get(key);
      if (first === undefined) firstLineOf.set(key, line);
      else {
        problems.push({
          field: 'sku',
          reason: 'duplicate',
          message: importMessages.duplicate(sku, first),
        });
      }
    }
    if (problems.length) refused.push({ line, text: shown, sku: sku || null, problems });
    else rows.push({ line, sku, unitPriceCents, minQuantity, multiple: multipleOf, maxQuantity });
  }
  return { rows, refused };
}
