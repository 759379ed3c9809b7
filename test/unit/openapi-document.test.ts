import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '@/lib/api/contract';
import { orderResponseSchema } from '@/lib/orders/api';
import { productResponseSchema } from '@/lib/catalogue/api';
import { errorStatus, type ErrorCode } from '@/lib/api/errors';
import { errorBodySchema } from '@/lib/api/contract/failures';
import {
  buildOpenApiDocument,
  fillPath,
  listOperations,
  openApiDocument,
  type ListedOperation,
} from '@/lib/api/contract/document';

const document = openApiDocument();
const operations = listOperations();

function find(method: ListedOperation['method'], path: string): ListedOperation {
  const found = operations.find(
    (operation) => operation.method === method && operation.path === path,
  );
  if (!found) throw new Error(`${method} ${path} is not in the document`);
  return found;
}

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    // The validator dereferences what it is given: hand it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('declares each path template segment as a required path parameter, and no other', () => {
    for (const operation of operations) {
      const inPath = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      const declared = operation.parameters.filter((parameter) => parameter.in === 'path');
      expect(
        declared.map((parameter) => parameter.name),
        `${operation.method} ${operation.path}`,
      ).toEqual(inPath);
      expect(declared.every((parameter) => parameter.required)).toBe(true);
    }
  });

  it('gives examples that its own schemas accept', () => {
    const bodies = contract.filter((operation) => operation.body?.example !== undefined);
    expect(bodies.length).toBeGreaterThan(10);
    for (const operation of bodies) {
      const result = operation.body!.json!.safeParse(operation.body!.example);
      expect(result.error?.issues, operation.operationId).toBeUndefined();
    }
    expect(
      productResponseSchema.parse(z.globalRegistry.get(productResponseSchema)?.example),
    ).toBeTruthy();
    expect(
      orderResponseSchema.parse(z.globalRegistry.get(orderResponseSchema)?.example),
    ).toBeTruthy();
  });

  it('builds the same document each time', () => {
    expect(JSON.stringify(buildOpenApiDocument())).toBe(JSON.stringify(document));
  });

  it('answers every failure in the one error shape, with examples of that status', () => {
    for (const { method, path, statuses } of operations) {
      const responses = document.paths![path]![method.toLowerCase() as 'get']!.responses!;
      for (const status of statuses.filter((status) => status >= 400)) {
        const media = responses[String(status)].content?.['application/json'];
        // Only the health checks answer 503 in a shape of their own.
        if ((path === '/api/health' || path === '/api/health/ready') && status === 503) continue;
        expect(media?.schema, `${method} ${path} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
        for (const [name, example] of Object.entries(media?.examples ?? {})) {
          const value = (example as { value: unknown }).value;
          const parsed = errorBodySchema.parse(value);
          expect(errorStatus[parsed.error.code as ErrorCode], `${path} ${status} ${name}`).toBe(
            status,
          );
        }
      }
    }
  });

  it('states the security of each access level', () => {
    for (const operation of operations) {
      const schemes = operation.security.flatMap((requirement) => Object.keys(requirement)).sort();
      const expected = {
        public: [],
        session: ['secureSessionCookie', 'sessionCookie'],
        user: ['bearerToken', 'secureSessionCookie', 'sessionCookie'],
        admin: ['bearerToken', 'secureSessionCookie', 'sessionCookie'],
        stripe: ['stripeSignature'],
      }[operation.access];
      expect(schemes, `${operation.method} ${operation.path}`).toEqual(expected);
      if (operation.access !== 'public' && operation.access !== 'stripe') {
        expect(operation.errorCodes[401]).toEqual(['unauthorized']);
      }
      if (operation.access === 'admin' || operation.access === 'session') {
        expect(operation.errorCodes[403]).toContain('forbidden');
      }
    }
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual([
      'bearerToken',
      'secureSessionCookie',
      'sessionCookie',
      'stripeSignature',
    ]);
  });

  it('describes the session cookie under both of its names and the bearer token', () => {
    const schemes = document.components!.securitySchemes as unknown as Record<
      string,
      Record<string, string>
    >;
    expect(schemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'authjs.session-token',
    });
    expect(schemes.secureSessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: '__Secure-authjs.session-token',
    });
    expect(schemes.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('derives the failures of path ids, emails, bodies and uploads', () => {
    expect(find('GET', '/api/product/{productId}').errorCodes).toMatchObject({
      400: ['invalid_id'],
      404: ['not_found'],
    });
    expect(find('GET', '/api/product').errorCodes[400]).toEqual(['bad_request']);
    expect(find('GET', '/api/userdetail/{email}').errorCodes[400]).toEqual(['bad_request']);
    expect(find('POST', '/api/order').errorCodes).toMatchObject({
      400: ['bad_request'],
      401: ['unauthorized'],
      404: ['not_found'],
      409: ['conflict'],
      422: ['validation_failed'],
      429: ['rate_limited'],
    });
    expect(find('POST', '/api/images').errorCodes).toMatchObject({
      400: ['bad_request'],
      413: ['payload_too_large'],
      415: ['unsupported_media_type'],
      422: ['validation_failed'],
      429: ['rate_limited'],
      502: ['bad_gateway'],
    });
    expect(find('POST', '/api/create-payment-intent').errorCodes[503]).toEqual([
      'service_unavailable',
    ]);
    // Auth.js answers its own endpoints; only the callbackUrl check and the sign-in limit are ours.
    expect(find('POST', '/api/auth/callback/credentials').errorCodes).toEqual({
      400: ['bad_request'],
      429: ['rate_limited'],
    });
  });

  it('states the request-edge refusals: cross-site changes, bodies over their bound', () => {
    for (const operation of operations) {
      const label = `${operation.method} ${operation.path}`;
      const wrapped = operation.contract.wrapped !== false;
      expect(operation.errorCodes[403]?.includes('cross_site') ?? false, label).toBe(
        wrapped && operation.method !== 'GET',
      );
      if (operation.requestBody?.content['application/json'] && wrapped) {
        expect(operation.errorCodes[413], label).toContain('payload_too_large');
      }
    }
    const webhook = document.paths!['/api/webhooks/stripe']!.post!.responses!['413'];
    expect(JSON.stringify(webhook)).toContain('512 kB');
    expect(find('POST', '/api/password-reset').errorCodes[502]).toEqual(['bad_gateway']);
  });

  it('describes the order lifecycle, price tiers, business profile and invoices', () => {
    const invoice = document.paths!['/api/orders/{id}/invoice']!.get!.responses!;
    expect(Object.keys(invoice['200'].content ?? {})).toEqual(['application/pdf']);
    expect(find('GET', '/api/orders/{id}/invoice').errorCodes[409]).toEqual(['conflict']);
    expect(find('GET', '/api/allOrder').parameters.map((parameter) => parameter.name)).toEqual([
      'status',
      'from',
      'to',
      'format',
      'page',
      'limit',
    ]);
    const allOrders = document.paths!['/api/allOrder']!.get!.responses!['200'];
    expect(Object.keys(allOrders.content ?? {})).toEqual([
      'application/json',
      'text/csv; charset=utf-8',
    ]);
    // Paged as the catalogue is: the count over every page and the Link to the others.
    expect(Object.keys(allOrders.headers ?? {})).toEqual(
      expect.arrayContaining(['X-Total-Count', 'Link']),
    );
    expect(find('PATCH', '/api/orders/{id}/status')).toMatchObject({ access: 'admin' });
    expect(find('DELETE', '/api/user/admin/{email}')).toMatchObject({ access: 'admin' });
    const order = document.components!.schemas!.Order as { properties: Record<string, unknown> };
    for (const field of ['status', 'history', 'carrier', 'trackingNumber', 'sku', 'poNumber']) {
      expect(order.properties, field).toHaveProperty(field);
    }
    for (const field of ['paidAt', 'invoiceNumber']) {
      expect(order.properties, field).toHaveProperty(field);
    }
    const product = document.components!.schemas!.Product as {
      properties: Record<string, unknown>;
    };
    expect(product.properties).toHaveProperty('priceTiers');
    const profile = document.components!.schemas!.ProfileDetails as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(profile.properties)).toEqual(expect.arrayContaining(['company', 'taxId']));
    const patch = find('PATCH', '/api/product/{productId}').requestBody!.content[
      'application/json'
    ] as { anyOf?: Array<{ required?: string[]; anyOf?: Array<{ required?: string[] }> }> };
    expect(
      patch.anyOf?.map((option) => option.required ?? option.anyOf?.map((one) => one.required)),
    ).toEqual([
      ['sku', 'category'],
      ['priceTiers'],
      [['minimumOrderQuantity'], ['orderMultiple'], ['maxOrderQuantity']],
    ]);
    expect(product.properties).toHaveProperty('orderMultiple');
    expect(product.properties).toHaveProperty('maxOrderQuantity');
    expect(
      find('POST', '/api/order').requestBody!.content['application/json']!.properties,
    ).toHaveProperty('poNumber');
  });

  it('keeps the shared path of GET /order/{email} and DELETE, PATCH /order/{id}', () => {
    const item = document.paths!['/api/order/{emailOrId}']!;
    expect(Object.keys(item).sort()).toEqual(['delete', 'get', 'patch']);
    expect(find('GET', '/api/order/{emailOrId}').parameters[0]?.schema).toMatchObject({
      type: 'string',
      maxLength: 254,
    });
    expect(find('DELETE', '/api/order/{emailOrId}').parameters[0]?.schema).toMatchObject({
      pattern: '^[0-9a-fA-F]{24}$',
    });
  });
});

describe('listOperations', () => {
  it('lists every operation once, with its declaration', () => {
    const keys = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(keys.length);
    for (const operation of operations) {
      expect(operation.contract.operationId).toBe(operation.operationId);
      expect(operation.contract.method.toUpperCase()).toBe(operation.method);
    }
  });

  it('gives parameters and bodies as plain JSON Schema, without $ref', () => {
    expect(
      JSON.stringify(operations.map((operation) => ({ ...operation, contract: null }))),
    ).not.toContain('$ref');
    const addProduct = find('POST', '/api/product');
    expect(addProduct.access).toBe('admin');
    expect(Object.keys(addProduct.requestBody?.content ?? {}).sort()).toEqual([
      'application/json',
      'multipart/form-data',
    ]);
    expect(addProduct.requestBody?.content['application/json']?.required).toContain('sku');
    expect(addProduct.statuses).toEqual([
      201, 400, 401, 403, 409, 413, 415, 422, 429, 500, 502, 503,
    ]);

    const token = find('PUT', '/api/user/{email}');
    expect(token).toMatchObject({
      access: 'session',
      scope: 'self',
      requestBody: null,
      parameters: [{ name: 'email', in: 'path', required: true }],
      security: [{ sessionCookie: [] }, { secureSessionCookie: [] }],
    });

    const search = find('GET', '/api/product');
    expect(search.parameters.map((parameter) => parameter.name)).toEqual([
      'q',
      'category',
      'sort',
      'page',
      'limit',
    ]);
    expect(
      search.parameters.every((parameter) => parameter.in === 'query' && !parameter.required),
    ).toBe(true);
    expect(search.security).toEqual([]);
  });

  it('fills a path template', () => {
    expect(fillPath('/api/userdetail/{email}', { email: 'a b@example.com' })).toBe(
      '/api/userdetail/a%20b%40example.com',
    );
    expect(() => fillPath('/api/orders/{id}', {})).toThrow(/no value for \{id\}/);
  });
});
