import 'server-only';
import type { User } from '@/lib/accounts';
import { assertMayPlaceOrders } from '@/lib/companies';
import { cacheTags, expire } from '@/lib/core/cache';
import { env } from '@/lib/core/env';
import { refuse, refuseField } from '@/lib/core/refusal';
import { sweepOverdueOrders } from './expiry';
import { mailsQueued, orderMails } from './mails';
import { holdFor, UNVERIFIED_MAX_ORDER_LINES } from './rules';
import { placeOrder, type LineToPlace, type QuotedTerms } from './store';
import { minimumQuantityMessage, stockMessage } from './validation/order';

/** Who places an order: `emailVerified` as the account is now decides its hold (`holdFor`). */
type Buyer = Pick<User, 'id' | 'name' | 'email' | 'emailVerified'>;

/**
 * Places an order for the signed-in buyer: only quantity, address, phone and PO number come
 * from them; the product fields and the price come from the database (the unit price of the
 * quantity's volume tier, decided when the order is placed). Overdue unpaid orders are expired
 * first, so the stock they held can be ordered again. The new order is inserted with its
 * "placed" mail (the pay link) in its outbox, held until the order is past the unpaid-orders
 * cap check. Answers the new order's id.
 *
 * The account's state when it orders decides what it may hold (`holdFor`, lib/orders/rules.ts):
 * with a verified email, MAX_UNPAID_ORDERS unpaid orders held UNPAID_ORDER_TTL_HOURS each;
 * without, UNVERIFIED_MAX_UNPAID_ORDERS (3) held UNVERIFIED_HOLD_MINUTES each, stamped on the
 * order as its `expiresAt` (what the sweep, the payment page and the mails go by). The refusal
 * over the cap says what to do: pay or delete an open order, verify the email, or ask a quote.
 *
 * With `quote` (an accepted quote, lib/quotes), the order is priced at the quoted unit price
 * and carries the quote's reference; every other rule is the same (the one conditional stock
 * reservation, the product's minimum, the unpaid-orders cap, the mails). A quote that cannot
 * be ordered is a 409 (short stock, a minimum raised meanwhile); a quote that already has its
 * order answers that order's id.
 */
export async function placeOrderFor(
  buyer: Buyer,
  input: { productId: string; quantity: number; address: string; phone: string; poNumber?: string },
  origin: string,
  { quote }: { quote?: QuotedTerms } = {},
): Promise<string> {
  const { productId, quantity, ...delivery } = input;
  return placeLines(
    buyer,
    {
      ...delivery,
      lines: [
        {
          productId,
          quantity,
          ...(quote ? { quotedUnitPriceCents: quote.unitPriceCents } : {}),
        },
      ],
    },
    origin,
    quote ? { quoteId: quote.quoteId, reference: quote.reference } : undefined,
  );
}

/** Where and how an order of several lines goes: the checkout's delivery fields. */
export interface Delivery {
  address: string;
  phone: string;
  poNumber?: string;
}

/**
 * Places one order of many lines for the signed-in buyer (checkout, quick order, a quote of a
 * list): every rule of `placeOrderFor`, for all lines at once, all or nothing. Lines that cannot
 * be ordered (a part gone, below its minimum, short of stock) refuse the whole order with a 409
 * `order.lines_short` whose details list each such line with what is available; nothing is
 * taken then. Answers the new order's id.
 */
export function placeOrderOfLines(
  buyer: Buyer,
  input: Delivery & { lines: readonly LineToPlace[] },
  origin: string,
  quote?: { quoteId: string; reference: string },
): Promise<string> {
  return placeLines(buyer, input, origin, quote);
}

/**
 * A company member's order: the company, the member's approval limit, and the approvers' mail
 * that goes instead of the pay link when the order is above the limit. A member whose role
 * places nothing (approver, accounts) is refused (403); a person without a company orders as
 * always (undefined).
 */
async function companyTerms(buyer: Buyer, origin: string) {
  const membership = await assertMayPlaceOrders(buyer);
  if (!membership) return { company: undefined, approvalMails: null };
  const approvalMails = orderMails(['order.approval_requested'], origin, { held: true });
  return {
    company: {
      companyId: membership.company._id.toHexString(),
      limitCents: membership.member.approvalLimitCents,
      approval: {
        holdMs: env.APPROVAL_HOLD_HOURS * 60 * 60 * 1000,
        outbox: approvalMails.entries,
      },
    },
    approvalMails,
  };
}

async function placeLines(
  buyer: Buyer,
  input: Delivery & { lines: readonly LineToPlace[] },
  origin: string,
  quote?: { quoteId: string; reference: string },
): Promise<string> {
  const { company, approvalMails } = await companyTerms(buyer, origin);
  const hold = holdFor(buyer);
  if (!hold.verified && input.lines.length > UNVERIFIED_MAX_ORDER_LINES) {
    throw refuse('order.too_many_lines_unverified', {
      params: { max: UNVERIFIED_MAX_ORDER_LINES },
      details: { maxLines: UNVERIFIED_MAX_ORDER_LINES, emailVerified: false },
    });
  }
  await sweepOverdueOrders();
  const mails = orderMails(['order.placed'], origin, { held: true });
  const result = await placeOrder({
    ...input,
    user: { id: buyer.id, name: buyer.name, email: buyer.email },
    maxUnpaid: hold.maxUnpaid,
    holdMs: hold.holdMs,
    outbox: mails.entries,
    ...(quote ? { quote } : {}),
    ...(company ? { company } : {}),
  });
  if (!result.ok) {
    switch (result.reason) {
      case 'product_not_found':
        throw refuse('product.not_found');
      case 'quote_already_ordered':
        return result.orderId;
      case 'below_minimum':
        if (quote) throw refuse('quote.below_minimum', { params: { minimum: result.minimum } });
        throw refuseField('quantity', minimumQuantityMessage(result.minimum));
      case 'out_of_stock':
        if (quote) {
          throw refuse('quote.out_of_stock', {
            params: { available: result.available.toLocaleString('en-US') },
            details: { available: result.available },
          });
        }
        throw refuseField('quantity', stockMessage(result.available, input.lines[0]!.quantity));
      case 'lines_refused':
        throw refuse('order.lines_short', { details: { lines: result.lines } });
      case 'total_too_large':
        throw refuseField('quantity', 'Quantity is too large');
      case 'interrupted':
        throw refuse('order.interrupted');
      case 'too_many_unpaid':
        if (!hold.verified) {
          throw refuse('order.too_many_unpaid_unverified', {
            params: { max: result.max, verifiedMax: env.MAX_UNPAID_ORDERS },
            details: { maxUnpaidOrders: result.max, emailVerified: false },
          });
        }
        throw refuse('order.too_many_unpaid', {
          params: { max: result.max },
          details: { maxUnpaidOrders: result.max },
        });
    }
  }
  // Product pages and the home page show each product's available quantity.
  expire(cacheTags.products);
  await mailsQueued(
    result.insertedId,
    result.status === 'awaiting_approval' && approvalMails ? approvalMails : mails,
  );
  return result.insertedId;
}
