/**
 * The OpenAPI 3.1 document of the API (build.ts: built from the features' declarations, with
 * the statuses and error bodies of their refusals added at the edge), served at
 * /api/openapi.json and read by the reference page at /api/docs; and every operation of it as
 * tests need it (operations-list.ts, `listOperations`).
 */
export * from './build';
export * from './operations-list';
