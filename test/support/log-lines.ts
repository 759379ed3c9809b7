/** One line of the store's log as a process printed it (lib/core/log-options.mjs). */
export interface PrintedRecord {
  level: string;
  time: string;
  msg: string;
  [field: string]: unknown;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * What a process printed on stdout, line by line, each parsed as one of the store's JSON log
 * lines; throws on the first line that is not one (not JSON, or without `time` in ISO 8601, a
 * `level` name and a `msg`). For Vitest and Playwright alike.
 */
export function printedRecords(stdout: string): PrintedRecord[] {
  return stdout
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => {
      let record: Partial<PrintedRecord>;
      try {
        record = JSON.parse(line) as Partial<PrintedRecord>;
      } catch {
        throw new Error(`not a JSON line: ${line}`);
      }
      if (typeof record.msg !== 'string') throw new Error(`no msg: ${line}`);
      if (!LEVELS.includes(record.level ?? '')) throw new Error(`no level name: ${line}`);
      if (!ISO_TIME.test(record.time ?? '')) throw new Error(`no ISO time: ${line}`);
      return record as PrintedRecord;
    });
}
