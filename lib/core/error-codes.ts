/**
 * Every kind of refusal (the `code` of the API's error shape). Only the HTTP edge
 * (lib/api/errors.ts) knows the status each one is answered with.
 */
export const errorCodes = [
  'bad_request',
  'invalid_id',
  'unauthorized',
  'forbidden',
  /** A request with the session cookie that did not come from the store's own pages. */
  'cross_site',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'validation_failed',
  'rate_limited',
  'internal_error',
  'bad_gateway',
  'service_unavailable',
] as const;

export type ErrorCode = (typeof errorCodes)[number];
