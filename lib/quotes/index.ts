import 'server-only';
import { randomUUID } from 'node:crypto';
import { refuse, refuseField } from '@/lib/core/refusal';
import { cacheTags, expire } from '@/lib/core/cache';
import { findProduct, orderMinimum } from '@/lib/catalogue';
import { canAccessOwned } from '@/lib/accounts';
import {
  findQuote,
  insertQuote,
  listQuotes,
  publicQuote,
  type Quote,
  type QuoteRecord,
} from '@/lib/quotes/store';
import {
  answerQuote,
  claimQuoteForAccept,
  completeAccept,
  declineQuote,
  releaseAcceptClaim,
} from './transition';
import type { User } from '@/lib/accounts';
import { queueMails, registerOutboxKinds, scheduleOutboxDrain } from '@/lib/core/mail/outbox';
import { placeOrderFor, placeOrderOfLines } from '@/lib/orders';
import { minimumQuantityMessage } from '@/lib/orders';
import { viewCart } from '@/lib/cart';
import {
  dayEnd,
  dayStart,
  listQuoteMessages,
  type CartQuoteRequest,
  type QuoteAccept,
  type QuoteDecision,
  type QuoteRequest,
} from '@/lib/quotes/validation/quote';
import { formatDay } from '@/lib/core/dates';
import { centsToDollars, formatMoney, toCents } from '@/lib/core/money';
import { QUOTE_STATUS_LABELS, type QuoteViewStatus } from './status';

/**
 * The kinds of mail queued on quotes, registered with the kernel's outbox engine as soon as the
 * quotes are loaded; the templates load only when a drain needs them (mail/kinds.ts).
 */
registerOutboxKinds('quotes', async () => (await import('./mail/kinds')).quoteMailKinds);

/**
 * The quotes module: request, list, answer, decline and accept a quote, each deciding every
 * rule and answering with the errors of lib/core/messages.ts. Route handlers and the quotes page
 * parse, authenticate, call one of these and answer.
 *
 *   requested --answer--> answered --accept--> accepting --order placed--> accepted
 *       |                    |  \\__ (re-answer)      \\__ order refused --> answered
 *       +------decline-------+--> declined
 *   answered past validUntil reads as expired (in the query; never stored).
 *   accept names the unit price the buyer saw; after a re-answer to another price it is a 409.
 *
 * A quote is for one product (POST /api/quotes) or for the buyer's whole order list (POST
 * /api/quotes/cart): then it has lines, is answered with one unit price per line (`unitPrices`),
 * accepted by naming every line's price, and places ONE order of all its lines.
 *
 * Mails go through the outbox, queued in the write that makes the change: the store's
 * "quote requested" in the insert, the buyer's "answered"/"declined" in those updates.
 */

type Viewer = Pick<User, 'id' | 'role'>;
type Buyer = Pick<User, 'id' | 'name' | 'email'>;

/**
 * Requests a quote for the signed-in buyer: the product must exist and the quantity meet its
 * minimum (and the store's 500); neither the order form's choices nor the stock limit it.
 */
export async function requestQuote(
  buyer: Buyer,
  input: QuoteRequest,
  origin: string,
): Promise<Quote> {
  const product = await findProduct(input.productId);
  if (!product) throw refuse('product.not_found');
  const minimum = orderMinimum(product);
  if (input.quantity < minimum) throw refuseField('quantity', minimumQuantityMessage(minimum));
  const mails = queueMails([{ kind: 'quote.requested.store' }], { origin });
  const quote = await insertQuote({
    product,
    user: { id: buyer.id, name: buyer.name, email: buyer.email },
    quantity: input.quantity,
    ...(input.neededBy ? { neededBy: dayStart(input.neededBy)! } : {}),
    address: input.address,
    phone: input.phone,
    ...(input.note ? { note: input.note } : {}),
    outbox: mails.outbox.$each,
  });
  scheduleOutboxDrain();
  return publicQuote(quote);
}

/**
 * Requests ONE quote for the buyer's whole order list (`POST /api/quotes/cart`): every line of
 * the list, in its order, with its quantity. Like a quote for one product, a line is not limited
 * by the stock (that is what quotes are for) but must be a product still sold, at or above its
 * minimum (and within the store's bound); a list that is empty, or has a line that is not, is
 * refused with each such line (as checkout refuses them). The list itself is left as it is.
 */
export async function requestCartQuote(
  buyer: Buyer,
  input: CartQuoteRequest,
  origin: string,
): Promise<Quote> {
  const cart = await viewCart(buyer);
  if (!cart.lines.length) throw refuse('cart.empty');
  const unquotable = cart.lines.filter(
    (line) =>
      line.issue?.code === 'deleted' ||
      line.issue?.code === 'too_large' ||
      line.quantity < line.minimumOrderQuantity,
  );
  if (unquotable.length) {
    throw refuse('cart.not_ready', {
      details: {
        lines: unquotable.map(({ productId, sku, quantity, issue }) => ({
          productId,
          sku,
          quantity,
          issue,
        })),
      },
    });
  }
  const mails = queueMails([{ kind: 'quote.requested.store' }], { origin });
  const quote = await insertQuote({
    lines: cart.lines.map((line) => ({
      product: { _id: line.productId, name: line.name, sku: line.sku },
      quantity: line.quantity,
    })),
    user: { id: buyer.id, name: buyer.name, email: buyer.email },
    ...(input.neededBy ? { neededBy: dayStart(input.neededBy)! } : {}),
    address: input.address,
    phone: input.phone,
    ...(input.note ? { note: input.note } : {}),
    outbox: mails.outbox.$each,
  });
  scheduleOutboxDrain();
  return publicQuote(quote);
}

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

/** The quotes page and GET /api/quotes: a buyer's own quotes, every quote for an admin. */
export function quotesFor(viewer: Viewer, status?: QuoteViewStatus): Promise<Quote[]> {
  return listQuotes({ ...(viewer.role === 'admin' ? {} : { userId: viewer.id }), status });
}

/** Why a quote cannot be answered, declined or accepted now, as its status says. */
function closed(quote: QuoteRecord) {
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

/**
 * 409 for an accept whose price is no longer the quote's: the answer was changed after the
 * buyer saw it. The message and details carry the new unit price (and total) to show.
 */
function priceChanged(quote: QuoteRecord) {
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
    console.error(`[quotes] quote ${id}: order ${orderId} placed but the claim was lost`);
  }
  expire(cacheTags.products);
  const after = done.ok ? done.quote : await findQuote(id);
  return { orderId, quote: publicQuote(after ?? terms) };
}

// The rest of the feature's public face.
export * from './limits';
export * from './status';
export * from './store';
export * from './transition';
export * from './validation/quote';
export * from './lines';
export type { QuoteDoc, QuoteLineDoc } from './collections';
export type { QuoteMailKind } from './mail/quote-mails';

/** The kinds of quote mail the outbox sends, with their templates (loaded on demand). */
export async function loadQuoteMailKinds() {
  return (await import('./mail/kinds')).quoteMailKinds;
}
