/**
 * Dates as people read them, every format in this one module: a fixed locale (en-US) and the
 * UTC time zone, so the server, the browser, mails and the invoice write the same text for the
 * same moment (the server's own zone is nobody's). Days (`YYYY-MM-DD`) are UTC days.
 * Client-safe.
 */

/** A moment as a `Date`, an ISO string or milliseconds since the epoch. */
export type When = Date | string | number;

const asDate = (when: When): Date => (when instanceof Date ? when : new Date(when));

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The one formatter: `when` in en-US and UTC with the given fields. */
function format(when: When, options: Intl.DateTimeFormatOptions): string {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', ...options });
    formatters.set(key, formatter);
  }
  return formatter.format(asDate(when));
}

/** A day: `November 23, 2026` (invoices, quote mails and messages). */
export function formatDay(when: When): string {
  return format(when, { dateStyle: 'long' });
}

/** A day in a table: `Dec 3`, with its year when it is not this year's (UTC). */
export function formatShortDay(when: When, now: When = Date.now()): string {
  const date = asDate(when);
  const thisYear = date.getUTCFullYear() === asDate(now).getUTCFullYear();
  return format(date, { month: 'short', day: 'numeric', ...(thisYear ? {} : { year: 'numeric' }) });
}

/** A moment on the pages: `Nov 22, 2026, 3:04 PM UTC`. */
export function formatDateTime(when: When): string {
  return `${format(when, { dateStyle: 'medium', timeStyle: 'short' })} UTC`;
}

/** A moment in a mail: `December 3, 2026 at 14:05 UTC` (a mail is read in any time zone). */
export function formatMoment(when: When): string {
  return `${format(when, { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23' })} UTC`;
}

/** A `Date` as its UTC day, `YYYY-MM-DD` (a date input's value). */
export function toDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The UTC day `days` days after `now`, `YYYY-MM-DD`. */
export function dayFromNow(days: number, now: number = Date.now()): string {
  return toDay(new Date(now + days * 86_400_000));
}
