import { describe, expect, it } from 'vitest';
import {
  dayFromNow,
  formatDateTime,
  formatDay,
  formatMoment,
  formatShortDay,
  toDay,
} from '@/lib/core/dates';
import { centsToDollars, formatMoney, toCents } from '@/lib/core/money';

describe('money', () => {
  it('toCents is exact for amounts with two decimals', () => {
    expect(toCents(14.8)).toBe(1480);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(1.005)).toBe(100);
    expect(toCents(0)).toBe(0);
    expect(centsToDollars(toCents(123.45))).toBe(123.45);
  });

  it('formatMoney writes cents as the store shows prices', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(7)).toBe('$0.07');
    expect(formatMoney(1_480)).toBe('$14.80');
    expect(formatMoney(7_400_000)).toBe('$74,000.00');
    expect(formatMoney(-250)).toBe('-$2.50');
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
  });

  it('agrees with the dollar prices of data objects', () => {
    for (const dollars of [0.01, 0.1, 0.29, 1.15, 14.8, 1234.5, 99_999.99]) {
      expect(formatMoney(toCents(dollars))).toBe(
        `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      );
    }
  });
});

describe('dates', () => {
  const at = new Date('2026-12-03T14:05:09.000Z');

  it('writes a day, a moment on the pages and a moment in mails, in UTC', () => {
    expect(formatDay(at)).toBe('December 3, 2026');
    expect(formatDay('2026-12-03T23:59:59.999Z')).toBe('December 3, 2026');
    expect(formatDateTime(at.toISOString())).toMatch(/^Dec 3, 2026, 2:05\sPM UTC$/);
    expect(formatMoment(at)).toBe('December 3, 2026 at 14:05 UTC');
    expect(formatMoment(new Date('2026-12-03T00:07:00Z'))).toBe('December 3, 2026 at 00:07 UTC');
  });

  it('gives a short day its year only when it is not this year', () => {
    expect(formatShortDay('2026-12-03', at)).toBe('Dec 3');
    expect(formatShortDay('2027-01-05', at)).toBe('Jan 5, 2027');
  });

  it('reads UTC days', () => {
    expect(toDay(at)).toBe('2026-12-03');
    expect(dayFromNow(0, at.getTime())).toBe('2026-12-03');
    expect(dayFromNow(14, at.getTime())).toBe('2026-12-17');
  });
});
