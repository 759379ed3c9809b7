import 'server-only';
import { NextResponse } from 'next/server';
import type { z } from 'zod';
import {
  assertSelf,
  assertSelfOrAdmin,
  requireAdmin,
  requireSession,
  requireUser,
  type Identity,
  type User,
} from '@/lib/accounts';
import { env } from '@/lib/core/env';
import { failure, fieldIssues, fieldsError } from '@/lib/api/errors';
import { parseId, type Id } from '@/lib/core/ids';
import { enforce, type Limit } from '@/lib/core/rate-limit';
import { isMultipart } from '@/lib/images';
import { pathKind, type IdPathSchema, type OperationContract } from '@/lib/core/api/operation';
import { emailParam, parseWith, readJson, route } from './handler';

/**
 * One declaration per endpoint: `export const POST = handle(placeOrderOp, fn)` builds a route
 * handler from the operation object the OpenAPI document is generated from (declared by its
 * feature in lib/<feature>/api.ts, typed by lib/core/api/operation.ts; the document is
 * lib/api/contract/document.ts). In `route()` (the cross-site check, the request counted
 * while it is answered, every failure in the one error shape), in this order:
 *
 * 1. the path parameters, each parsed as its declaration says (`objectIdPath`: an `Id` by
 *    `parseId`, lib/core/ids.ts, 400 `request.invalid_id`; `emailPath`: decoded,
 *    trimmed, lower-cased, 400 `request.invalid_email`), before any credential is read;
 * 2. the caller, per `access`: `user` (`requireUser`), `session` (`requireSession`),
 *    `admin` (`requireAdmin`); `public` and `stripe` read none (Stripe's signature is checked by
 *    the handler over the raw body). `scope: 'self'` / `'self-or-admin'` compare the path's
 *    email with the caller (`assertSelf` / `assertSelfOrAdmin`); `owner-or-admin` needs the
 *    record, so the feature checks it;
 * 3. the rate limits of `options.limits`, counted before the body is read;
 * 4. the query (`params.query`: each declared key's first value; 400 with the field issues);
 * 5. the JSON body (`body.json`: at most 64 kB, an object, 422 with the field issues), unless
 *    the request is the multipart/form-data upload the operation also takes;
 * 6. the handler, whose answer is sent as JSON with the operation's one success status (or
 *    the status and headers of `reply()`); a `Response` is sent as it is (files, CSV, pages).
 *
 * Whatever it is, an answer to a caller who sent a credential (session cookie, bearer token) is
 * `Cache-Control: private, no-store` (`privateWhenSignedIn`, ./handler.ts), failures included,
 * unless the operation is declared `sameForEveryone`.
 *
 * The answer is serialised as the handler built it (key order and all, byte for byte as
 * before) and then checked against the declared response schema outside production: an
 * answer the schema refuses, or one with a field the schema does not name, is a 500 naming
 * the operation, so a declaration cannot drift from what the server sends (this replaces the
 * compile-time `conforms<>()`). The check does not strip or reorder anything.
 */

type Declared = OperationContract;

/** Path parameters: an `Id` for each declared with `objectIdPath`, the text otherwise. */
type PathOf<O> = O extends { params: { path: infer P extends z.ZodObject } }
  ? { [K in keyof P['shape']]: P['shape'][K] extends IdPathSchema ? Id : string }
  : Record<never, string>;
type QueryOf<O> = O extends { params: { query: infer Q extends z.ZodObject } }
  ? z.output<Q>
  : undefined;
type BodyOf<O> = O extends { body: { json: infer B extends z.ZodType } }
  ? O extends { body: { multipart: object } }
    ? z.output<B> | undefined
    : z.output<B>
  : undefined;
type UserOf<O> = O extends { access: 'user' | 'session' | 'admin' } ? User : undefined;
type SessionOf<O> = O extends { access: 'session' } ? Identity : undefined;

/** What a handler built with `handle()` is given. */
export interface OperationInput<O> {
  request: Request;
  user: UserOf<O>;
  /** With `access: 'session'`: the sign-in (its id is what access tokens issued now carry). */
  session: SessionOf<O>;
  params: PathOf<O>;
  query: QueryOf<O>;
  body: BodyOf<O>;
}

/** An answer with a status (and headers) other than the operation's one success status. */
export class Reply {
  constructor(
    readonly body: unknown,
    readonly init: { status: number; headers?: HeadersInit },
  ) {}
}

export function reply(body: unknown, init: { status: number; headers?: HeadersInit }): Reply {
  return new Reply(body, init);
}

export interface HandleOptions<O> {
  /** Rate limits counted after the caller is known and before the body is read. */
  limits?: (input: Pick<OperationInput<O>, 'request' | 'user' | 'params'>) => {
    limit: Limit;
    key: string;
  }[];
  /**
   * The handler reads the declared query itself (GET /api/verify-email: a bad token is a
   * redirect with the outcome, not a 400); the declaration still documents it.
   */
  ownQuery?: true;
  /**
   * Each query key the request carries, with every value it is given (as a page gets them):
   * the catalogue's and the reviews' schemas take the first and refuse what they do not know.
   */
  everyQueryValue?: true;
  /**
   * The handler reads the JSON body itself (PATCH /api/product/{id}: the change is told by its
   * key, each option checked on its own); the declaration still documents it.
   */
  ownBody?: true;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };

export function handle<const O extends Declared>(
  operation: O,
  handler: (input: OperationInput<O>) => Promise<unknown> | unknown,
  options: HandleOptions<O> = {},
): (request: Request, context: RouteContext) => Promise<Response> {
  return route<Record<string, string | string[]>>(
    async (request, context) => {
      const params = await pathParams(operation, context);
      const identity = await caller(operation, request, params);
      const user = identity?.user as UserOf<O>;
      const session = (operation.access === 'session' ? identity : undefined) as SessionOf<O>;
      const limits = options.limits?.({ request, user, params: params as PathOf<O> });
      if (limits?.length) await enforce(limits);
      const query = (
        options.ownQuery ? undefined : queryOf(operation, request, options.everyQueryValue)
      ) as QueryOf<O>;
      const body = (await bodyOf(operation, request, options.ownBody)) as BodyOf<O>;
      const answer = await handler({
        request,
        user,
        session,
        params: params as PathOf<O>,
        query,
        body,
      });
      if (answer instanceof Response) return answer;
      const { status, headers, value } =
        answer instanceof Reply
          ? { status: answer.init.status, headers: answer.init.headers, value: answer.body }
          : { status: successStatus(operation), headers: undefined, value: answer };
      const response = NextResponse.json(value, { status, headers });
      if (env.NODE_ENV !== 'production') checkAnswer(operation, status, value);
      return response;
    },
    { sameForEveryone: operation.sameForEveryone === true },
  );
}

async function pathParams(
  operation: Declared,
  context: RouteContext,
): Promise<Record<string, string>> {
  const shape = operation.params?.path?.shape ?? {};
  const raw = await context.params;
  const parsed: Record<string, string> = {};
  for (const [name, schema] of Object.entries(shape)) {
    const value = String(raw[name]);
    const kind = pathKind(schema as z.ZodType);
    parsed[name] =
      kind?.kind === 'objectId'
        ? idParam(value, kind.what)
        : kind?.kind === 'email'
          ? emailParam(value)
          : value;
  }
  return parsed;
}

/** A path id (lib/core/ids.ts, the one id parser), lower-cased; 400 when it is malformed. */
function idParam(value: string, what: string): Id {
  const id = parseId(value);
  if (!id) throw failure('request.invalid_id', { params: { what, value } });
  return id;
}

async function caller(
  operation: Declared,
  request: Request,
  params: Record<string, string>,
): Promise<{ user: User; sessionId?: string } | undefined> {
  const identity =
    operation.access === 'user'
      ? { user: await requireUser(request) }
      : operation.access === 'session'
        ? await requireSession(request)
        : operation.access === 'admin'
          ? { user: await requireAdmin(request) }
          : undefined;
  const user = identity?.user;
  if (user && (operation.scope === 'self' || operation.scope === 'self-or-admin')) {
    const email = emailOf(operation, params);
    if (operation.scope === 'self') assertSelf(user, email);
    else assertSelfOrAdmin(user, email);
  }
  return identity;
}

/** The path's email, for an operation scoped to the caller's own account. */
function emailOf(operation: Declared, params: Record<string, string>): string {
  const shape = operation.params?.path?.shape ?? {};
  const name = Object.keys(shape).find(
    (key) => pathKind(shape[key] as z.ZodType)?.kind === 'email',
  );
  if (!name)
    throw new Error(`${operation.operationId}: a ${operation.scope} scope needs an email path`);
  return params[name]!;
}

/**
 * Each declared query key's first value (or, with `everyValue`, every key the request carries
 * with all its values); 400 with the field issues when the schema refuses.
 */
function queryOf(operation: Declared, request: Request, everyValue?: boolean): unknown {
  const schema = operation.params?.query;
  if (!schema) return undefined;
  const search = new URL(request.url).searchParams;
  const values = everyValue
    ? [...new Set(search.keys())].map((key) => [key, search.getAll(key)])
    : Object.keys(schema.shape).map((key) => [key, search.get(key) ?? undefined]);
  const parsed = schema.safeParse(Object.fromEntries(values));
  if (!parsed.success) throw fieldsError(fieldIssues(parsed.error), 'bad_request');
  return parsed.data;
}

/**
 * The JSON body, validated by `body.json`; none for an upload sent as multipart/form-data where
 * the operation also takes one (the handler reads the form: lib/images `readImageUpload`).
 */
async function bodyOf(operation: Declared, request: Request, own?: boolean): Promise<unknown> {
  const json = operation.body?.json;
  if (!json || own) return undefined;
  if (operation.body?.multipart && isMultipart(request)) return undefined;
  return parseWith(json, await readJson(request));
}

/** The operation's one success status with a JSON body (the lowest, if it declares several). */
function successStatus(operation: Declared): number {
  const statuses = Object.keys(operation.responses)
    .map(Number)
    .filter((status) => status < 300)
    .sort((a, b) => a - b);
  return statuses[0] ?? 200;
}

/** Outside production: the answer, as JSON sends it, must be one its declaration describes. */
function checkAnswer(operation: Declared, status: number, value: unknown): void {
  const schema = operation.responses[status]?.json;
  if (!schema) {
    throw new Error(`${operation.operationId}: no JSON answer is declared for status ${status}`);
  }
  const sent: unknown = JSON.parse(JSON.stringify(value));
  const result = schema.safeParse(sent);
  if (!result.success) {
    throw new Error(
      `${operation.operationId}: the answer does not match its declared schema: ${result.error.message}`,
    );
  }
  // What the schema would keep must be all that was sent: a field the declaration does not
  // name (which parsing strips) is drift too.
  const extra = undeclared(sent, result.data, '');
  if (extra) throw new Error(`${operation.operationId}: the answer's ${extra} is not declared`);
}

/** The path of the first field `sent` has and `kept` (the schema's parse of it) does not. */
function undeclared(sent: unknown, kept: unknown, at: string): string | undefined {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (const [index, item] of sent.entries()) {
      const found = undeclared(item, kept[index], `${at}[${index}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (sent && typeof sent === 'object' && kept && typeof kept === 'object') {
    for (const [key, item] of Object.entries(sent)) {
      if (!(key in kept)) return `${at}.${key}`;
      const found = undeclared(item, (kept as Record<string, unknown>)[key], `${at}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}
