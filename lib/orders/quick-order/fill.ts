import 'server-only';
import type { User } from '@/lib/accounts';
import { fillCart, type Cart } from '@/lib/cart';
import type { Id } from '@/lib/core/ids';
import { orderAgainMessages } from '@/lib/core/messages';
import { refuse } from '@/lib/core/refusal';
import { MAX_CART_LINES } from '@/lib/core/validation/limits';
import type { QuickOrderCheckInput } from '../validation/quick-order';
import { checkQuickOrder } from './check';
import { inTextOrder, laterFailure, refusedLine, type FailedLine } from './place';

/** A line of a quick order put in the order list. */
export interface AddedLine {
  lines: number[];
  partNumber: string;
  /** The quantity added to the product's line of the list (or the new line's quantity). */
  quantity: number;
  productId: string;
  productName: string;
}

export interface QuickOrderCartResult {
  /** The order list as it is now (open it at /dashboard/cart). */
  cart: Cart;
  added: AddedLine[];
  failed: FailedLine[];
}

/**
 * Puts a quick order's lines in the signed-in buyer's order list instead of ordering them:
 * the lines are checked now, and each that may be ordered as it is is added to the product's
 * line of the list (or becomes a new one) by `fillCart`; the list then judges the merged
 * quantities as it judges every line. Lines the check refused, and lines the list could not
 * take (full at MAX_CART_LINES, a product deleted meanwhile), are answered with why. Nothing is
 * ordered and no stock is taken. 422 when no line may be ordered.
 */
export async function quickOrderToCart(
  buyer: Pick<User, 'id'>,
  input: QuickOrderCheckInput,
): Promise<QuickOrderCartResult> {
  const report = await checkQuickOrder(buyer, input.text);
  const orderable = report.lines.filter((line) => line.status === 'ok');
  if (!orderable.length) {
    throw refuse('quick_order.nothing_to_place', { details: { lines: report.lines } });
  }
  const { cart, skipped } = await fillCart(
    buyer,
    orderable.map((line) => ({ productId: line.product!._id as Id, quantity: line.quantity! })),
  );
  const failed: FailedLine[] = report.lines.filter((line) => line.status !== 'ok').map(refusedLine);
  const added: AddedLine[] = [];
  for (const line of orderable) {
    const product = line.product!;
    const skip = skipped.find((entry) => entry.productId === product._id);
    if (skip) {
      failed.push(
        laterFailure(
          line,
          'not_added',
          skip.reason === 'full'
            ? orderAgainMessages.listFull(MAX_CART_LINES)
            : orderAgainMessages.noLongerSold,
        ),
      );
      continue;
    }
    added.push({
      lines: line.lines,
      partNumber: line.partNumber!,
      quantity: line.quantity!,
      productId: product._id,
      productName: product.name,
    });
  }
  return { cart, added, failed: inTextOrder(failed) };
}
