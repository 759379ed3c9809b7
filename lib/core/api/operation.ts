import { z } from 'zod';
import type { ErrorCode } from '@/lib/core/error-codes';
import { ID_DIGITS, ID_PATTERN } from '@/lib/core/ids';
import type { ErrorKey } from '@/lib/core/error-messages';

/**
 * The shape of one endpoint's declaration: what an operation takes, who may call it, what it
 * answers and how it fails. Each feature declares its operations in lib/<feature>/api.ts with
 * the zod schemas its route handlers parse with; a route file builds its handler from the
 * declaration (`handle()`, lib/api/handle.ts) and the OpenAPI document served at
 * /api/openapi.json is generated from the same objects (lib/api/contract/document.ts).
 *
 * A declaration speaks in refusals (a key of the messages table, or a kind of input refusal
 * with an example of its fields); HTTP statuses and the JSON error shape are the edge's
 * (lib/api). Failures that follow from the declaration itself (a path id, a JSON body, the
 * sign-in an access level needs, an upload) are added by the document builder, so a
 * declaration lists only the failures of its own rules.
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

/**
 * An example of an input refusal, which the edge turns into the body the server answers:
 * `field` (one field's message, as `fieldError` in lib/api/errors.ts builds it) or `schema`
 * (every field issue of `value` against the schema, as a failed validation answers).
 */
export type InputExample =
  | { field: string; message: string; code?: ErrorCode; summary?: string }
  | { schema: z.ZodType; value: unknown; code?: ErrorCode };

/** A failure without a table entry: a field error or an upload check. */
export interface CodeCase {
  code: ErrorCode;
  when: string;
  /** What the refused input looks like; the edge builds the body the server answers. */
  example?: InputExample;
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
  /**
   * The answer is the same whoever asks and is built without reading any credential (a
   * pre-rendered document, an image by its random id), so it keeps its own caching for a
   * signed-in caller too. Every other answer to a request that carries a credential (session
   * cookie, bearer token) is `Cache-Control: private, no-store`, failures included
   * (`route()`, lib/api/handler.ts). Only for `access: 'public'`.
   */
  sameForEveryone?: true;
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

declare const idPathBrand: unique symbol;

/** The schema of a path id: handlers built with `handle()` are given it as an `Id`. */
export type IdPathSchema = z.ZodString & { readonly [idPathBrand]: true };

/**
 * A path id parsed by `parseId` (lib/core/ids.ts) in `handle()`: 24 hex digits, refused with
 * `request.invalid_id` otherwise. Its pattern is the kernel's one `ID_PATTERN`.
 */
export function objectIdPath(what: string): IdPathSchema {
  const schema = z
    .string()
    .regex(ID_PATTERN)
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
  return schema as IdPathSchema;
}

/**
 * An upload's id in GET /api/images/{imageId} (lib/images/ids.ts): 32 lower-case hex digits
 * (128 random bits), or 24 hex digits for an image stored before random ids; refused with
 * `request.invalid_id` otherwise.
 */
export function imageIdPath() {
  const what = 'image id';
  const schema = z
    .string()
    .regex(new RegExp(`^(?:[0-9a-f]{32}|${ID_DIGITS})$`))
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
 * A path email parsed by `emailParam` (lib/api/handler.ts, the edge): percent-decoded, trimmed and
 * lower-cased before it is compared; refused with `request.invalid_email` when empty or longer
 * than 254 characters.
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

// ---- Examples of input refusals -------------------------------------------------------------

/** The refusal of one field with `message` (the edge answers it as `fieldError` builds it). */
export function fieldErrorExample(
  field: string,
  message: string,
  options: { code?: ErrorCode; summary?: string } = {},
): InputExample {
  return { field, message, ...options };
}

/**
 * A query its schema refuses (`bad_request`, every field issue in `details.fields`), with the
 * refusal of `value` as its example.
 */
export function queryRefused(
  schema: z.ZodType,
  value: unknown,
  when = 'a parameter is not valid; details.fields names it',
): CodeCase {
  return { code: 'bad_request', when, example: validationExample(schema, value, 'bad_request') };
}

/** The refusal of `value` by `schema`: 422 (or `code`) with every field issue. */
export function validationExample(
  schema: z.ZodType,
  value: unknown,
  code?: ErrorCode,
): InputExample {
  if (schema.safeParse(value).success) {
    throw new Error('validationExample: the value passes the schema');
  }
  return { schema, value, ...(code ? { code } : {}) };
}
