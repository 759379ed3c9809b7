import { NextResponse } from 'next/server';
import { ZodError } from 'zod';
import { isDatabaseUnreachable } from '@/lib/core/db/errors';
import { DatabaseUnavailableError } from '@/lib/core/db/uri';
import type { ErrorCode } from '@/lib/core/error-codes';
import { logger, requestLogger } from '@/lib/core/log';
import { errorMessages, type ErrorKey } from '@/lib/core/error-messages';
import {
  fieldIssues,
  refuseFields,
  refusalText,
  RefusalError,
  type InputRefusalKey,
  type Refusal,
  type RefusalParams,
} from '@/lib/core/refusal';

/**
 * The HTTP edge of refusals: the status of every error code, the one JSON error shape
 * `{ error: { code, message, details? } }`, and `errorResponse()`, which answers any error the
 * handlers let through. Nothing else in lib/ knows a status or builds this shape (a lint wall
 * and test/unit/refusal-edge.test.ts keep it so).
 */
export const errorStatus = {
  bad_request: 400,
  invalid_id: 400,
  unauthorized: 401,
  forbidden: 403,
  cross_site: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  bad_gateway: 502,
  service_unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

export { fieldIssues, type ErrorCode };

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

/** An error as the API answers it: code, status, message and details. */
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

/**
 * The answer to a refusal: the code of its key, its sentence, and as details the field issues
 * of an input refusal (`{ fields }`) or the facts it carries.
 */
export function apiErrorOf(refusal: Refusal): ApiError {
  const entry = errorMessages[refusal.key] as (typeof errorMessages)[ErrorKey] | undefined;
  if (!entry) {
    // A key the table does not know is a bug on our side, never a refusal to pass on.
    logger.error(`[refusal] no message for the key "${String(refusal.key)}"`);
    return failure('server.internal');
  }
  const { code } = entry;
  const details = refusal.fields ? { fields: refusal.fields } : refusal.details;
  return new ApiError(code, refusalText(refusal), details);
}

/**
 * The answer to any error a handler let through; unknown errors are logged (with the request's
 * id, when known: `X-Request-Id`) and a plain 500.
 */
export function apiErrorFrom(error: unknown, requestId?: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof RefusalError) return apiErrorOf(error.refusal);
  if (error instanceof ZodError) return validationError(error);
  if (error instanceof DatabaseUnavailableError || isDatabaseUnreachable(error)) {
    // The database is down or unreachable: 503, not a 500 (the driver reconnects by itself).
    requestLogger(requestId).error(`[db] ${error.name}: ${error.message}`);
    return failure('server.database_unavailable');
  }
  requestLogger(requestId).error({ err: error }, '[api] unexpected error, answered 500');
  return failure('server.internal');
}

/**
 * Answers an error as the one JSON shape `{ error: { code, message, details? } }`; `requestId`
 * names the request in the log line of an unexpected error. A rate limit's 429 says when to try
 * again in `Retry-After` too (seconds, as `details.retryAfter`).
 */
export function errorResponse(error: unknown, requestId?: string): Response {
  const answer = apiErrorFrom(error, requestId);
  const retryAfter = (answer.details as { retryAfter?: unknown } | undefined)?.retryAfter;
  const headers =
    answer.code === 'rate_limited' && typeof retryAfter === 'number'
      ? { 'Retry-After': String(retryAfter) }
      : undefined;
  return NextResponse.json(answer.toBody(), { status: answer.status, headers });
}

// ---- The edge's own errors (and the contract's examples) ------------------------------------

export function failure(
  key: ErrorKey,
  { params, details }: { params?: RefusalParams; details?: unknown } = {},
): ApiError {
  const refusal: Refusal = { key, ...(params === undefined ? {} : { params }) };
  return new ApiError(errorMessages[key].code, refusalText(refusal), details);
}

const inputKeys: Partial<Record<ErrorCode, InputRefusalKey>> = {
  validation_failed: 'input.invalid',
  bad_request: 'input.malformed',
  conflict: 'input.conflict',
  payload_too_large: 'input.too_large',
  unsupported_media_type: 'input.unsupported_type',
};

export function fieldsError(
  fields: Record<string, string[]>,
  code: ErrorCode = 'validation_failed',
  summary?: string,
): ApiError {
  const key = inputKeys[code];
  if (!key) throw new Error(`fieldsError: ${code} is not a kind of input refusal`);
  return apiErrorOf(refuseFields(fields, { key, summary }).refusal);
}

export function fieldError(
  field: string,
  message: string,
  { code = 'validation_failed', summary }: { code?: ErrorCode; summary?: string } = {},
): ApiError {
  return fieldsError({ [field]: [message] }, code, summary);
}

export function validationError(error: ZodError): ApiError {
  return fieldsError(fieldIssues(error));
}
