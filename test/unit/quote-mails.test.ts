import { describe, expect, it } from 'vitest';
import type { QuoteMailData } from '@/lib/quotes/mail/quote-data';
import { renderQuoteMail, type QuoteMailKind } from '@/lib/quotes/mail/quote-mails';

// The quote mails rendered as the outbox renders them: the quote's facts in both versions,
// every link absolute on the origin given, values escaped.

const origin = 'https://parts.forgeline.test';
const storeName = 'Forgeline Parts';

function quote(overrides: Partial<QuoteMailData> = {}): QuoteMailData {
  return {
    id: '6650f1c2a1b2c3d4e5f60718',
    reference: 'Q-2026-000017',
    buyer: { name: 'Priya Raman', email: 'priya@example.com', phone: '01142345678' },
    product: { name: 'Hex Flange Bolt M8 <zinc & plated>', partNumber: 'HB-M8-40-ZP' },
    quantity: 50_000,
    neededBy: new Date('2026-12-15T00:00:00Z'),
    deliveryAddress: 'Raman Fabrication Ltd\n14 Foundry Lane\nSheffield S1 2AB',
    note: 'Two pallets, please.',
    requestedAt: new Date('2026-11-24T09:30:00Z'),
    answer: {
      unitPriceCents: 11,
      totalCents: 550_000,
      validUntil: new Date('2026-12-01T23:59:59.999Z'),
    },
    declineReason: null,
    ...overrides,
  };
}

const links = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);

describe.each<[QuoteMailKind, Partial<QuoteMailData>, string[]]>([
  [
    'quote.requested.store',
    { answer: null },
    ['Quote requested Q-2026-000017', 'priya@example.com'],
  ],
  ['quote.answered', {}, ['$0.11', '$5,500.00', 'December 1, 2026']],
  [
    'quote.declined',
    { answer: null, declineReason: 'We no longer make this size.' },
    ['We no longer make this size.'],
  ],
])('%s', (kind, overrides, facts) => {
  it('shows the quote in HTML and text, with absolute links on the origin and escaped values', async () => {
    const mail = await renderQuoteMail(kind, quote(overrides), { origin, storeName });
    expect(mail.subject).toContain('Q-2026-000017');
    for (const text of [mail.html, mail.text]) {
      expect(text).toContain('50,000');
      expect(text).toContain('December 15, 2026');
      for (const fact of facts) expect(`${mail.subject}\n${text}`).toContain(fact);
    }
    expect(mail.html).toContain('Hex Flange Bolt M8 &lt;zinc &amp; plated&gt;');
    const hrefs = links(mail.html);
    expect(hrefs).toContain(`${origin}/dashboard/quotes`);
    for (const href of hrefs) expect(new URL(href).origin).toBe(origin);
  });

  it("keeps what the buyer typed out of its subject and preview: the store's words only", async () => {
    const hostile = 'URGENT pay at https://evil.example/pay';
    const mail = await renderQuoteMail(
      kind,
      quote({ ...overrides, buyer: { name: hostile, email: 'x@example.com', phone: '0114' } }),
      { origin, storeName },
    );
    expect(mail.subject).not.toMatch(/URGENT|evil\.example/);
    const preview = mail.html.match(/<div[^>]*display:none[^>]*>([^<]*)/)?.[1];
    expect(preview).toBeTruthy();
    expect(preview).not.toMatch(/URGENT|evil\.example/);
    if (kind === 'quote.requested.store') expect(mail.text).toContain(hostile);
  });
});
