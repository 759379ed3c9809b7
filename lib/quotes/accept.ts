import 'server-only';
import { randomUUID } from 'node:crypto';
import { refuse } from '@/lib/core/refusal';
import { cacheTags, expire } from '@/lib/core/cache';
import { toCents } from '@/lib/core/money';
import { canAccessOwned, type User } from '@/lib/accounts';
import { placeOrderFor, placeOrderOfLines } from '@/lib/orders';
import { findQuote, publicQuote, type Quote, type QuoteRecord } from './store';
import { claimQuoteForAccept, completeAccept, releaseAcceptClaim } from './transition';
import type { QuoteAccept } from './validation/quote';
import { closed, priceChanged } from './refusals';
import { logger } from '@/lib/core/log';

/** The buyer accepting a quote's answer: claiming it at the prices they saw, placing its order. */

/** Whether the answer is (still) the prices the buyer sent, line by line. */
function samePrices(quote: QuoteRecord, seenCents: readonly number[]): boolean {
  return (
    quote.lines.length === seenCents.length &&
    quote.lines.every((line, index) => line.unitPriceCents === seenCents[index])
  );
}

/**
 * The prices an accept names, in cents, one per line: `unitPrices` (in line order) or
 * `unitPrice`. A count that is not the quote's lines can never match its answer: for an
 * answered quote that is the 409 naming its prices (as a changed price is), else the quote's
 * own refusal (not answered, expired...) decides.
 */
function pricesSeen(accepted: QuoteAccept): number[] {
  return accepted.unitPrices !== undefined
    ? accepted.unitPrices.map(toCents)
    : [toCents(accepted.unitPrice!)];
}

/**
 * POST /api/quotes/{id}/accept: the buyer who asked for the quote accepts its answer, once,
 * before it expires, at the unit price they saw (`accepted.unitPrice`). The quote is claimed
 * first (answered -> accepting, one conditional update that also requires the answer to still
 * be that price: of concurrent accepts one wins, the others are 409; an answer changed since
 * the buyer saw it is a 409 naming the new price), then an unpaid order is placed
 * at the quoted unit price for the quoted quantity through the one order placement
 * (placeOrderFor: the stock reservation, the product's minimum, the unpaid-orders cap, the
 * "placed" mail). A quote of an order list names every line's price (`unitPrices`, in line
 * order) and places ONE order of all its lines at their quoted prices (placeOrderOfLines, all
 * or nothing: a short line refuses the whole order, 409 `order.lines_short`). If the order cannot be placed the claim is given back (the quote stays
 * answered, nothing reserved) and the refusal answered; else the quote becomes accepted with
 * the order's id. Answers the order's id.
 */
export async function acceptQuote(
  buyer: Pick<User, 'id' | 'name' | 'email' | 'role' | 'emailVerified'>,
  id: string,
  accepted: QuoteAccept,
  origin: string,
): Promise<{ orderId: string; quote: Quote }> {
  const quote = await findQuote(id);
  if (!quote) throw refuse('quote.not_found');
  if (!canAccessOwned(buyer, quote)) throw refuse('quote.not_yours');
  if (quote.userId !== buyer.id) throw refuse('quote.accept_not_yours');

  const claim = randomUUID();
  const seenCents = pricesSeen(accepted);
  if (seenCents.length !== quote.lines.length) {
    throw quote.status === 'answered' ? priceChanged(quote) : closed(quote);
  }
  const claimed = await claimQuoteForAccept(id, buyer.id, claim, {
    unitPricesCents: seenCents,
    list: quote.list,
  });
  if (!claimed.ok) {
    if (claimed.reason === 'missing') throw refuse('quote.not_found');
    const current = claimed.current;
    if (current.status === 'answered' && !samePrices(current, seenCents)) {
      throw priceChanged(current);
    }
    throw closed(current);
  }
  const terms = claimed.quote;
  let orderId: string;
  try {
    orderId = terms.list
      ? await placeOrderOfLines(
          buyer,
          {
            lines: terms.lines.map((line) => ({
              productId: line.productId,
              quantity: line.quantity,
              quotedUnitPriceCents: line.unitPriceCents!,
            })),
            address: terms.address,
            phone: terms.phone,
          },
          origin,
          { quoteId: terms._id, reference: terms.reference },
        )
      : await placeOrderFor(
          buyer,
          {
            productId: terms.productId,
            quantity: terms.quantity,
            address: terms.address,
            phone: terms.phone,
          },
          origin,
          {
            quote: {
              quoteId: terms._id,
              reference: terms.reference,
              unitPriceCents: terms.unitPriceCents!,
            },
          },
        );
  } catch (error) {
    await releaseAcceptClaim(id, claim);
    throw error;
  }
  const done = await completeAccept(id, claim, orderId);
  if (!done.ok) {
    // Only a claim taken over after ACCEPT_CLAIM_MS gets here; the order exists either way.
    logger.error(`[quotes] quote ${id}: order ${orderId} placed but the claim was lost`);
  }
  await expire(cacheTags.products);
  const after = done.ok ? done.quote : await findQuote(id);
  return { orderId, quote: publicQuote(after ?? terms) };
}
