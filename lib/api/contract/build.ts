import { z } from 'zod';
import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiRequestBodyObject,
  type ZodOpenApiResponseObject,
  type ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { imageMessages } from '@/lib/core/messages';
import { MAX_JSON_BYTES } from '@/lib/security/body';
import { contract, contractTags } from './index';
import {
  fieldErrorExample,
  pathParamFailures,
  validationExample,
  type Access,
  type ErrorCase,
  type OperationContract,
} from '@/lib/core/api/operation';
import { errorBodySchema, resolveError, type ResolvedError } from './failures';

/**
 * Builds the OpenAPI 3.1 document of the API with zod-openapi from the features' declarations
 * (lib/<feature>/api.ts, listed in index.ts: the zod schemas the route handlers parse with);
 * the statuses and error bodies of their refusals are added here, at the edge (failures.ts).
 */

export type OpenApiDocument = ReturnType<typeof createDocument>;

const sessionSchemes = ['sessionCookie', 'secureSessionCookie'] as const;

const securitySchemes = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: 'authjs.session-token',
    description:
      'The Auth.js session cookie, set by signing in (POST /api/auth/callback/credentials, or Google on the login page); this name over plain http. Auth.js splits a large cookie into `authjs.session-token.0`, `.1`, … which count as one. Valid 7 days from the sign-in.',
  },
  secureSessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: '__Secure-authjs.session-token',
    description: 'The same session cookie under the name Auth.js uses over https.',
  },
  bearerToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An access token from PUT /api/user/{email} (your own email, with the session cookie), sent as `Authorization: Bearer <token>`. HMAC-signed, valid 24 hours, refused once the password is reset or the account removed. When an Authorization header is sent, the cookie is not read.',
  },
  stripeSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Stripe-Signature',
    description: "Stripe's signature of the raw body with the webhook's signing secret.",
  },
} satisfies Record<string, oas31.SecuritySchemeObject>;

export type SecurityRequirement = Partial<Record<keyof typeof securitySchemes, string[]>>;

/** Who may call, as OpenAPI security requirements (any one of them suffices; none: public). */
export function securityOf(access: Access): SecurityRequirement[] {
  const session = sessionSchemes.map((scheme) => ({ [scheme]: [] }));
  switch (access) {
    case 'public':
      return [];
    case 'session':
      return session;
    case 'user':
    case 'admin':
      return [...session, { bearerToken: [] }];
    case 'stripe':
      return [{ stripeSignature: [] }];
  }
}

/** 403 from `route()`'s cross-site rule (lib/security/cross-site.ts), for every change. */
const crossSite: ErrorCase = {
  key: 'request.cross_site',
  details: {
    origin: 'https://elsewhere.example',
    secFetchSite: 'cross-site',
    expected: 'https://store.example',
  },
  when: "the request carries the session cookie without proving that it comes from the store's own pages (by its Origin, else Sec-Fetch-Site, else Referer), or it says that it comes from another site's page; checked before anything else. A bearer token needs no such proof.",
};

/** 413 from `readJson` (lib/api/handler.ts), for every JSON body. */
const jsonTooLarge: ErrorCase = {
  key: 'request.too_large',
  params: { limit: `${MAX_JSON_BYTES / 1024} kB` },
  details: { limitBytes: MAX_JSON_BYTES },
  when: `the JSON body is larger than ${MAX_JSON_BYTES / 1024} kB (by its Content-Length, or as it is read)`,
};

/**
 * The failures an operation can answer: those that follow from its declaration (path
 * parameters, access level, body, rate limit, the route wrapper) and its own, in the order the
 * handler checks them.
 */
export function failuresOf(operation: OperationContract): ErrorCase[] {
  const cases: ErrorCase[] = [];
  // `route()` applies the cross-site rule (lib/security) to every change, before anything else.
  if (operation.wrapped !== false && operation.method !== 'get') cases.push(crossSite);
  for (const schema of Object.values(operation.params?.path?.shape ?? {})) {
    cases.push(...pathParamFailures(schema as z.ZodType));
  }
  if (
    operation.access === 'user' ||
    operation.access === 'admin' ||
    operation.access === 'session'
  ) {
    cases.push('auth.sign_in_required');
  }
  if (operation.access === 'session') cases.push('auth.session_required');
  if (operation.access === 'admin') cases.push('auth.admin_only');

  const body = operation.body;
  if (body?.json) {
    cases.push(jsonTooLarge, 'request.not_json', 'request.not_object');
    // The example is what the server answers for an empty object, when that is refused.
    const checkedBy = body.emptyCheckedBy ?? body.json;
    const emptyRefused = !checkedBy.safeParse({}).success;
    cases.push({
      code: 'validation_failed',
      when: 'a field is missing or invalid: `details.fields` lists every field issue, the message names the first',
      ...(emptyRefused ? { example: validationExample(checkedBy, {}) } : {}),
    });
  }
  if (body?.multipart) {
    const { file } = body.multipart;
    cases.push(
      {
        key: 'image.not_multipart',
        when: body.json
          ? 'a body declared as multipart/form-data cannot be read as one'
          : 'the body is not multipart/form-data, or cannot be read as one',
      },
      {
        code: 'payload_too_large',
        when: 'the file is larger than 5 MB, or the whole form larger than 5.25 MB',
        example: fieldErrorExample(file, imageMessages.tooLarge, {
          code: 'payload_too_large',
          summary: imageMessages.tooLarge,
        }),
      },
      {
        code: 'unsupported_media_type',
        when: 'the file is not a JPEG, PNG, WebP or GIF image by its bytes',
        example: fieldErrorExample(file, imageMessages.notImage, {
          code: 'unsupported_media_type',
          summary: imageMessages.notImage,
        }),
      },
      {
        code: 'validation_failed',
        when: `a text field is missing or invalid, or \`${file}\` is missing: \`details.fields\` lists every field issue`,
      },
      {
        code: 'conflict',
        when: 'the person’s uploads not yet attached to a review or product would take more than 50 MB with this one (an unused upload is removed an hour after it was made)',
        example: fieldErrorExample(file, imageMessages.tooManyUnattached, {
          code: 'conflict',
          summary: imageMessages.tooManyUnattached,
        }),
      },
    );
  }
  cases.push(...(operation.errors ?? []));
  if (operation.rateLimited || body?.multipart) {
    cases.push({
      key: 'request.rate_limited',
      params: { minutes: '9 minutes' },
      details: { retryAfter: 512 },
      when: body?.multipart
        ? 'over a rate limit of this operation, or over 30 uploads per person in 10 minutes'
        : 'over a rate limit of this operation; `details.retryAfter` says when to try again',
    });
  }
  if (body?.multipart) cases.push('image.store_failed');
  if (operation.wrapped !== false) {
    cases.push('server.internal');
    if (operation.database !== false) cases.push('server.database_unavailable');
  }
  return cases;
}

const statusTitles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

function errorResponses(operation: OperationContract): Map<number, ZodOpenApiResponseObject> {
  const byStatus = new Map<number, ResolvedError[]>();
  const seen = new Set<string>();
  for (const resolved of failuresOf(operation).map(resolveError)) {
    let name = resolved.name;
    for (let n = 2; seen.has(name); n += 1) name = `${resolved.name}-${n}`;
    seen.add(name);
    const group = byStatus.get(resolved.status) ?? [];
    group.push({ ...resolved, name });
    byStatus.set(resolved.status, group);
  }
  const responses = new Map<number, ZodOpenApiResponseObject>();
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const examples = Object.fromEntries(
      group
        .filter((resolved) => resolved.example)
        .map((resolved) => [resolved.name, { summary: resolved.when, value: resolved.example }]),
    );
    responses.set(status, {
      description: [
        `${statusTitles[status] ?? 'Error'}:`,
        ...group.map((resolved) => `- \`${resolved.code}\`: ${resolved.when}`),
      ].join('\n'),
      content: {
        'application/json': {
          schema: errorBodySchema,
          ...(Object.keys(examples).length ? { examples } : {}),
        },
      },
    });
  }
  return responses;
}

function requestBodyOf(operation: OperationContract): ZodOpenApiRequestBodyObject | undefined {
  const body = operation.body;
  if (!body) return undefined;
  const content: ZodOpenApiRequestBodyObject['content'] = {};
  if (body.json) {
    content['application/json'] = {
      schema: body.json,
      ...(body.example === undefined ? {} : { example: body.example }),
    };
  }
  if (body.multipart) {
    const { fields, file, fileSchema } = body.multipart;
    const fileField =
      fileSchema ?? z.file().meta({ description: 'A JPEG, PNG, WebP or GIF image, at most 5 MB.' });
    const shape = { ...(fields?.shape ?? {}), [file]: fileField };
    content['multipart/form-data'] = {
      // Numbers arrive as text in a form; the server reads them as the JSON body's numbers.
      schema: z.object(shape),
      encoding: { [file]: { contentType: 'image/jpeg, image/png, image/webp, image/gif' } },
    };
  }
  if (body.raw) content[body.raw.contentType] = { schema: body.raw.schema };
  return {
    required: true,
    ...(body.description ? { description: body.description } : {}),
    content,
  };
}

function responsesOf(operation: OperationContract): ZodOpenApiResponsesObject {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    const content: NonNullable<ZodOpenApiResponseObject['content']> = {};
    const example = response.example === undefined ? {} : { example: response.example };
    if (response.json) content['application/json'] = { schema: response.json, ...example };
    for (const [type, schema] of Object.entries(response.content ?? {})) {
      content[type] = { schema };
    }
    responses[status] = {
      description: response.description,
      ...(Object.keys(content).length ? { content } : {}),
      ...(response.headers ? { headers: response.headers } : {}),
    };
  }
  for (const [status, response] of errorResponses(operation)) {
    if (responses[status]) {
      throw new Error(`${operation.operationId}: ${status} is both an answer and a failure`);
    }
    responses[status] = response;
  }
  return responses as ZodOpenApiResponsesObject;
}

function operationObject(operation: OperationContract): ZodOpenApiOperationObject {
  const { params } = operation;
  const requestParams = {
    ...(params?.path ? { path: params.path } : {}),
    ...(params?.query ? { query: params.query } : {}),
    ...(params?.header ? { header: params.header } : {}),
  };
  const requestBody = requestBodyOf(operation);
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    security: securityOf(operation.access),
    ...(Object.keys(requestParams).length ? { requestParams } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(operation),
    'x-access': {
      requires: operation.access,
      ...(operation.scope ? { scope: operation.scope } : {}),
    },
    ...(operation.handledBy ? { 'x-handled-by': 'Auth.js' } : {}),
    ...(operation.sameForEveryone ? { 'x-same-for-everyone': true } : {}),
  };
}

const documentDescription = `The REST API of the storefront, as its route handlers implement it: generated from the zod schemas they validate with.

**Credentials.** A signed-in person is known by the Auth.js session cookie or by an access token (\`Authorization: Bearer\`, from \`PUT /api/user/{email}\`). Identity and role always come from the database, never from a path or body. Each operation's security lists what it accepts; \`x-access\` says the level (\`public\`, \`user\`, \`session\`: cookie only, \`admin\`, \`stripe\`) and \`scope\` which records a caller reaches (\`self\`, \`self-or-admin\`, \`owner-or-admin\`).

**Caching.** Every answer to a request that carries a credential (the session cookie, a bearer token, any \`Authorization\`), failures and files included, is \`Cache-Control: private, no-store\`; an operation marked \`x-same-for-everyone\` (a pre-rendered document, an image by its id) keeps its own caching for everyone. Asked without a credential, a public read keeps its own caching.

**Errors.** Every failure is answered as \`{ "error": { "code", "message", "details"? } }\`; the code fixes the status, and a validation failure lists the field issues in \`details.fields\`.

**Money** is in US dollars with at most two decimals in prices and totals.

**Departures from the specification's paths.** \`GET /order/{email}\` and \`DELETE\`/\`PATCH /order/{id}\` share the path \`/api/order/{emailOrId}\`: the segment is an email for \`GET\` and an order id otherwise.

**Not listed.** Any other \`/api\` path answers 404 in the error shape (\`request.no_route\`). Auth.js serves more of \`/api/auth/*\` than the sign-in endpoints listed here (Google sign-in, the sign-in and error pages); the login page uses them.`;

/** Builds the document. `title` is the store's name where the route serves it. */
export function buildOpenApiDocument({ title = 'Storefront API' } = {}): OpenApiDocument {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of contract) {
    const item = (paths[operation.path] ??= {});
    if (item[operation.method]) {
      throw new Error(`${operation.method.toUpperCase()} ${operation.path} is declared twice`);
    }
    item[operation.method] = operationObject(operation);
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title,
        version: '1.0.0',
        description: documentDescription,
        license: { name: 'MIT', identifier: 'MIT' },
      },
      servers: [{ url: '/', description: 'This store' }],
      tags: contractTags.map((tag) => ({ ...tag })),
      paths,
      components: { securitySchemes },
    },
    {
      // zod bounds every int() by the safe integers; in an answer that says nothing.
      override: ({ jsonSchema, io }) => {
        if (io !== 'output') return;
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      },
    },
  );
}

const built = new Map<string, OpenApiDocument>();

/** The document, built once per title and process (the schemas do not change at run time). */
export function openApiDocument(options: { title?: string } = {}): OpenApiDocument {
  const key = options.title ?? '';
  let document = built.get(key);
  if (!document) {
    document = buildOpenApiDocument(options);
    built.set(key, document);
  }
  return document;
}
