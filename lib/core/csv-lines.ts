import { parse } from 'csv-parse/sync';

/**
 * Reading pasted or uploaded lines of comma-separated values (quick order, a price list's
 * entries), one line at a time so that a stray quote spoils only its own line: the delimiter is
 * a comma, a semicolon or a tab (what spreadsheets copy), blank lines are left out, a byte-order
 * mark is dropped. Client-safe (pure).
 */

/** A line of the text that is not blank: its number (from 1) and its text, trimmed. */
export interface TextLine {
  line: number;
  text: string;
}

/** The lines of the text that are not blank, with their numbers. */
export function filledLines(text: string): TextLine[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .map((raw, index) => ({ line: index + 1, text: raw.trim() }))
    .filter((row) => row.text.length > 0);
}

/** The fields of one line (trailing empty ones left out), or null when it does not parse. */
export function lineFields(text: string): string[] | null {
  try {
    const records = parse(text, {
      delimiter: [',', ';', '\t'],
      trim: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as string[][];
    if (records.length !== 1) return null;
    const fields = [...records[0]!];
    while (fields.length && fields.at(-1) === '') fields.pop();
    return fields;
  } catch {
    return null;
  }
}
