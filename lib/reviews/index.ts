/**
 * Reviews: the reviews collection (store.ts), the review schema, and its rate limit
 * (limits.ts).
 * The feature's public face for server code: app/, lib/api and other features import it from here only.
 */
export * from './store';
export * from './limits';
export * from './validation/review';
export type { ReviewDoc } from './collections';
export * from './migrations';
