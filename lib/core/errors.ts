import { ZodError } from 'zod';
import { errorMessages, type ErrorKey } from '@/lib/core/messages';
import { errorStatus, type ErrorCode } from './error-codes';

export { errorStatus, type ErrorCode };

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

/** The one error type of the API: thrown anywhere in a handler, answered as `ErrorBody`. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

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
 * A failure of named fields, as a form can show it: the message names the first field's first
 * issue (`quantity: ...`; no prefix for the whole-body key `_`), details list them all.
 */
export function fieldsError(
  fields: Record<string, string[]>,
  code: ErrorCode = 'validation_failed',
): ApiError {
  const [field, issues] = Object.entries(fields)[0] ?? ['_', []];
  const where = field === '_' ? '' : `${field}: `;
  return new ApiError(code, `${where}${issues[0] ?? 'Invalid input'}`, { fields });
}

/**
 * One field's failure. The summary defaults to `field: message`; errors whose message stands
 * on its own (a declined payment, an upload too large) pass it as `summary`.
 */
export function fieldError(
  field: string,
  message: string,
  { code = 'validation_failed', summary }: { code?: ErrorCode; summary?: string } = {},
): ApiError {
  const error = fieldsError({ [field]: [message] }, code);
  return summary === undefined ? error : new ApiError(code, summary, error.details);
}

export function validationError(error: ZodError): ApiError {
  return fieldsError(fieldIssues(error));
}

/**
 * The error of the messages table (`errorMessages` in lib/core/messages.ts) under `key`, with its
 * `{name}` placeholders filled from `params`.
 */
export function failure(
  key: ErrorKey,
  { params = {}, details }: { params?: Record<string, string | number>; details?: unknown } = {},
): ApiError {
  const { code, message } = errorMessages[key];
  const text = message.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
  return new ApiError(code, text, details);
}
