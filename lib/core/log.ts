import 'server-only';
import { inspect } from 'node:util';
import type { Logger } from 'pino';
import { logSink, storeLogger } from './log-options.mjs';
import { acceptRequestId, REQUEST_ID_HEADER } from './request-id.mjs';

/**
 * The store's logger: structured JSON lines on stdout (pino), one object per line with `level`
 * (`fatal`, `error`, `warn`, `info`, `debug`, `trace`), `time` (ISO 8601), `pid`, `hostname`,
 * `msg` and the fields of the call, such as `requestId` and `err` (an error's type, message and
 * stack). The level comes from LOG_LEVEL (default `info`; `silent` writes nothing), the form
 * from LOG_FORMAT (`json`; `pretty`, the default on a terminal): see lib/core/log-options.mjs,
 * which the production server's lines and the shared cache's share.
 *
 *   logger.warn(`[outbox] ${label}: attempt failed`);
 *   logger.error({ err: error }, '[orders] the expiry sweep failed');
 *   requestLogger(requestIdOf(request)).error({ err }, 'unexpected error');
 *
 * Messages keep their `[area]` prefix, so a line reads the same in a terminal and in a log
 * search.
 */

/**
 * Where lines go: the process's one destination (lib/core/log-options.mjs `logSink`): stdout,
 * written synchronously, as JSON lines or, on a terminal or with LOG_FORMAT=pretty, readable
 * ones; or what `redirectLogs` set.
 */
const sink = logSink();

export const logger: Logger = storeLogger();

export type { Logger };

/**
 * Sends every line to `write` instead of stdout until the returned function is called (tests
 * read the lines the store writes; an embedding process could forward them).
 */
export function redirectLogs(write: (line: string) => void): () => void {
  const previous = sink.target;
  sink.target = { write };
  return () => {
    sink.target = previous;
  };
}

/** An error as text for a log message: its message, or the value as Node.js prints it. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : inspect(error, { depth: 2, breakLength: Infinity });
}

/** The request's id (`X-Request-Id`) when it carries a sane one, as the server set it. */
export function requestIdOf(request: { headers: Headers }): string | undefined {
  return acceptRequestId(request.headers.get(REQUEST_ID_HEADER));
}

/** A logger whose every line names the request (`requestId`), or the logger itself without one. */
export function requestLogger(requestId: string | undefined): Logger {
  return requestId ? logger.child({ requestId }) : logger;
}
