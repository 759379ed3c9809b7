import { z } from 'zod';
import { operation } from '@/lib/core/api/operation';

/** The service itself: its health, this contract, and the reference page built from it. */

const tag = 'Service';

/**
 * GET /api/health: 200 when the database answers a ping, else 503 naming what is down, with a
 * message (never the database's address or error, which are logged for the operator).
 */
export const healthySchema = z
  .object({ status: z.literal('ok'), database: z.literal('ok') })
  .meta({ id: 'Healthy' });

export const unhealthySchema = z
  .object({
    status: z.literal('degraded'),
    database: z.literal('down'),
    message: z.string().meta({ example: 'The database did not answer a ping within 1500 ms.' }),
  })
  .meta({ id: 'Unhealthy' });

const noStore = z.object({ 'Cache-Control': z.literal('no-store') });

export const healthOp = operation({
  method: 'get',
  path: '/api/health',
  operationId: 'health',
  tag,
  summary: 'Whether the store can serve',
  description:
    'For load balancers and uptime checks: pings the database. Never cached, needs no credential.',
  access: 'public',
  // The handler answers an unreachable database itself, as 503 with what is down.
  database: false,
  responses: {
    200: { description: 'Everything answers.', json: healthySchema, headers: noStore },
    503: {
      description: 'Something is down, named in the body.',
      json: unhealthySchema,
      headers: noStore,
    },
  },
});

export const openApiDocumentOp = operation({
  method: 'get',
  path: '/api/openapi.json',
  operationId: 'openApiDocument',
  tag,
  summary: 'This API contract (OpenAPI 3.1)',
  description: 'Generated from the zod schemas the route handlers validate with.',
  access: 'public',
  database: false,
  responses: {
    200: {
      description: 'The OpenAPI document.',
      json: z.looseObject({
        openapi: z.string(),
        info: z.looseObject({}),
        paths: z.looseObject({}),
      }),
    },
  },
});

export const apiReferenceOp = operation({
  method: 'get',
  path: '/api/docs',
  operationId: 'apiReference',
  tag,
  summary: 'The API reference page',
  description:
    'A readable reference of this document for integrators, served entirely from this origin (no external scripts or fonts).',
  access: 'public',
  database: false,
  responses: { 200: { description: 'The page.', content: { 'text/html': z.string() } } },
});

export const apiReferenceScriptOp = operation({
  method: 'get',
  path: '/api/docs/scalar.js',
  operationId: 'apiReferenceScript',
  tag,
  summary: "The reference page's script",
  description: 'The Scalar API reference bundle the page loads, from this origin.',
  access: 'public',
  database: false,
  responses: {
    200: { description: 'The script.', content: { 'text/javascript': z.string() } },
  },
});

export const systemOperations = [healthOp, openApiDocumentOp, apiReferenceOp, apiReferenceScriptOp];
