import { logger, redirectLogs } from '@/lib/core/log';

/** One line of the store's log, parsed (lib/core/log.ts). */
export interface LogRecord {
  level: string;
  time: string;
  msg: string;
  requestId?: string;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

/**
 * Reads the lines the store's logger writes (tests run it `silent`: test/support/setup-env.ts)
 * from now until `stop()`, at `level` and above: each line is parsed as the JSON object a log
 * collector would read.
 */
export function captureLogs(level = 'debug'): { records: LogRecord[]; stop: () => void } {
  const records: LogRecord[] = [];
  const previousLevel = logger.level;
  logger.level = level;
  const restore = redirectLogs((line) => {
    records.push(JSON.parse(line) as LogRecord);
  });
  return {
    records,
    stop() {
      restore();
      logger.level = previousLevel;
    },
  };
}
