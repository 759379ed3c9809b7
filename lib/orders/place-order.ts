import 'server-only';
import type { User } from '@/lib/accounts';
import { cartonMessage, maximumMessage, minimumMessage } from '@/lib/catalogue';
import { assertMayPlaceOrders } from '@/lib/companies';
import { contractFor } from '@/lib/pricing';
import { cacheTags, expire } from '@/lib/core/cache';
import { env } from '@/lib/core/env';
import { wakeJob } from '@/lib/core/jobs';
import { formatMoney } from '@/lib/core/money';
import { refuse, refuseField } from '@/lib/core/refusal';
import { termsOfCompany } from '@/lib/terms';
import { mailsQueued, orderMails } from './mails';
import { holdFor, INVOICE_JOB, UNVERIFIED_MAX_ORDER_LINES } from './rules';
import { placeOrder, type LineToPlace, type QuotedTerms } from './store';
import { stockMessage } from './validation/order';

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

/**
 * How an order is paid: by card (or bank transfer) before it ships, the default; or on account,
 * invoiced on the company's net terms (lib/terms).
 */
export type PaymentMethod = 'card' | 'account';

/** Where and how an order of several lines goes: the checkout's delivery fields. */
export interface Delivery {
  address: string;
  phone: string;
  poNumber?: string;
  paymentMethod?: PaymentMethod;
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
 * A company member's order: the company, the member's approval limit and monthly limit, and the
 * approvers' mail that goes instead of the pay link when the order waits for an approval. A
 * member whose role places nothing (approver, accounts) is refused (403); a person without a
 * company orders as always (undefined). Waiting for an approval holds stock for
 * APPROVAL_HOLD_HOURS, so only a member whose email is verified may place an order that waits
 * (`approval.allowed`; otherwise 403 `order.approval_unverified`, nothing taken); within their
 * limits an unverified member orders under the unverified caps as anyone does.
 */
async function companyTerms(buyer: Buyer, origin: string, paymentMethod: PaymentMethod) {
  const membership = await assertMayPlaceOrders(buyer);
  if (!membership) {
    if (paymentMethod === 'account') throw termsNotEnabled();
    return { company: undefined, approvalMails: null, account: undefined };
  }
  const account =
    paymentMethod === 'account'
      ? await accountTerms(membership.company._id.toHexString(), origin)
      : undefined;
  const approvalMails = orderMails(['order.approval_requested'], origin, { held: true });
  return {
    company: {
      companyId: membership.company._id.toHexString(),
      limitCents: membership.member.approvalLimitCents,
      monthlyLimitCents: membership.member.monthlyLimitCents ?? null,
      approval: {
        holdMs: env.APPROVAL_HOLD_HOURS * 60 * 60 * 1000,
        outbox: approvalMails.entries,
        allowed: buyer.emailVerified,
      },
    },
    approvalMails,
    account,
  };
}

const termsNotEnabled = () =>
  refuse('terms.not_enabled', { details: { reason: 'terms.not_enabled' } });
const termsOnHold = () => refuse('terms.on_hold', { details: { reason: 'terms.on_hold' } });

/**
 * The terms an order on account is placed on, checked before anything is written: net terms
 * (409 `terms.not_enabled`), not on hold (409 `terms.on_hold`). The credit itself is held by
 * one conditional update when the order is placed. Its mail is the confirmation.
 */
async function accountTerms(companyId: string, origin: string) {
  const terms = await termsOfCompany(companyId);
  if (terms.mode !== 'net' || terms.netDays === null) throw termsNotEnabled();
  if (terms.onHold) throw termsOnHold();
  const mails = orderMails(['order.confirmed'], origin, { held: true });
  return { netDays: terms.netDays, invoiceOn: terms.invoiceOn, outbox: mails.entries, mails };
}

/** 409 for credit the company does not have, or an account on hold, with what is left. */
function creditRefusal(
  refusal: 'not_enabled' | 'on_hold' | 'credit_limit_exceeded',
  availableCents: number,
  totalCents: number,
) {
  if (refusal === 'not_enabled') return termsNotEnabled();
  if (refusal === 'on_hold') return termsOnHold();
  return refuse('terms.credit_limit_exceeded', {
    params: { total: formatMoney(totalCents), available: formatMoney(availableCents) },
    details: { reason: 'terms.credit_limit_exceeded', availableCents, totalCents },
  });
}

async function placeLines(
  buyer: Buyer,
  input: Delivery & { lines: readonly LineToPlace[] },
  origin: string,
  quote?: { quoteId: string; reference: string },
): Promise<string> {
  const { paymentMethod = 'card', ...delivery } = input;
  const { company, approvalMails, account } = await companyTerms(buyer, origin, paymentMethod);
  const hold = holdFor(buyer);
  if (!hold.verified && input.lines.length > UNVERIFIED_MAX_ORDER_LINES) {
    throw refuse('order.too_many_lines_unverified', {
      params: { max: UNVERIFIED_MAX_ORDER_LINES },
      details: { maxLines: UNVERIFIED_MAX_ORDER_LINES, emailVerified: false },
    });
  }
  // The company's contract prices the lines not on a quote and may change their quantity rule.
  const contract = company
    ? await contractFor(
        company.companyId,
        input.lines.map((line) => line.productId),
      )
    : null;
  const mails = orderMails(['order.placed'], origin, { held: true });
  const result = await placeOrder({
    ...delivery,
    user: { id: buyer.id, name: buyer.name, email: buyer.email },
    maxUnpaid: hold.maxUnpaid,
    holdMs: hold.holdMs,
    outbox: mails.entries,
    ...(quote ? { quote } : {}),
    ...(company ? { company } : {}),
    ...(account ? { account } : {}),
    contract,
  });
  if (!result.ok) {
    switch (result.reason) {
      case 'product_not_found':
        throw refuse('product.not_found');
      case 'quote_already_ordered':
        return result.orderId;
      case 'below_minimum':
        if (quote) throw refuse('quote.below_minimum', { params: { minimum: result.minimum } });
        throw refuseField('quantity', minimumMessage(result.minimum, result.multiple));
      case 'out_of_stock':
        if (quote) {
          throw refuse('quote.out_of_stock', {
            params: { available: result.available.toLocaleString('en-US') },
            details: { available: result.available },
          });
        }
        throw refuseField('quantity', stockMessage(result.available, input.lines[0]!.quantity));
      case 'quantity_refused':
        throw refuseField(
          'quantity',
          result.line.reason === 'above_maximum'
            ? maximumMessage(result.line.maximum!, result.line.multiple ?? 1)
            : cartonMessage(result.line.multiple ?? 1, result.line.nearest ?? []),
        );
      case 'lines_refused':
        throw refuse('order.lines_short', { details: { lines: result.lines } });
      case 'total_too_large':
        throw refuseField('quantity', 'Quantity is too large');
      case 'interrupted':
        throw refuse('order.interrupted');
      case 'credit_refused':
        throw creditRefusal(result.refusal, result.availableCents, result.totalCents);
      case 'approval_unverified':
        throw refuse('order.approval_unverified', {
          details: { reason: 'order.approval_unverified', emailVerified: false },
        });
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
  await expire(cacheTags.products);
  await mailsQueued(
    result.insertedId,
    result.status === 'awaiting_approval' && approvalMails
      ? approvalMails
      : account
        ? account.mails
        : mails,
  );
  if (result.status === 'confirmed' && account?.invoiceOn === 'order') {
    wakeJob(INVOICE_JOB);
  }
  return result.insertedId;
}
