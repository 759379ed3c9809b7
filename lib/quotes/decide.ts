import 'server-only';
import { refuse, refuseField } from '@/lib/core/refusal';
import { queueMails, scheduleOutboxDrain } from '@/lib/core/mail/outbox';
import { toCents } from '@/lib/core/money';
import type { User } from '@/lib/accounts';
import { findQuote, publicQuote, type Quote, type QuoteRecord } from './store';
import { answerQuote, declineQuote } from './transition';
import { dayEnd, listQuoteMessages, type QuoteDecision } from './validation/quote';
import { QUOTE_STATUS_LABELS } from './status';
import { closed } from './refusals';

/** The store's side of a quote: answering it with prices, or declining it. */

type Viewer = Pick<User, 'id' | 'role'>;

/**
 * The unit prices sent with an answer or an accept, in cents, one per line of the quote:
 * `unitPrices` in line order, or `unitPrice` for a quote of one line. Any other count is a
 * refusal on the field that was sent.
 */
function pricesForLines(
  quote: QuoteRecord,
  prices: { unitPrice?: number; unitPrices?: number[] },
): number[] {
  const count = quote.lines.length;
  if (prices.unitPrices !== undefined) {
    if (prices.unitPrices.length !== count) {
      throw refuseField('unitPrices', listQuoteMessages.unitPricesCount(count));
    }
    return prices.unitPrices.map(toCents);
  }
  if (count !== 1) throw refuseField('unitPrice', listQuoteMessages.unitPriceOfList(count));
  return [toCents(prices.unitPrice!)];
}

/**
 * PATCH /api/quotes/{id} (admins; the caller checked the role): answers a requested quote (or
 * re-answers an answered or expired one) with a unit price and a valid-until day, or declines
 * it with a reason. One conditional update from `requested`/`answered`; a quote accepted,
 * being accepted or declined meanwhile is a 409. The buyer's mail is queued in that update.
 */
export async function decideQuote(
  admin: Viewer,
  id: string,
  decision: QuoteDecision,
  origin: string,
): Promise<Quote> {
  const quote = await findQuote(id);
  if (!quote) throw refuse('quote.not_found');
  const result =
    decision.action === 'answer'
      ? await answerQuote(
          id,
          {
            unitPricesCents: pricesForLines(quote, decision),
            list: quote.list,
            validUntil: dayEnd(decision.validUntil)!,
            by: admin.id,
          },
          queueMails([{ kind: 'quote.answered' }], { origin }),
        )
      : await declineQuote(
          id,
          { reason: decision.reason, by: admin.id },
          queueMails([{ kind: 'quote.declined' }], { origin }),
        );
  if (!result.ok) {
    if (result.reason === 'missing') throw refuse('quote.not_found');
    const current = result.current;
    if (
      current.status === 'accepted' ||
      current.status === 'accepting' ||
      current.status === 'declined'
    ) {
      throw refuse('quote.closed', {
        params: { status: QUOTE_STATUS_LABELS[current.status].toLowerCase() },
      });
    }
    throw closed(current);
  }
  scheduleOutboxDrain();
  return publicQuote(result.quote);
}
