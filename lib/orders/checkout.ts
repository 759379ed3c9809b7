import 'server-only';
import type { User } from '@/lib/accounts';
import { cartToCheckout, clearCheckedOutLines, viewCart, type CartLine } from '@/lib/cart';
import {
  checkoutWording,
  type RefusedLineReason,
  type RefusedLineWords,
} from '@/lib/core/b2b-wording/checkout';
import { env } from '@/lib/core/env';
import type { Id } from '@/lib/core/ids';
import { RefusalError, refuse } from '@/lib/core/refusal';
import type { OrderStatus } from './lifecycle';
import { placeOrderOfLines, type Delivery } from './place-order';
import { holdFor } from './rules';
import { findOrder, type RefusedLine } from './store';

type Buyer = Pick<User, 'id' | 'name' | 'email' | 'emailVerified'>;

/** What a checkout answers: the new order and the status it was placed in. */
export interface CheckedOut {
  insertedId: string;
  /**
   * `unpaid`: to pay next (its payment page); `awaiting_approval`: it waits for an approver of
   * the buyer's company first; `confirmed`: on account, nothing to pay now.
   */
  status: OrderStatus;
}

/**
 * Checkout (`POST /api/checkout`): the buyer's order list placed as ONE order of all its lines,
 * all or nothing (lib/orders/store/place.ts), then taken out of the list. A list that is empty
 * or has a line that cannot be ordered as it is (lib/cart) is refused before anything is
 * written; a line short of stock at the moment of ordering refuses the whole order. Either way
 * the refusal names each such line and what is wrong with it ("Hex Flange Bolt M10 x 40: only
 * 500 available"), its `details.lines` giving each one's name, part number and the quantity
 * that can be ordered now (`checkoutRefusal`). A line changed while the order was being placed
 * stays in the list. Answers the new order's id and status.
 */
export async function checkoutCart(
  buyer: Buyer,
  delivery: Delivery,
  origin: string,
): Promise<CheckedOut> {
  let lines: Array<{ productId: Id; quantity: number }> = [];
  let insertedId: string;
  try {
    lines = await cartToCheckout(buyer);
    insertedId = await placeOrderOfLines(buyer, { ...delivery, lines }, origin);
  } catch (error) {
    throw (await checkoutRefusal(buyer, error, lines.length)) ?? error;
  }
  await clearCheckedOutLines(buyer, lines);
  const order = await findOrder(insertedId);
  return { insertedId, status: order?.status ?? 'unpaid' };
}

/**
 * How long an order of this buyer placed now holds its parts, as the checkout tells them
 * beforehand: unpaid (card or bank transfer), by the account's state (`holdFor`); waiting for a
 * company approval, APPROVAL_HOLD_HOURS.
 */
export function checkoutHolds(buyer: Pick<User, 'emailVerified'>): {
  unpaidMinutes: number;
  approvalHours: number;
} {
  return {
    unpaidMinutes: Math.round(holdFor(buyer).holdMs / 60_000),
    approvalHours: env.APPROVAL_HOLD_HOURS,
  };
}

/** A line a checkout refused, as `details.lines` gives it. */
type CheckoutRefusedLine = {
  productId: string;
  sku: string | null;
  name: string;
  quantity: number;
  reason: RefusedLineReason;
  /** The quantity nearest the one asked that can be ordered now; null when none can. */
  nearestQuantity: number | null;
  /** The line's issue as the order list shows it (a line flagged before placing). */
  issue?: NonNullable<CartLine['issue']>;
} & Omit<RefusedLineWords, 'name' | 'reason'>;

/** The orders store's reason for a line the order list flags with `code`. */
const reasonOfIssue: Record<NonNullable<CartLine['issue']>['code'], RefusedLineReason> = {
  deleted: 'not_found',
  below_minimum: 'below_minimum',
  not_multiple: 'not_multiple',
  above_maximum: 'above_maximum',
  too_large: 'above_maximum',
  above_stock: 'out_of_stock',
};

/** A line of the order list as it stands now that cannot be ordered as it is. */
function flaggedLine(line: CartLine & { issue: NonNullable<CartLine['issue']> }) {
  const reason = reasonOfIssue[line.issue.code];
  return {
    productId: line.productId,
    sku: line.sku,
    name: line.name,
    quantity: line.quantity,
    issue: line.issue,
    reason,
    nearestQuantity: line.issue.nearestQuantity,
    ...(reason === 'out_of_stock' ? { available: line.availableQuantity } : {}),
    ...(reason === 'below_minimum' ? { minimum: line.minimumOrderQuantity } : {}),
    ...(reason === 'not_multiple' ? { multiple: line.orderMultiple } : {}),
    ...(reason === 'above_maximum' && line.issue.code !== 'too_large' && line.maxOrderQuantity
      ? { maximum: line.maxOrderQuantity }
      : {}),
  } satisfies CheckoutRefusedLine;
}

const hasIssue = (line: CartLine): line is CartLine & { issue: NonNullable<CartLine['issue']> } =>
  line.issue !== null;

/**
 * The refusal a checkout answers for lines that cannot be ordered as they are, naming each line,
 * or null for any other error (passed on as it is). The order list is read again for the lines'
 * names and what can be ordered now:
 * - the list checked before placing (`cart.not_ready`): each line flagged now;
 * - a line short when its stock was taken (`order.lines_short`, another buyer took it
 *   meanwhile): each line the store refused, with its reason and what was available then;
 * - a list of one line, which the store refuses as a one-product order would (its quantity, or
 *   the product gone): that line, as the list flags it now.
 */
async function checkoutRefusal(
  buyer: Buyer,
  error: unknown,
  lineCount: number,
): Promise<RefusalError | null> {
  if (!(error instanceof RefusalError)) return null;
  const { key, field, details } = error.refusal;
  const oneLine =
    lineCount === 1 &&
    (key === 'product.not_found' || (key === 'input.invalid' && field === 'quantity'));
  if (key !== 'cart.not_ready' && key !== 'order.lines_short' && !oneLine) return null;
  const cart = await viewCart(buyer);
  let lines: CheckoutRefusedLine[];
  if (key === 'order.lines_short') {
    const refused = (details?.lines ?? []) as RefusedLine[];
    lines = refused.map((line) => {
      const now = cart.lines.find((item) => item.productId === line.productId);
      return {
        ...line,
        sku: now?.sku ?? null,
        name: now?.name ?? checkoutWording.refused.unknownPart,
        nearestQuantity: now?.issue ? now.issue.nearestQuantity : null,
      };
    });
  } else {
    lines = cart.lines.filter(hasIssue).map(flaggedLine);
  }
  if (!lines.length) return null;
  const short = lines.every((line) => line.reason === 'out_of_stock');
  return refuse(short ? 'checkout.lines_short' : 'checkout.lines_not_ready', {
    params: { lines: checkoutWording.refused.lines(lines) },
    details: { lines },
  });
}
