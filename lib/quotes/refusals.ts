import 'server-only';
import { refuse } from '@/lib/core/refusal';
import { formatDay } from '@/lib/core/dates';
import { centsToDollars, formatMoney } from '@/lib/core/money';
import type { QuoteRecord } from './store';
import { QUOTE_STATUS_LABELS } from './status';

/** The refusals a quote's answer, decline and accept share: why it is closed, why a price changed. */

/** Why a quote cannot be answered, declined or accepted now, as its status says. */
export function closed(quote: QuoteRecord) {
  switch (quote.status) {
    case 'accepted':
      return refuse('quote.already_accepted');
    case 'accepting':
      return refuse('quote.accepting');
    case 'declined':
      return refuse('quote.declined');
    case 'expired':
      return refuse('quote.expired', { params: { date: expiryDay(quote) } });
    case 'requested':
      return refuse('quote.not_answered');
    case 'answered':
      return refuse('quote.closed', {
        params: { status: QUOTE_STATUS_LABELS.answered.toLowerCase() },
      });
  }
}

function expiryDay(quote: QuoteRecord): string {
  return quote.validUntil ? formatDay(quote.validUntil) : 'its valid-until date';
}

/**
 * 409 for an accept whose price is no longer the quote's: the answer was changed after the
 * buyer saw it. The message and details carry the new unit price (and total) to show.
 */
export function priceChanged(quote: QuoteRecord) {
  if (quote.list) {
    // A quote of a list: every line's new unit price, in line order, and the new total.
    const prices = quote.lines.map((line) => line.unitPriceCents ?? 0);
    const total = quote.lines.reduce((sum, line) => sum + (line.totalCents ?? 0), 0);
    return refuse('quote.price_changed', {
      params: { unitPrice: listOfMoney(prices), total: formatMoney(total) },
      details: {
        unitPrices: prices.map(centsToDollars),
        total: centsToDollars(total),
        validUntil: quote.validUntil,
      },
    });
  }
  const cents = quote.unitPriceCents!;
  return refuse('quote.price_changed', {
    params: { unitPrice: formatMoney(cents), total: formatMoney(cents * quote.quantity) },
    details: {
      unitPrice: centsToDollars(cents),
      total: centsToDollars(cents * quote.quantity),
      validUntil: quote.validUntil,
    },
  });
}

/** `$1.00, $2.50 and $0.11`: the unit prices of a list quote, for its refusal's message. */
function listOfMoney(cents: readonly number[]): string {
  const words = cents.map(formatMoney);
  return words.length < 2
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
