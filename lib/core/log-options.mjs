// @ts-check
/**
 * How the store's logs are written, shared by the logger of the application (lib/core/log.ts)
 * and the production server's request log (scripts/serve.mjs, outside the Next.js bundle): one
 * JSON object per line on stdout, with `level` as a name, `time` in ISO 8601, `pid`, `hostname`
 * and `msg`. Reads LOG_LEVEL itself (not through lib/core/env, which refuses to load on an invalid
 * environment, when the logger is needed most); an unknown level falls back to `info`, and
 * lib/core/env refuses it at start-up.
 */

/** The levels LOG_LEVEL may name, most severe first; `silent` writes nothing. */
export const LOG_LEVELS = /** @type {const} */ ([
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
]);

/** @typedef {(typeof LOG_LEVELS)[number]} LogLevel */

/**
 * The level LOG_LEVEL names (any case), `info` when it is unset or names no level.
 * @param {string | undefined} value
 * @returns {LogLevel}
 */
export function logLevel(value) {
  const name = value?.trim().toLowerCase();
  return /** @type {readonly string[]} */ (LOG_LEVELS).includes(name ?? '')
    ? /** @type {LogLevel} */ (name)
    : 'info';
}

/**
 * pino's options for the store's loggers.
 * @param {Record<string, string | undefined>} environment
 */
export function loggerOptions(environment) {
  return {
    level: logLevel(environment.LOG_LEVEL),
    formatters: {
      /** @param {string} label */
      level: (label) => ({ level: label }),
    },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
  };
}
