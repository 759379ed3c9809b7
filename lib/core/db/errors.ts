import { MongoNetworkError, MongoServerSelectionError, type MongoError } from 'mongodb';

/**
 * Whether a driver error means the database cannot be reached right now, rather than a
 * mistake in the request or the code: no server to select within `serverSelectionTimeoutMS`
 * (the server is down or unreachable: `MongoServerSelectionError`), or a connection that broke
 * while a command was under way (`MongoNetworkError`, which includes the `PoolClearedError` of
 * the other commands on the same pool). The API answers these 503 (`server.database_unavailable`)
 * and the driver reconnects by itself once the server is back.
 */
export function isDatabaseUnreachable(error: unknown): error is MongoError {
  return error instanceof MongoServerSelectionError || error instanceof MongoNetworkError;
}
