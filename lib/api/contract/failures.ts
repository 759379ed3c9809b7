import { z } from 'zod';
import {
  errorStatus,
  failure,
  fieldError,
  fieldIssues,
  fieldsError,
  type ErrorBody,
  type ErrorCode,
} from '@/lib/api/errors';
import type { CodeCase, ErrorCase, InputExample } from '@/lib/core/api/operation';
import { errorMessages } from '@/lib/core/error-messages';

/**
 * The edge's side of the declarations' failures: a declaration (lib/core/api/operation.ts)
 * names refusals by their key or their kind; here each becomes the HTTP status and the one
 * JSON error shape the server answers, for the OpenAPI document (document.ts).
 */

// ---- The error shape -----------------------------------------------------------------------

const errorCodes = Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]];

/** `{ error: { code, message, details? } }`, the one shape of every failure (lib/api/errors.ts). */
export const errorBodySchema = z
  // Loose: a few answers carry more beside `error` (Auth.js's sign-in limit adds its `url`).
  .looseObject({
    error: z.object({
      code: z.enum(errorCodes).meta({
        description:
          'What went wrong; it fixes the HTTP status (bad_request and invalid_id 400, unauthorized 401, forbidden 403, not_found 404, conflict 409, payload_too_large 413, unsupported_media_type 415, validation_failed 422, rate_limited 429, internal_error 500, bad_gateway 502, service_unavailable 503).',
      }),
      message: z.string().meta({ description: 'A sentence a person can read.' }),
      details: z
        .looseObject({
          fields: z.record(z.string(), z.array(z.string())).optional().meta({
            description:
              'Field issues of a failed validation, keyed by field path (`_` for the body as a whole).',
          }),
          retryAfter: z
            .number()
            .int()
            .optional()
            .meta({ description: 'Seconds until a rate limit lets the request through again.' }),
        })
        .optional()
        .meta({ description: 'More about the failure, when there is more to say.' }),
    }),
  })
  .meta({ id: 'Error', description: 'The one shape of every failure of the API.' });

/** An error case with its status, a name for its example, and what it means. */
export interface ResolvedError {
  status: number;
  code: ErrorCode;
  name: string;
  when: string;
  example?: ErrorBody;
}

export function resolveError(errorCase: ErrorCase): ResolvedError {
  if (typeof errorCase === 'string') return resolveError({ key: errorCase });
  if ('key' in errorCase) {
    const error = failure(errorCase.key, { params: errorCase.params, details: errorCase.details });
    return {
      status: error.status,
      code: error.code,
      name: errorCase.key,
      when: errorCase.when ?? errorMessages[errorCase.key].message,
      example: error.toBody(),
    };
  }
  const example = errorCase.example && exampleBody(errorCase.example);
  return {
    status: errorStatus[errorCase.code],
    code: errorCase.code,
    name: exampleName(errorCase, example),
    when: errorCase.when,
    example,
  };
}

function exampleName(errorCase: CodeCase, example: ErrorBody | undefined): string {
  const fields = example?.error.details as { fields?: Record<string, unknown> } | undefined;
  const field = Object.keys(fields?.fields ?? {})[0];
  return field ? `${errorCase.code}.${field}` : errorCase.code;
}

/** The body the server answers for a refused input, built with the functions it uses. */
export function exampleBody(example: InputExample): ErrorBody {
  if ('field' in example) {
    const { field, message, code, summary } = example;
    return fieldError(field, message, { code, summary }).toBody();
  }
  const result = example.schema.safeParse(example.value);
  if (result.success) throw new Error('exampleBody: the value passes the schema');
  return fieldsError(fieldIssues(result.error), example.code).toBody();
}
