import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dueReminders,
  filterStatuses,
  handlesInvoices,
  INVOICE_STATUSES,
  isOverdue,
  isOwed,
  nextReminderAt,
  nextSyncAttempt,
  openCents,
  paymentFits,
  REMINDER_KINDS,
  stripeLineDescription,
  stripeTaxId,
  SYNC_RETRY_DELAYS_MS,
  type ReminderKind,
} from '@/lib/billing/shared';
import {
  invoiceListQuerySchema,
  recordPaymentFormSchema,
  recordPaymentSchema,
  statementQuerySchema,
  statementRange,
} from '@/lib/billing/schemas';
import { COMPANY_ROLES } from '@/lib/companies/shared';
import { DAY_MS } from '@/lib/terms/shared';

// The pure rules of invoices on account: who handles them, what is owed and overdue, the
// invoice job's retry delays, which reminders go out, tax ids for Stripe, and the schemas.

const at = (iso: string) => new Date(iso);

describe('who handles a company’s invoices', () => {
  it('is accounts and owners, from the role table; approvers and buyers do not', () => {
    expect(COMPANY_ROLES.filter(handlesInvoices).sort()).toEqual(['accounts', 'owner']);
  });
});

describe('what is owed and overdue', () => {
  it('owes drafts, open and uncollectible invoices, never paid or void ones', () => {
    expect(INVOICE_STATUSES.filter(isOwed)).toEqual(['draft', 'open', 'uncollectible']);
  });

  it('owes the total less what was paid, never below 0', () => {
    expect(openCents({ totalCents: 10_000, paidCents: 2_500 })).toBe(7_500);
    expect(openCents({ totalCents: 10_000, paidCents: 12_000 })).toBe(0);
  });

  it('is overdue only when owed and a whole day past its due date', () => {
    const dueAt = at('2026-12-01T10:00:00Z');
    const later = (ms: number) => new Date(dueAt.getTime() + ms);
    expect(isOverdue({ status: 'open', dueAt }, later(DAY_MS - 1))).toBe(false);
    expect(isOverdue({ status: 'open', dueAt }, later(DAY_MS))).toBe(true);
    expect(isOverdue({ status: 'uncollectible', dueAt }, later(5 * DAY_MS))).toBe(true);
    expect(isOverdue({ status: 'paid', dueAt }, later(5 * DAY_MS))).toBe(false);
    expect(isOverdue({ status: 'void', dueAt }, later(5 * DAY_MS))).toBe(false);
  });

  it('lists owed invoices under open and overdue, each other filter by its status', () => {
    expect(filterStatuses('open')).toEqual(['draft', 'open', 'uncollectible']);
    expect(filterStatuses('overdue')).toEqual(['draft', 'open', 'uncollectible']);
    expect(filterStatuses('paid')).toEqual(['paid']);
    expect(filterStatuses('void')).toEqual(['void']);
    expect(filterStatuses(undefined)).toBeNull();
  });
});

describe('a recorded payment', () => {
  it('fits when it is whole, positive cents no more than what is owed', () => {
    expect(paymentFits(1, 1)).toBe(true);
    expect(paymentFits(500, 1_000)).toBe(true);
    expect(paymentFits(1_001, 1_000)).toBe(false);
    expect(paymentFits(0, 1_000)).toBe(false);
    expect(paymentFits(-1, 1_000)).toBe(false);
    expect(paymentFits(12.5, 1_000)).toBe(false);
    expect(paymentFits(Number.MAX_SAFE_INTEGER + 1, Number.MAX_SAFE_INTEGER + 2)).toBe(false);
  });

  it('is refused by the schema unless whole cents from 1 to 2^53 - 1, with a printable reference', () => {
    const ok = recordPaymentSchema.safeParse({ amountCents: 420_000, reference: ' Wire 42 ' });
    expect(ok.success && ok.data).toEqual({ amountCents: 420_000, reference: 'Wire 42' });
    for (const amountCents of [0, -5, 12.5, Number.MAX_SAFE_INTEGER + 1, '100', null]) {
      const refused = recordPaymentSchema.safeParse({ amountCents, reference: 'Cheque 1' });
      expect(refused.success, String(amountCents)).toBe(false);
    }
    expect(recordPaymentSchema.safeParse({ amountCents: 1, reference: '' }).success).toBe(false);
    expect(
      recordPaymentSchema.safeParse({ amountCents: 1, reference: 'x'.repeat(81) }).success,
    ).toBe(false);
    expect(
      recordPaymentSchema.safeParse({ amountCents: 1, reference: 'Wire\u202Efdp' }).success,
    ).toBe(false);
    expect(
      recordPaymentSchema.safeParse({ amountCents: 1, reference: 'x', extra: true }).success,
    ).toBe(false);
  });

  it('is typed in dollars on the form, and sent in whole cents', () => {
    expect(recordPaymentFormSchema.parse({ amount: '2,500.50', reference: ' W ' })).toEqual({
      amountCents: 250_050,
      reference: 'W',
    });
    for (const amount of ['2.505', '-1', 'abc', '', '1,00', '0', '0.00', '99999999999999999']) {
      expect(recordPaymentFormSchema.safeParse({ amount, reference: 'W' }).success, amount).toBe(
        false,
      );
    }
  });
});

describe('the invoice job’s retries', () => {
  it('waits 1 min, 5 min, 30 min, 2 h, then every 6 h', () => {
    const now = at('2026-11-02T10:00:00Z');
    const waits = [1, 2, 3, 4, 5, 6, 9].map(
      (attempts) => nextSyncAttempt(attempts, now).getTime() - now.getTime(),
    );
    expect(waits).toEqual([
      ...SYNC_RETRY_DELAYS_MS,
      SYNC_RETRY_DELAYS_MS.at(-1)!,
      SYNC_RETRY_DELAYS_MS.at(-1)!,
    ]);
  });
});

describe('payment reminders', () => {
  const dueAt = at('2026-12-10T12:00:00Z');
  const days = (n: number) => new Date(dueAt.getTime() + n * DAY_MS);

  it('go out 3 days before, on and 7 days after the due date', () => {
    expect(dueReminders(dueAt, [], days(-3.5))).toEqual({ mark: [], mail: null });
    expect(dueReminders(dueAt, [], days(-3))).toEqual({ mark: ['before_due'], mail: 'before_due' });
    expect(dueReminders(dueAt, ['before_due'], days(-1))).toEqual({ mark: [], mail: null });
    expect(dueReminders(dueAt, ['before_due'], days(0))).toEqual({ mark: ['due'], mail: 'due' });
    expect(dueReminders(dueAt, ['before_due', 'due'], days(7))).toEqual({
      mark: ['overdue'],
      mail: 'overdue',
    });
    expect(dueReminders(dueAt, [...REMINDER_KINDS], days(30))).toEqual({ mark: [], mail: null });
  });

  it('mark every reminder whose time has passed, and mail only the latest', () => {
    expect(dueReminders(dueAt, [], days(8))).toEqual({
      mark: ['before_due', 'due', 'overdue'],
      mail: 'overdue',
    });
    expect(dueReminders(dueAt, [], days(1))).toEqual({ mark: ['before_due', 'due'], mail: 'due' });
  });

  it('each go out once, whenever the job runs', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10, max: 20 }), { maxLength: 12 }), (runs) => {
        const sent: ReminderKind[] = [];
        let mails = 0;
        for (const day of [...runs].sort((a, b) => a - b)) {
          const { mark, mail } = dueReminders(dueAt, sent, days(day));
          sent.push(...mark);
          if (mail) mails += 1;
        }
        expect(new Set(sent).size).toBe(sent.length);
        expect(mails).toBeLessThanOrEqual(3);
      }),
    );
  });

  it('know when the next one is due', () => {
    expect(nextReminderAt(dueAt, [])).toEqual(days(-3));
    expect(nextReminderAt(dueAt, ['before_due'])).toEqual(days(0));
    expect(nextReminderAt(dueAt, [...REMINDER_KINDS])).toBeNull();
  });
});

describe('a company’s tax id at Stripe', () => {
  it('is an EU VAT number, a UK VAT number or a US EIN, else none', () => {
    expect(stripeTaxId('DE 123.456.789')).toEqual({ type: 'eu_vat', value: 'DE123456789' });
    expect(stripeTaxId('fr12345678901')).toEqual({ type: 'eu_vat', value: 'FR12345678901' });
    expect(stripeTaxId('GB123456789')).toEqual({ type: 'gb_vat', value: 'GB123456789' });
    expect(stripeTaxId('GB 123 4567 89')).toEqual({ type: 'gb_vat', value: 'GB123456789' });
    expect(stripeTaxId('12-3456789')).toEqual({ type: 'us_ein', value: '12-3456789' });
    expect(stripeTaxId('123456789')).toEqual({ type: 'us_ein', value: '12-3456789' });
    for (const other of ['GB12', 'XX123456789', 'DEABCDEF', 'ABN 51 824 753 556', '', null]) {
      expect(stripeTaxId(other), String(other)).toBeNull();
    }
  });
});

describe('an invoice line at Stripe', () => {
  it('reads as the store’s invoice: part number, product, quantity at the unit price', () => {
    expect(
      stripeLineDescription({ sku: 'HB-M8', name: 'Hex bolt M8', quantity: 5_000 }, '$0.42'),
    ).toBe('HB-M8 · Hex bolt M8 — 5,000 × $0.42');
    expect(stripeLineDescription({ sku: null, name: 'Washer', quantity: 500 }, '$0.01')).toBe(
      'Washer — 500 × $0.01',
    );
    expect(
      stripeLineDescription({ sku: null, name: 'x'.repeat(600), quantity: 1 }, '$1.00').length,
    ).toBe(500);
  });
});

describe('the lists’ queries', () => {
  it('take open, overdue, paid or void and a page from 1', () => {
    expect(invoiceListQuerySchema.parse({ status: 'overdue', page: '2' })).toEqual({
      status: 'overdue',
      page: 2,
    });
    expect(invoiceListQuerySchema.parse({})).toEqual({});
    expect(invoiceListQuerySchema.safeParse({ status: 'late' }).success).toBe(false);
    expect(invoiceListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(invoiceListQuerySchema.safeParse({ page: '1.5' }).success).toBe(false);
  });

  it('take a statement’s days as UTC days, both included, and json or csv', () => {
    const query = statementQuerySchema.parse({
      from: '2026-11-01',
      to: '2026-11-30',
      format: 'csv',
    });
    expect(statementRange(query)).toEqual({
      from: at('2026-11-01T00:00:00Z'),
      before: at('2026-12-01T00:00:00Z'),
    });
    expect(statementQuerySchema.safeParse({ from: '2026-02-30' }).success).toBe(false);
    expect(statementQuerySchema.safeParse({ from: '2026-12-01', to: '2026-11-01' }).success).toBe(
      false,
    );
    expect(statementQuerySchema.safeParse({ format: 'pdf' }).success).toBe(false);
  });
});

describe('the sidebar', () => {
  it('offers Invoices and Statement to the roles that handle invoices, and Invoices to admins', async () => {
    const { companyLinks, sidebarLinks } = await import('@/components/dashboard/sidebar-links');
    const labels = (role: Parameters<typeof companyLinks>[0]) =>
      companyLinks(role).map((link) => link.label);
    for (const role of ['owner', 'accounts'] as const) {
      expect(labels(role)).toEqual(expect.arrayContaining(['Invoices', 'Statement']));
    }
    for (const role of ['approver', 'buyer', null] as const) {
      expect(labels(role)).not.toContain('Invoices');
      expect(labels(role)).not.toContain('Statement');
    }
    expect(sidebarLinks('admin')).toContainEqual({
      href: '/dashboard/invoices',
      label: 'Invoices',
    });
    expect(sidebarLinks('user').map((link) => link.label)).not.toContain('Invoices');
  });
});
