import 'server-only';
import { refuse, refuseField } from '@/lib/core/refusal';
import { queueMails, scheduleOutboxDrain } from '@/lib/core/mail/outbox';
import { checkQuantity, findProduct, quantityRefusalMessage } from '@/lib/catalogue';
import { MAXIMUM_ORDER_QUANTITY } from '@/lib/core/validation/limits';
import { contractOfPerson, contractOverridesOf } from '@/lib/pricing';
import { viewCart } from '@/lib/cart';
import type { User } from '@/lib/accounts';
import { assertMayPlaceOrders } from '@/lib/companies';
import { insertQuote, publicQuote, type Quote, type QuoteAsk } from './store';
import { dayStart, type CartQuoteRequest, type QuoteRequest } from './validation/quote';

/** Asking for a quote: for one product (POST /api/quotes) or for the buyer's whole order list. */

type Buyer = Pick<User, 'id' | 'name' | 'email'>;

/**
 * Requests a quote for the signed-in buyer: the product must exist and the quantity obey the
 * one quantity rule (lib/catalogue/quantity.ts) with the buyer's contract: at least the minimum,
 * whole cartons. Neither the order form's choices, the maximum per order nor the stock limit it
 * (asking beyond them is what quotes are for).
 */
export async function requestQuote(
  buyer: Buyer,
  input: QuoteRequest,
  origin: string,
): Promise<Quote> {
  await assertMayPlaceOrders(buyer);
  const product = await findProduct(input.productId);
  if (!product) throw refuse('product.not_found');
  const contract = await contractOfPerson(buyer, [product._id]);
  const verdict = checkQuantity(
    // Stock and maximum aside: only the minimum and the carton bind a quote.
    { ...product, availableQuantity: MAXIMUM_ORDER_QUANTITY, maxOrderQuantity: null },
    input.quantity,
    { ...contractOverridesOf(contract, product._id), maxQuantity: null },
  );
  if (!verdict.ok && (verdict.reason === 'below_minimum' || verdict.reason === 'not_multiple')) {
    throw refuseField('quantity', quantityRefusalMessage(verdict, input.quantity));
  }
  return insertRequested(buyer, { product, quantity: input.quantity }, input, origin);
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
  await assertMayPlaceOrders(buyer);
  const cart = await viewCart(buyer);
  if (!cart.lines.length) throw refuse('cart.empty');
  const unquotable = cart.lines.filter(
    (line) =>
      line.issue?.code === 'deleted' ||
      line.issue?.code === 'too_large' ||
      line.issue?.code === 'not_multiple' ||
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
  const lines = cart.lines.map((line) => ({
    product: { _id: line.productId, name: line.name, sku: line.sku },
    quantity: line.quantity,
  }));
  return insertRequested(buyer, { lines }, input, origin);
}

/**
 * Writes the requested quote of what is asked, with the buyer's needed-by day, delivery and
 * note; the store's "quote requested" mail is queued in the same insert.
 */
async function insertRequested(
  buyer: Buyer,
  ask: QuoteAsk,
  input: CartQuoteRequest,
  origin: string,
): Promise<Quote> {
  const mails = queueMails([{ kind: 'quote.requested.store' }], { origin });
  const quote = await insertQuote({
    ...ask,
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
