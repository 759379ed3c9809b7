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
import { errorMessages, type ErrorKey } from '@/lib/core/messages';

/**
 * The shape of one declaration of the API contract: what an operation takes, who may call it,
 * what it answers and how it fails. Each area (products.ts, orders.ts, …) declares its
 * operations with the zod schemas its route handlers parse with, and document.ts turns every
 * declaration into the OpenAPI document served at /api/openapi.json. Failures that follow from
 * the declaration itself (a path id, a JSON body, the sign-in an access level needs, an upload)
 * are added by the builder, so a declaration lists only the failures of its own rules.
 */

export const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof methods)[number];

/**
 * Who may call an operation (lib/accounts/session.ts):
 * - `public`: anyone, no credential;
 * - `user`: a signed-in person, by session cookie or bearer token (`requireUser`);
 * - `session`: the session cookie only, a bearer token is refused (`requireSessionUser`);
 * - `admin`: an admin by the database role, by cookie or token (`requireAdmin`);
 * - `stripe`: Stripe itself, proven by the `Stripe-Signature` header over the raw body.
 */
export type Access = 'public' | 'user' | 'session' | 'admin' | 'stripe';

/**
 * Which records a signed-in caller reaches beyond the access level:
 * - `self`: only the caller's own account (`assertSelf`);
 * - `self-or-admin`: the caller's own account, any account for an admin (`assertSelfOrAdmin`);
 * - `owner-or-admin`: an order its buyer placed, any order for an admin (lib/accounts/access.ts).
 */
export type Scope = 'self' | 'self-or-admin' | 'owner-or-admin';

/** A failure from the messages table, with sample values for its `{name}` placeholders. */
export interface KeyCase {
  key: ErrorKey;
  params?: Record<string, string | number>;
  details?: unknown;
  /** When it happens, if the message alone does not say. */
  when?: string;
}

/** A failure without a table entry: a field error (`fieldError`) or an upload check. */
export interface CodeCase {
  code: ErrorCode;
  when: string;
  /** The body the server answers, built with the functions the server uses. */
  example?: ErrorBody;
}

export type ErrorCase = ErrorKey | KeyCase | CodeCase;

/** One answer of an operation other than the error shape. */
export interface SuccessResponse {
  description: string;
  /** `application/json` body. */
  json?: z.ZodType;
  /** Other media types (an image, a page, a script). */
  content?: Record<string, z.ZodType>;
  headers?: z.ZodObject;
  /** An example body. */
  example?: unknown;
}

/** A multipart/form-data upload: text fields checked as in a JSON body, plus one file. */
export interface MultipartBody {
  /** The text fields, as the handler parses them (numbers arrive as text). */
  fields?: z.ZodObject;
  /** The file field (`image`, `picture`). */
  file: string;
  /** How the file field is described; by default a required image file. */
  fileSchema?: z.ZodType;
}

export interface RequestBody {
  description?: string;
  /** `application/json`, read with `readJson` and validated with `parseWith`. */
  json?: z.ZodType;
  /** A JSON body the schema accepts (checked by test/unit/openapi-document.test.ts). */
  example?: unknown;
  /**
   * For a `json` union whose option the handler picks by a key: the option an empty object is
   * checked against, whose field issues the 422 example shows (default: `json` itself).
   */
  emptyCheckedBy?: z.ZodType;
  /** `multipart/form-data`, read with `readImageUpload` (lib/images). */
  multipart?: MultipartBody;
  /** Any other media type, read as it is (a signed webhook, Auth.js's forms). */
  raw?: { contentType: string; schema: z.ZodType };
}

export interface OperationContract {
  method: Method;
  /** The OpenAPI path: `/api/product/{productId}`. */
  path: `/api/${string}`;
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  scope?: Scope;
  params?: { path?: z.ZodObject; query?: z.ZodObject; header?: z.ZodObject };
  body?: RequestBody;
  responses: Record<number, SuccessResponse>;
  /** The failures of this operation's own rules (derived ones are added by the builder). */
  errors?: ErrorCase[];
  /** Counted against a rate limit (lib/core/rate-limit.ts): 429 with `details.retryAfter`. */
  rateLimited?: boolean;
  /** Reads the database, so it may answer 503 when it is unreachable (default true). */
  database?: boolean;
  /** Not one of our handlers: Auth.js answers it (app/api/auth/[...nextauth]). */
  handledBy?: 'auth.js';
  /** Wrapped in `route()`, which answers every failure in the error shape (default true). */
  wrapped?: boolean;
}

/** Keeps each declaration's literal types while checking it against the contract's shape. */
export function operation<T extends OperationContract>(declaration: T): T {
  return declaration;
}

// ---- Path parameters -----------------------------------------------------------------------

/** The failures a path parameter's parser answers, found by the builder from the schema. */
const pathFailures = new WeakMap<z.ZodType, ErrorCase[]>();

/**
 * How `handle()` (lib/api/handle.ts) parses a path parameter declared with one of the builders
 * below: a document id (`parseId`, lib/core/ids.ts), an email (`emailParam`); any other is passed as it is.
 */
export type PathKind = { kind: 'objectId'; what: string } | { kind: 'email' };
const pathKinds = new WeakMap<z.ZodType, PathKind>();

export function pathKind(schema: z.ZodType): PathKind | undefined {
  return pathKinds.get(schema);
}

/**
 * A path id parsed by `parseId` (lib/core/ids.ts) in `handle()`: 24 hex digits, 400
 * otherwise.
 */
export function objectIdPath(what: string) {
  const schema = z
    .string()
    .regex(/^[0-9a-fA-F]{24}$/)
    .meta({
      description: `The ${what}: 24 hexadecimal digits.`,
      example: '66a1f0c2e4b0a1b2c3d4e5f6',
    });
  pathFailures.set(schema, [
    {
      key: 'request.invalid_id',
      params: { what, value: 'not-an-id' },
      when: `the ${what} is not 24 hexadecimal digits`,
    },
  ]);
  pathKinds.set(schema, { kind: 'objectId', what });
  return schema;
}

/**
 * An upload's id in GET /api/images/{imageId} (lib/images/ids.ts): 32 lower-case hex digits
 * (128 random bits), or 24 hex digits for an image stored before random ids; 400 otherwise.
 */
export function imageIdPath() {
  const what = 'image id';
  const schema = z
    .string()
    .regex(/^(?:[0-9a-f]{32}|[0-9a-fA-F]{24})$/)
    .meta({
      description:
        'The image id: 32 lower-case hexadecimal digits (128 random bits), or 24 hexadecimal digits for an image stored before random ids.',
      example: '3f9c2a7e5b1d4c8a9e0f6b2d7a4c1e58',
    });
  pathFailures.set(schema, [
    {
      key: 'request.invalid_id',
      params: { what, value: 'not-an-id' },
      when: `the ${what} is neither 32 lower-case nor 24 hexadecimal digits`,
    },
  ]);
  return schema;
}

/**
 * A path email parsed by `emailParam` (lib/api/handler.ts): percent-decoded, trimmed and
 * lower-cased before it is compared; 400 when empty or longer than 254 characters.
 */
export function emailPath(description: string) {
  const schema = z
    .string()
    .min(1)
    .max(254)
    .meta({
      description: `${description} Percent-encoded as any path segment; compared without regard to case.`,
      example: 'buyer@example.com',
    });
  pathFailures.set(schema, ['request.invalid_email']);
  pathKinds.set(schema, { kind: 'email' });
  return schema;
}

export function pathParamFailures(schema: z.ZodType): ErrorCase[] {
  return pathFailures.get(schema) ?? [];
}

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
  return {
    status: errorStatus[errorCase.code],
    code: errorCase.code,
    name: exampleName(errorCase),
    when: errorCase.when,
    example: errorCase.example,
  };
}

function exampleName(errorCase: CodeCase): string {
  const fields = errorCase.example?.error.details as
    { fields?: Record<string, unknown> } | undefined;
  const field = Object.keys(fields?.fields ?? {})[0];
  return field ? `${errorCase.code}.${field}` : errorCase.code;
}

/** The answer the server gives when `schema` refuses `value`: 422 with every field issue. */
export function validationExample(schema: z.ZodType, value: unknown, code?: ErrorCode): ErrorBody {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('validationExample: the value passes the schema');
  return fieldsError(fieldIssues(result.error), code).toBody();
}

/** A field error as `fieldError` (lib/api/errors.ts) builds it. */
export function fieldErrorExample(
  field: string,
  message: string,
  options?: Parameters<typeof fieldError>[2],
): ErrorBody {
  return fieldError(field, message, options).toBody();
}
