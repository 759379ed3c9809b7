import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agingBucket,
  agingReport,
  availableCredit,
  DAY_MS,
  daysOverdue,
  dueDate,
  fitsCredit,
  onHold,
  reminderTimes,
} from '@/lib/terms/shared';
import { termsSchema } from '@/lib/terms/schemas';

const at = (iso: string) => new Date(iso);

describe('due dates and days overdue', () => {
  it('is due net days after the invoice, overdue only once a whole day has passed', () => {
    const issued = at('2026-11-02T10:00:00Z');
    expect(dueDate(issued, 30)).toEqual(at('2026-12-02T10:00:00Z'));
    const due = dueDate(issued, 30);
    expect(daysOverdue(due, at('2026-12-01T10:00:00Z'))).toBe(0);
    expect(daysOverdue(due, due)).toBe(0);
    expect(daysOverdue(due, at('2026-12-03T09:59:59Z'))).toBe(0);
    expect(daysOverdue(due, at('2026-12-03T10:00:00Z'))).toBe(1);
    expect(daysOverdue(due, at('2027-01-01T10:00:00Z'))).toBe(30);
  });
});

describe('aging buckets', () => {
  const due = at('2026-12-01T00:00:00Z');
  const later = (days: number) => new Date(due.getTime() + days * DAY_MS);

  it('puts each invoice in current, 1-30, 31-60, 61-90 or 90+ by whole days overdue', () => {
    expect(agingBucket(due, later(-5))).toBe('current');
    expect(agingBucket(due, later(0))).toBe('current');
    expect(agingBucket(due, later(1))).toBe('1-30');
    expect(agingBucket(due, later(30))).toBe('1-30');
    expect(agingBucket(due, later(31))).toBe('31-60');
    expect(agingBucket(due, later(60))).toBe('31-60');
    expect(agingBucket(due, later(61))).toBe('61-90');
    expect(agingBucket(due, later(90))).toBe('61-90');
    expect(agingBucket(due, later(91))).toBe('90+');
  });

  it('sums what is owed per bucket, in cents, and loses no cent', () => {
    const now = later(45);
    const report = agingReport(
      [
        { dueAt: later(50), openCents: 1_000 },
        { dueAt: later(40), openCents: 2_500 },
        { dueAt: due, openCents: 7_001 },
        { dueAt: later(-30), openCents: 99 },
        { dueAt: later(-50), openCents: 5 },
      ],
      now,
    );
    expect(report).toEqual({
      current: 1_000,
      '1-30': 2_500,
      '31-60': 7_001,
      '61-90': 99,
      '90+': 5,
    });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ days: fc.integer({ min: -400, max: 400 }), openCents: fc.nat(10_000_000) }),
        ),
        (rows) => {
          const invoices = rows.map((row) => ({
            dueAt: later(row.days),
            openCents: row.openCents,
          }));
          const sum = Object.values(agingReport(invoices, due)).reduce((a, b) => a + b, 0);
          expect(sum).toBe(rows.reduce((total, row) => total + row.openCents, 0));
        },
      ),
    );
  });
});

describe('holds', () => {
  const due = at('2026-12-01T00:00:00Z');
  const later = (days: number) => new Date(due.getTime() + days * DAY_MS);

  it('holds a company with an invoice overdue by more than the rule, and lifts it when none is', () => {
    expect(onHold([{ dueAt: due }], 15, later(15))).toBe(false);
    expect(onHold([{ dueAt: due }], 15, later(16))).toBe(true);
    expect(onHold([{ dueAt: later(10) }, { dueAt: due }], 15, later(16))).toBe(true);
    // Paid: no open invoice left, no hold.
    expect(onHold([], 15, later(400))).toBe(false);
  });
});

describe('credit', () => {
  it('leaves the limit minus the exposure, never below 0', () => {
    expect(availableCredit({ creditLimitCents: 1_000_000, exposureCents: 250_000 })).toBe(750_000);
    expect(availableCredit({ creditLimitCents: 1_000_000, exposureCents: 1_200_000 })).toBe(0);
  });

  it('fits an order exactly up to the limit, and nothing above it or malformed', () => {
    expect(fitsCredit(900_000, 100_000, 1_000_000)).toBe(true);
    expect(fitsCredit(900_001, 100_000, 1_000_000)).toBe(false);
    expect(fitsCredit(0, 0, 1_000_000)).toBe(false);
    expect(fitsCredit(0, 1.5, 1_000_000)).toBe(false);
    expect(fitsCredit(0, -1, 1_000_000)).toBe(false);
    expect(fitsCredit(Number.MAX_SAFE_INTEGER, 1, Number.MAX_SAFE_INTEGER)).toBe(false);
    fc.assert(
      fc.property(
        fc.nat(10 ** 12),
        fc.integer({ min: 1, max: 10 ** 12 }),
        fc.nat(10 ** 12),
        (e, t, l) => {
          expect(fitsCredit(e, t, l)).toBe(e + t <= l);
          if (fitsCredit(e, t, l))
            expect(availableCredit({ creditLimitCents: l, exposureCents: e + t })).toBe(l - e - t);
        },
      ),
    );
  });
});

describe('reminders', () => {
  it('go out 3 days before the due date, on it, and 7 days after', () => {
    const due = at('2026-12-01T09:00:00Z');
    expect(reminderTimes(due)).toEqual([
      at('2026-11-28T09:00:00Z'),
      due,
      at('2026-12-08T09:00:00Z'),
    ]);
  });
});

describe('the terms a store admin sets', () => {
  const issues = (value: unknown) => {
    const result = termsSchema.safeParse(value);
    return result.success
      ? {}
      : Object.fromEntries(
          result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
        );
  };

  it('takes prepay, or net terms of 15, 30, 45 or 60 days with a credit limit in cents', () => {
    expect(termsSchema.parse({ mode: 'prepay' })).toEqual({ mode: 'prepay' });
    expect(termsSchema.parse({ mode: 'net', netDays: 30, creditLimitCents: 1_000_000 })).toEqual({
      mode: 'net',
      netDays: 30,
      creditLimitCents: 1_000_000,
      invoiceOn: 'shipment',
      holdAfterDaysOverdue: 15,
    });
  });

  it('refuses terms outside the allowed set with a message per field', () => {
    expect(issues({ mode: 'net', netDays: 20, creditLimitCents: 100 })).toEqual({
      netDays: 'Net days must be one of 15, 30, 45, 60',
    });
    expect(issues({ mode: 'net', netDays: 30, creditLimitCents: -1 })).toEqual({
      creditLimitCents: 'Credit limit cannot be below 0',
    });
    expect(issues({ mode: 'net', netDays: 30, creditLimitCents: 1.5 })).toEqual({
      creditLimitCents: 'Credit limit must be a whole number of cents',
    });
    expect(issues({ mode: 'net', netDays: 30, creditLimitCents: 2 ** 53 })).toEqual({
      creditLimitCents: 'Credit limit is too large',
    });
    expect(issues({ mode: 'net', netDays: 30, creditLimitCents: 1, invoiceOn: 'payday' })).toEqual({
      invoiceOn: 'Invoice on must be one of shipment, order',
    });
    expect(
      issues({ mode: 'net', netDays: 30, creditLimitCents: 1, holdAfterDaysOverdue: 0 }),
    ).toEqual({
      holdAfterDaysOverdue: 'Hold after must be at least 1 day',
    });
    expect(Object.keys(issues({ mode: 'later' }))).toEqual(['mode']);
    expect(Object.keys(issues({ mode: 'prepay', netDays: 30 }))).toEqual(['']);
  });
});
