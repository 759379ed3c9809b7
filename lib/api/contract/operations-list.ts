import type { oas31 } from 'zod-openapi';
import {
  methods,
  type Access,
  type Method,
  type OperationContract,
  type Scope,
} from '@/lib/core/api/operation';
import {
  failuresOf,
  openApiDocument,
  type OpenApiDocument,
  type SecurityRequirement,
} from './build';
import { resolveError } from './failures';
import { contract } from './index';

/**
 * Every operation of the OpenAPI document as tests need it (the authorization matrix, the
 * fuzzer): parameters and bodies with their schemas inlined, security, access, statuses.
 */

/** A JSON Schema with every `$ref` to a component replaced by the component itself. */
export type JsonSchema = oas31.SchemaObject;

export interface ListedParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the document, as an authorization matrix or a fuzzer needs it. */
export interface ListedOperation {
  /** Upper-case HTTP method: `GET`. */
  method: Uppercase<Method>;
  /** The OpenAPI path: `/api/product/{productId}`. */
  path: string;
  operationId: string;
  /** Security requirements as in the document: any one suffices; empty for a public operation. */
  security: SecurityRequirement[];
  /** The access level and scope (`x-access`). */
  access: Access;
  scope?: Scope;
  /** Auth.js answers it rather than one of our handlers. */
  handledByAuthJs: boolean;
  parameters: ListedParameter[];
  /** Media type to JSON Schema of each accepted body; null when the operation takes none. */
  requestBody: { required: boolean; content: Record<string, JsonSchema> } | null;
  /** Every status the operation answers, ascending. */
  statuses: number[];
  /** The failures it can answer, by status: `{ 404: ['not_found'] }`. */
  errorCodes: Record<number, string[]>;
  /** The declaration itself, with the zod schemas the handler parses with. */
  contract: OperationContract;
}

function dereference(value: unknown, document: OpenApiDocument, depth = 0): unknown {
  if (depth > 32) throw new Error('dereference: schema nests too deep (a cycle?)');
  if (Array.isArray(value)) return value.map((item) => dereference(item, document, depth + 1));
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name];
    if (!target) throw new Error(`dereference: unknown ${ref}`);
    return dereference(target, document, depth + 1);
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, dereference(item, document, depth + 1)]),
  );
}

/**
 * Every operation of the document, in document order, with its parameters' and bodies'
 * schemas inlined (no `$ref`), its security and access level, and its declaration.
 */
export function listOperations(document: OpenApiDocument = openApiDocument()): ListedOperation[] {
  const declared = new Map(contract.map((operation) => [operation.operationId, operation]));
  const listed: ListedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const declaration = declared.get(operation.operationId ?? '');
      if (!declaration) throw new Error(`${method} ${path}: no declaration`);
      const parameters = (operation.parameters ?? []).map((parameter) => {
        const { name, in: where, required, schema } = parameter as oas31.ParameterObject;
        return {
          name,
          in: where,
          required: required === true,
          schema: dereference(schema ?? {}, document) as JsonSchema,
        };
      });
      const body = operation.requestBody as oas31.RequestBodyObject | undefined;
      const responses = operation.responses ?? {};
      const failures = failuresOf(declaration).map(resolveError);
      const errorCodes: Record<number, string[]> = {};
      for (const failure of failures) {
        const codes = (errorCodes[failure.status] ??= []);
        if (!codes.includes(failure.code)) codes.push(failure.code);
      }
      const extension = (operation as { 'x-access'?: { requires: Access; scope?: Scope } })[
        'x-access'
      ];
      listed.push({
        method: method.toUpperCase() as Uppercase<Method>,
        path,
        operationId: declaration.operationId,
        security: (operation.security ?? []) as SecurityRequirement[],
        access: extension?.requires ?? declaration.access,
        ...(extension?.scope ? { scope: extension.scope } : {}),
        handledByAuthJs: declaration.handledBy === 'auth.js',
        parameters,
        requestBody: body
          ? {
              required: body.required === true,
              content: Object.fromEntries(
                Object.entries(body.content).map(([type, media]) => [
                  type,
                  dereference(media.schema ?? {}, document) as JsonSchema,
                ]),
              ),
            }
          : null,
        statuses: Object.keys(responses)
          .map(Number)
          .sort((a, b) => a - b),
        errorCodes,
        contract: declaration,
      });
    }
  }
  return listed;
}

/** A concrete path of an operation: `fillPath('/api/orders/{id}', { id })`. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`fillPath: no value for {${name}} in ${path}`);
    return encodeURIComponent(value);
  });
}
