import type { ZodError } from 'zod';
import { errorMessages, type ErrorKey } from '@/lib/core/error-messages';

/**
 * Why the store says no, in its own words and without HTTP: a key of the messages table
 * (`errorMessages` in lib/core/messages.ts, e.g. `order.not_found`), the values of its `{name}`
 * placeholders, and for a refusal of the input the field(s) it is about. Only the HTTP edge
 * (lib/api/errors.ts) turns a refusal into a status and the JSON error shape.
 *
 * Convention: features (`index.ts` and the rules they call) throw a `RefusalError` carrying the
 * refusal; stores never throw for an expected outcome, they return a result the feature reads
 * (`{ ok: true, ... } | { ok: false, reason }`).
 */
export type RefusalKey = ErrorKey;
export type RefusalParams = Record<string, string | number>;

export interface Refusal {
  key: RefusalKey;
  params?: RefusalParams;
  /** The input field the refusal is about (`_` for the input as a whole). */
  field?: string;
  /** For a refusal of the input: every field's issues, `{ quantity: ['...'] }`. */
  fields?: Record<string, string[]>;
  /** Facts a caller may act on (`{ available }`, `{ retryAfter }`), passed on unchanged. */
  details?: Record<string, unknown>;
}

/** The one thing a feature throws when it refuses. */
export class RefusalError extends Error {
  readonly refusal: Refusal;

  constructor(refusal: Refusal) {
    super(refusalText(refusal));
    this.name = 'RefusalError';
    this.refusal = refusal;
  }
}

/** The sentence a person reads for `refusal`: its message with the placeholders filled. */
export function refusalText({ key, params = {} }: Refusal): string {
  return errorMessages[key].message.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}

/** The refusal under `key` of the messages table, ready to throw. */
export function refuse(
  key: RefusalKey,
  { params, details }: { params?: RefusalParams; details?: Record<string, unknown> } = {},
): RefusalError {
  return new RefusalError({
    key,
    ...(params === undefined ? {} : { params }),
    ...(details === undefined ? {} : { details }),
  });
}

/** The keys of input refusals: what is wrong with the fields, beside their messages. */
export type InputRefusalKey = Extract<RefusalKey, `input.${string}`>;

/** Field issues of a failed validation, keyed by field path: `{ quantity: ['...'] }`. */
export function fieldIssues(error: ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * A refusal of named fields, as a form can show it: its sentence names the first field's first
 * issue (`quantity: ...`; no prefix for the whole-input key `_`, nor when a `summary` that
 * stands on its own is given), and it lists every issue.
 */
export function refuseFields(
  fields: Record<string, string[]>,
  { key = 'input.invalid', summary }: { key?: InputRefusalKey; summary?: string } = {},
): RefusalError {
  const [field, issues] = Object.entries(fields)[0] ?? ['_', []];
  const where = summary !== undefined || field === '_' ? '' : `${field}: `;
  const issue = summary ?? issues[0] ?? 'Invalid input';
  return new RefusalError({ key, params: { where, issue }, field, fields });
}

/** A refusal of one field (see `refuseFields`). */
export function refuseField(
  field: string,
  message: string,
  options: { key?: InputRefusalKey; summary?: string } = {},
): RefusalError {
  return refuseFields({ [field]: [message] }, options);
}

/** The refusal of input that failed its zod schema: every field issue. */
export function refuseInvalid(error: ZodError): RefusalError {
  return refuseFields(fieldIssues(error));
}
