import 'server-only';
import {
  checkQuantity,
  findProductDocuments,
  minimumQuantityMessage,
  minimumQuantityOf,
  unitPriceCentsFor,
  type ProductDoc,
  type QuantityVerdict,
} from '@/lib/catalogue';
import { fieldMessages, quickOrderMessages } from '@/lib/core/messages';
import { MAX_CART_LINES } from '@/lib/core/validation/limits';
import type { Cart, CartLine, CartLineIssue } from './shared';
import type { CartLineDoc } from './store';

/**
 * The order list as it is shown: each stored line judged against its product as it is now, a
 * quantity the product's rules refuse worded as the order form words it, and the list's total.
 */

/** The words of a quantity the product's rules refuse, as the order form says them. */
export function quantityIssue(verdict: Exclude<QuantityVerdict, { ok: true }>): CartLineIssue {
  const minimumText = minimumQuantityMessage(verdict.minimum);
  switch (verdict.reason) {
    case 'below_minimum':
      if (verdict.nearest !== null) {
        return {
          code: 'below_minimum',
          message: quickOrderMessages.belowMinimum(minimumText, verdict.nearest),
          nearestQuantity: verdict.nearest,
        };
      }
      return {
        code: 'above_stock',
        message: quickOrderMessages.aboveStock(verdict.available, null),
        nearestQuantity: null,
      };
    case 'above_stock':
      return {
        code: 'above_stock',
        message: quickOrderMessages.aboveStock(verdict.available, verdict.nearest),
        nearestQuantity: verdict.nearest,
      };
    default:
      return {
        code: 'too_large',
        message: fieldMessages.order.quantityTooLarge,
        nearestQuantity: verdict.nearest,
      };
  }
}

const deletedIssue: CartLineIssue = {
  code: 'deleted',
  message: 'This part is no longer sold: remove it from your order list.',
  nearestQuantity: null,
};

/** One stored line as the list shows it, judged against its product as it is now. */
export function cartLineView(line: CartLineDoc, product: ProductDoc | undefined): CartLine {
  if (!product) {
    return {
      productId: line.productId.toHexString(),
      sku: line.sku,
      name: line.name,
      picture: line.picture,
      quantity: line.quantity,
      unitPriceCents: null,
      totalCents: null,
      minimumOrderQuantity: 0,
      availableQuantity: 0,
      priceCents: 0,
      priceTiers: [],
      issue: deletedIssue,
    };
  }
  const verdict = checkQuantity(product, line.quantity);
  const unit = verdict.ok ? unitPriceCentsFor(product, line.quantity) : null;
  const total = unit === null ? null : unit * line.quantity;
  return {
    productId: product._id.toHexString(),
    sku: product.sku ?? null,
    name: product.name,
    picture: product.picture,
    quantity: line.quantity,
    unitPriceCents: unit,
    totalCents: total !== null && Number.isSafeInteger(total) ? total : null,
    minimumOrderQuantity: minimumQuantityOf(product),
    availableQuantity: Math.max(0, product.availableQuantity),
    priceCents: product.priceCents,
    priceTiers: (product.priceTiers ?? []).map(({ minQuantity, priceCents }) => ({
      minQuantity,
      priceCents,
    })),
    issue: verdict.ok ? null : quantityIssue(verdict),
  };
}

/** The list built from its stored lines and their products (read in one query). */
export async function cartOf(lines: CartLineDoc[]): Promise<Cart> {
  const products = await findProductDocuments(lines.map((line) => line.productId));
  const views = lines.map((line) => cartLineView(line, products.get(line.productId.toHexString())));
  return {
    lines: views,
    lineCount: views.length,
    totalCents: views.reduce((sum, line) => sum + (line.totalCents ?? 0), 0),
    maxLines: MAX_CART_LINES,
    ready: views.length > 0 && views.every((line) => line.issue === null),
  };
}
