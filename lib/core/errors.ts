/**
 * The names app/api route files still import refusals by, until each route is one operation
 * object and imports lib/core/refusal.ts (or the edge, lib/api/errors.ts) itself; delete this
 * file then. Every function builds a `RefusalError` (lib/core/refusal.ts) and knows no HTTP:
 * the status and JSON body a route may ask a refusal for come from the edge, which hands its
 * mapping in when it loads (`answerRefusalsWith`, called by lib/api/errors.ts).
 */
import type { ZodError } from 'zod';
import type { ErrorKey } from '@/lib/core/messages';
import {
  fieldIssues,
  RefusalError,
  refuseFields,
  refusalText,
  type InputRefusalKey,
  type Refusal,
  type RefusalParams,
} from './refusal';

export { fieldIssues };

/** A refusal answered in the JSON error shape; both come from the HTTP edge. */
export interface RefusalAnswer {
  status: number;
  body: { error: { code: string; message: string; details?: unknown } };
}

let answerOf: ((refusal: Refusal) => RefusalAnswer) | null = null;

/** Called once by the HTTP edge (lib/api/errors.ts): how it answers a refusal. */
export function answerRefusalsWith(answer: (refusal: Refusal) => RefusalAnswer): void {
  answerOf = answer;
}

/** A refusal thrown (or answered) by a route file. */
export class RouteRefusal extends RefusalError {
  private answer(): RefusalAnswer {
    if (!answerOf) throw new Error('lib/api/errors.ts is not loaded: no answer for a refusal');
    return answerOf(this.refusal);
  }

  get status(): number {
    return this.answer().status;
  }

  toBody(): RefusalAnswer['body'] {
    return this.answer().body;
  }
}

/** Older name of a route's refusal. */
export type ApiError = RouteRefusal;

/** The kind of an input refusal, by the code the route files name it with. */
type InputCode =
  'validation_failed' | 'bad_request' | 'conflict' | 'payload_too_large' | 'unsupported_media_type';

const inputKeys: Record<InputCode, InputRefusalKey> = {
  validation_failed: 'input.invalid',
  bad_request: 'input.malformed',
  conflict: 'input.conflict',
  payload_too_large: 'input.too_large',
  unsupported_media_type: 'input.unsupported_type',
};

export function failure(
  key: ErrorKey,
  { params, details }: { params?: RefusalParams; details?: Record<string, unknown> } = {},
): RouteRefusal {
  return new RouteRefusal({
    key,
    ...(params === undefined ? {} : { params }),
    ...(details === undefined ? {} : { details }),
  });
}

export function fieldsError(
  fields: Record<string, string[]>,
  code: InputCode = 'validation_failed',
  summary?: string,
): RouteRefusal {
  return new RouteRefusal(refuseFields(fields, { key: inputKeys[code], summary }).refusal);
}

export function fieldError(
  field: string,
  message: string,
  { code = 'validation_failed', summary }: { code?: InputCode; summary?: string } = {},
): RouteRefusal {
  return fieldsError({ [field]: [message] }, code, summary);
}

export function validationError(error: ZodError): RouteRefusal {
  return fieldsError(fieldIssues(error));
}

export { refusalText };
