/** Every error code the API answers with, and the HTTP status it maps to. */
export const errorStatus = {
  bad_request: 400,
  invalid_id: 400,
  unauthorized: 401,
  forbidden: 403,
  /** A request with the session cookie that did not come from the store's own pages. */
  cross_site: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  bad_gateway: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
