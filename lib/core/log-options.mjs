// @ts-check
import { writeSync } from 'node:fs';
import { format } from 'node:util';
import { pino } from 'pino';
import { prettyFactory } from 'pino-pretty';

/**
 * How the store's logs are written, shared by the logger of the application (lib/core/log.ts)
 * and the production server's request log (scripts/serve.mjs, outside the Next.js bundle): one
 * JSON object per line on stdout, with `level` as a name, `time` in ISO 8601, `pid`, `hostname`
 * and `msg`; readable lines instead on a terminal or with LOG_FORMAT=pretty (`prettyLogs`).
 * Reads LOG_LEVEL and LOG_FORMAT itself (not through lib/core/env, which refuses to load on an
 * invalid environment, when the logger is needed most); an unknown level falls back to `info`,
 * and lib/core/env refuses it at start-up.
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

/** The forms LOG_FORMAT may name: `json` (one object per line) or `pretty` (for a person). */
export const LOG_FORMATS = /** @type {const} */ (['json', 'pretty']);

/**
 * Whether lines are written for a person to read (pino-pretty): LOG_FORMAT=pretty, or no
 * LOG_FORMAT and stdout is a terminal. Anything else, a pipe or a file (a container's log, a
 * collector), gets one JSON object per line.
 * @param {Record<string, string | undefined>} environment
 * @param {boolean | undefined} terminal whether stdout is a terminal
 */
export function prettyLogs(environment, terminal = process.stdout.isTTY) {
  const format = environment.LOG_FORMAT?.trim().toLowerCase();
  if (format === 'pretty') return true;
  if (format === 'json') return false;
  return terminal === true;
}

/**
 * Where a JSON line goes: stdout, written synchronously (a line is never lost when the process
 * exits right after it, as at the end of a shutdown), turned into a readable line first when
 * `prettyLogs` says so.
 * @param {Record<string, string | undefined>} environment
 * @returns {{ write(line: string): unknown }}
 */
function stdoutSink(environment) {
  if (!prettyLogs(environment)) return pino.destination({ dest: 1, sync: true });
  const prettify = prettyFactory({
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname',
  });
  return { write: (line) => writeSync(1, prettify(line)) };
}

/**
 * The one destination of every logger in this process (the application's, lib/core/log.ts; the
 * production server's request log, scripts/serve.mjs; the shared cache's, cache-handler.mjs),
 * kept on globalThis so that every bundle and script writes through the same one. Its `target`
 * can be swapped (lib/core/log.ts `redirectLogs`).
 * @returns {{ target: { write(line: string): unknown } }}
 */
export function logSink() {
  const shared =
    /** @type {{ __storefrontLogSink?: { target: { write(line: string): unknown } } }} */ (
      globalThis
    );
  return (shared.__storefrontLogSink ??= { target: stdoutSink(process.env) });
}

/**
 * A logger writing the store's lines (`time`, `level`, `msg`, ...) through the process's one
 * destination: for code outside the application's bundle (scripts/serve.mjs, cache-handler.mjs).
 * @param {Record<string, unknown>} [bindings] fields of every line, such as `component`
 */
export function storeLogger(bindings) {
  const sink = logSink();
  const log = pino(loggerOptions(process.env), { write: (line) => sink.target.write(line) });
  return bindings ? log.child(bindings) : log;
}

/**
 * Sends what the process prints with `console` (Next.js's own lines among it: "Ready", a page's
 * render error) through `log` from now on, one of the store's lines per call, colour codes
 * removed; `console.error` as level `error`, `console.warn` as `warn`. A refusal to start is
 * written before this is called, so a person reads it as plain text on stderr.
 * @param {{ info(msg: string): void, warn(msg: string): void, error(msg: string): void, debug(msg: string): void }} log
 */
export function consoleThroughLog(log) {
  const levels = /** @type {const} */ ([
    ['log', 'info'],
    ['info', 'info'],
    ['warn', 'warn'],
    ['error', 'error'],
    ['debug', 'debug'],
  ]);
  for (const [method, level] of levels) {
    console[method] = (/** @type {unknown[]} */ ...args) =>
      log[level](
        format(...args)
          .replace(/\x1b\[[0-9;]*m/g, '')
          .trim(),
      );
  }
}
