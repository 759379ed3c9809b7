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

/** GET /api/health/live: the process runs and answers (no database). */
export const liveSchema = z.object({ status: z.literal('ok') }).meta({ id: 'Live' });

export const healthLiveOp = operation({
  method: 'get',
  path: '/api/health/live',
  operationId: 'healthLive',
  tag,
  summary: 'Whether the server process runs',
  description:
    'For liveness probes: answers while the process can answer at all, without touching the database (restart the process when it stops answering). Never cached, needs no credential.',
  access: 'public',
  database: false,
  responses: {
    200: { description: 'The process answers.', json: liveSchema, headers: noStore },
  },
});

/** GET /api/health/ready: whether this instance should be sent requests now. */
export const readySchema = z.object({ status: z.literal('ok') }).meta({ id: 'Ready' });

export const notReadySchema = z
  .object({
    status: z.literal('unavailable'),
    reason: z.enum(['shutting_down', 'database_down']).meta({
      description:
        '`shutting_down`: the server was told to stop and is finishing its requests in flight; `database_down`: MongoDB did not answer a ping within a second.',
    }),
  })
  .meta({ id: 'NotReady' });

export const healthReadyOp = operation({
  method: 'get',
  path: '/api/health/ready',
  operationId: 'healthReady',
  tag,
  summary: 'Whether this instance can take requests',
  description:
    'For readiness probes and load balancers: 200 when MongoDB answers a ping within a second and the server is not shutting down, else 503 with the reason (take the instance out of rotation; do not restart it). Never cached, needs no credential.',
  access: 'public',
  // The handler answers an unreachable database itself, as 503 with the reason.
  database: false,
  responses: {
    200: { description: 'Ready for requests.', json: readySchema, headers: noStore },
    503: {
      description: 'Not ready: shutting down, or the database does not answer.',
      json: notReadySchema,
      headers: noStore,
    },
  },
});

/** GET /api/metrics: Prometheus's text format, with METRICS_TOKEN. */
export const metricsOp = operation({
  method: 'get',
  path: '/api/metrics',
  operationId: 'metrics',
  tag,
  summary: 'Metrics for Prometheus',
  description:
    "The store's metrics in Prometheus's text format (outbox backlog and failed mails, background job durations, requests refused by rate limits, process metrics), for a scraper sending `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN on the server the endpoint does not exist (404). Wrong tokens are counted per client address, with wrong CRON_SECRETs: beyond 10 in 15 minutes every attempt from that address is 429 (the right token too) until the window ends. Never cached.",
  rateLimited: true,
  access: 'public',
  errors: [
    {
      key: 'metrics.token_invalid',
      when: 'the Authorization header does not carry `Bearer` and the configured METRICS_TOKEN',
    },
    {
      key: 'request.no_route',
      params: { method: 'GET', path: '/api/metrics' },
      when: 'METRICS_TOKEN is not set on the server: the endpoint is off',
    },
  ],
  responses: {
    200: {
      description: 'The metrics (`text/plain; version=0.0.4`).',
      content: { 'text/plain': z.string() },
      headers: z.object({ 'Cache-Control': z.literal('private, no-store') }),
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
  // Pre-rendered at build time (`force-static`): one answer for everyone.
  sameForEveryone: true,
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
  // Pre-rendered at build time (`force-static`): one answer for everyone.
  sameForEveryone: true,
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
  // Pre-rendered at build time (`force-static`): one answer for everyone.
  sameForEveryone: true,
  database: false,
  responses: {
    200: { description: 'The script.', content: { 'text/javascript': z.string() } },
  },
});

export const systemOperations = [
  healthOp,
  healthLiveOp,
  healthReadyOp,
  metricsOp,
  openApiDocumentOp,
  apiReferenceOp,
  apiReferenceScriptOp,
];
