import { stringify } from 'csv-stringify/sync';

/**
 * CSV for spreadsheets (the back office's exports): RFC 4180 records, CRLF line ends, a field
 * quoted when it holds a comma, a double quote, CR or LF, its quotes doubled. The quoting is
 * csv-stringify's; the neutralisation of formulas is ours.
 */

/** One cell: text, a number, or nothing (an empty field). */
export type CsvCell = string | number | null | undefined;

/**
 * The characters that make a spreadsheet read a text cell as a formula (or, for tab and CR,
 * hide what follows): OWASP's list for CSV injection.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as it is safe to open in a spreadsheet: one starting with `=`, `+`, `-`, `@`, tab
 * or carriage return gets a single quote in front (and is then always quoted), so Excel, Calc
 * and Sheets show it as text instead of running it. Numbers are written as they are (they are
 * data, never formulas); null and undefined are empty fields.
 */
export function neutraliseFormula(value: string): { value: string; quoted: boolean } | string {
  return FORMULA_START.test(value) ? { value: `'${value}`, quoted: true } : value;
}

const options = {
  record_delimiter: 'windows',
  // csv-stringify quotes a field holding the record delimiter (CRLF) but not a lone CR or LF:
  // either breaks a record for a reader, so both are quoted.
  quoted_match: /[\r\n]/,
  cast: {
    string: neutraliseFormula,
    number: (value: number) => (Number.isFinite(value) ? String(value) : ''),
  },
} as const;

/** Records as CSV text, each ending with CRLF. */
export function csvRecords(rows: readonly (readonly CsvCell[])[]): string {
  if (rows.length === 0) return '';
  return stringify(
    rows.map((row) => row.map((cell) => cell ?? null)),
    options,
  );
}

/** One cell alone, as it appears in a record (without the line end). */
export function csvCell(cell: CsvCell): string {
  return csvRecords([[cell]]).slice(0, -2);
}
