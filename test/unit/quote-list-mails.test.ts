import { describe, expect, it } from 'vitest';
import type { QuoteMailData, QuoteMailLine } from '@/lib/quotes/mail/quote-data';
import { renderQuoteMail } from '@/lib/quotes/mail/quote-mails';
import { formatMoney } from '@/lib/core/money';

// The mails of a quote for a whole order list: each line with its part number and quantity
// (and once answered its unit price and total), at most 20 lines with "and N more" and a link
// to the quotes page, and the total in all.

const origin = 'https://parts.forgeline.test';
const storeName = 'Forgeline Parts';

function line(index: number, answered: boolean): QuoteMailLine {
  return {
    name: `Part <${index}> & co`,
    partNumber: `PN-${String(index).padStart(3, '0')}`,
    quantity: 1_000 * index,
    unitPriceCents: answered ? 10 + index : null,
    totalCents: answered ? (10 + index) * 1_000 * index : null,
  };
}

function listQuote(count: number, answered: boolean): QuoteMailData {
  const lines = Array.from({ length: count }, (_, index) => line(index + 1, answered));
  return {
    id: '6650f1c2a1b2c3d4e5f60718',
    reference: 'Q-2026-000042',
    buyer: { name: 'Priya Raman', email: 'priya@example.com', phone: '01142345678' },
    product: { name: `${lines[0]!.name} and ${count - 1} more parts`, partNumber: 'PN-001' },
    quantity: lines.reduce((sum, l) => sum + l.quantity, 0),
    lines,
    neededBy: null,
    deliveryAddress: '14 Foundry Lane\nSheffield S1 2AB',
    note: null,
    requestedAt: new Date('2026-11-24T09:30:00Z'),
    answer: answered
      ? {
          unitPriceCents: null,
          totalCents: lines.reduce((sum, l) => sum + l.totalCents!, 0),
          validUntil: new Date('2026-12-01T23:59:59.999Z'),
        }
      : null,
    declineReason: null,
  };
}

describe('the mails of a quote for an order list', () => {
  it('asks the store for every line, with part numbers and quantities', async () => {
    const mail = await renderQuoteMail('quote.requested.store', listQuote(3, false), {
      origin,
      storeName,
    });
    // The store's words only: the buyer's name is in the body.
    expect(mail.subject).toBe('Quote requested Q-2026-000042: 3 parts of an order list');
    expect(mail.text).toContain('Priya Raman');
    for (const text of [mail.text, mail.html]) {
      expect(text).toContain('PN-001');
      expect(text).toContain('PN-003');
      expect(text).toContain('3,000');
      expect(text).toContain('a unit price for each line');
    }
    expect(mail.html).toContain('Part &lt;2&gt; &amp; co');
  });

  it('answers the buyer with each line priced and the total, 20 lines at most and a link for the rest', async () => {
    const quote = listQuote(23, true);
    const mail = await renderQuoteMail('quote.answered', quote, { origin, storeName });
    expect(mail.subject).toBe(
      `Your Forgeline Parts quote Q-2026-000042 for ${quote.product.name}: ${formatMoney(quote.answer!.totalCents)} in all`,
    );
    for (const text of [mail.text, mail.html]) {
      expect(text).toContain('PN-020');
      expect(text).not.toContain('PN-021');
      expect(text).toContain('and 3 more parts');
      // Line 2: 2,000 units at $0.12 each.
      expect(text).toContain('2,000 × $0.12 = $240.00');
      expect(text).toContain('December 1, 2026');
    }
    const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
    expect(hrefs).toContain(`${origin}/dashboard/quotes`);
    for (const href of hrefs) expect(new URL(href).origin).toBe(origin);
  });

  it('tells the buyer a declined list quote in words of the list', async () => {
    const mail = await renderQuoteMail(
      'quote.declined',
      { ...listQuote(2, false), declineReason: 'Lead time too long.' },
      { origin, storeName },
    );
    expect(mail.text).toContain('the 2 parts of your order list');
    expect(mail.text).toContain('Lead time too long.');
  });
});
