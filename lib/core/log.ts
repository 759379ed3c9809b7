import 'server-only';
import { inspect } from 'node:util';
import { pino, type DestinationStream, type Logger } from 'pino';
import { loggerOptions } from './log-options.mjs';
import { acceptRequestId, REQUEST_ID_HEADER } from './request-id.mjs';

/**
 * The store's logger: structured JSON lines on stdout (pino), one object per line with `level`
 * (`fatal`, `error`, `warn`, `info`, `debug`, `trace`), `time` (ISO 8601), `pid`, `hostname`,
 * `msg` and the fields of the call, such as `requestId` and `err` (an error's type, message and
 * stack). The level comes from LOG_LEVEL (default `info`; `silent` writes nothing): see
 * lib/core/log-options.mjs, which the production server's request log shares.
 *
 *   logger.warn(`[outbox] ${label}: attempt failed`);
 *   logger.error({ err: error }, '[orders] the expiry sweep failed');
 *   requestLogger(requestIdOf(request)).error({ err }, 'unexpected error');
 *
 * Messages keep their `[area]` prefix, so a line reads the same in a terminal and in a log
 * search.
 */

/**
 * Where lines go: stdout, written synchronously (a line is never lost when the process exits
 * right after it, as at the end of a shutdown), or what `redirectLogs` set. One per process,
 * kept on globalThis: every bundle of the server writes through the same one.
 */
const shared = globalThis as typeof globalThis & {
  __storefrontLogSink?: { target: DestinationStream };
};
const sink = (shared.__storefrontLogSink ??= {
  target: pino.destination({ dest: 1, sync: true }),
});

export const logger: Logger = pino(loggerOptions(process.env), {
  write: (line: string) => sink.target.write(line),
});

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
