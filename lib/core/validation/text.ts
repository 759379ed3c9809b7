import { z } from 'zod';
import { fieldMessages } from '@/lib/core/messages';

/**
 * Printable text, the one rule for what people type into names, addresses, notes and reasons
 * (and PO numbers): no control characters (C0, C1, DEL), no format characters (the bidi
 * overrides and embeddings U+202A–U+202E, the isolates U+2066–U+2069, zero-width U+200B–U+200D,
 * U+2060, U+FEFF, soft hyphen…), no unassigned or private-use code points, no line or paragraph
 * separators (U+2028, U+2029). Such characters can make a name read differently on a page, an
 * invoice or in a mail (U+202E turns "invoice‮fdp.exe" around) or break a mail's lines. Spaces
 * and every script's letters, marks, digits, punctuation and symbols (emoji) are fine.
 * A multi-line field (a textarea) also takes line breaks (\n, \r\n) and tabs.
 */
export const PRINTABLE_TEXT = /^[^\p{C}\p{Zl}\p{Zp}]*$/u;
export const PRINTABLE_LINES = /^(?:[^\p{C}\p{Zl}\p{Zp}]|\r\n|\n|\t)*$/u;

/** Whether `value` is printable text (one line unless `multiline`). */
export function isPrintable(value: string, { multiline = false } = {}): boolean {
  return (multiline ? PRINTABLE_LINES : PRINTABLE_TEXT).test(value);
}

/**
 * `schema` that also refuses text that is not printable (see above), with "{label} must use
 * printable characters only" (or `message`) as the field message.
 */
export function printable(
  schema: z.ZodString,
  label: string,
  { multiline = false, message }: { multiline?: boolean; message?: string } = {},
): z.ZodString {
  return schema.regex(
    multiline ? PRINTABLE_LINES : PRINTABLE_TEXT,
    message ?? fieldMessages.printable(label),
  );
}
