import 'server-only';
import { ObjectId } from 'mongodb';
import {
  cartonMessage,
  checkQuantity,
  findProductDocuments,
  maximumMessage,
  minimumQuantityMessage,
  quantityRuleOf,
  type ProductDoc,
  type QuantityVerdict,
} from '@/lib/catalogue';
import {
  contractOfPerson,
  contractOverridesOf,
  contractPricingOf,
  resolveUnitPrice,
  type Contract,
} from '@/lib/pricing';
import { orderListWording } from '@/lib/core/b2b-wording/order-list';
import { fieldMessages, quickOrderMessages } from '@/lib/core/messages';
import { refuse } from '@/lib/core/refusal';
import { MAX_CART_LINES } from '@/lib/core/validation/limits';
import type { Cart, CartLine, CartLineIssue } from './shared';
import { readCartLines, type CartLineDoc } from './store';

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
    case 'not_multiple':
      return {
        code: 'not_multiple',
        message: cartonMessage(verdict.multiple, verdict.neighbours),
        nearestQuantity: verdict.nearest,
      };
    case 'above_maximum':
      return {
        code: 'above_maximum',
        message: maximumMessage(verdict.maximum, verdict.multiple),
        nearestQuantity: verdict.nearest,
      };
    case 'not_whole':
      if (verdict.multiple > 1) {
        return {
          code: 'not_multiple',
          message: cartonMessage(verdict.multiple, verdict.neighbours),
          nearestQuantity: verdict.nearest,
        };
      }
      return {
        code: 'too_large',
        message: fieldMessages.order.quantityWhole,
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

/** What a new line copies of its product, so a deleted product's line still says what it was. */
export function snapshotOf(product: ProductDoc): Pick<CartLineDoc, 'sku' | 'name' | 'picture'> {
  return { sku: product.sku ?? null, name: product.name, picture: product.picture };
}

const deletedIssue: CartLineIssue = {
  code: 'deleted',
  message: orderListWording.list.deleted,
  nearestQuantity: null,
};

/**
 * One stored line as the list shows it, judged against its product as it is now and priced for
 * this buyer (their company's contract, if any: its quantity overrides and its price).
 */
export function cartLineView(
  line: CartLineDoc,
  product: ProductDoc | undefined,
  contract: Contract | null = null,
): CartLine {
  if (!product) {
    return {
      productId: line.productId.toHexString(),
      sku: line.sku,
      name: line.name,
      picture: line.picture,
      quantity: line.quantity,
      unitPriceCents: null,
      priceSource: null,
      totalCents: null,
      minimumOrderQuantity: 0,
      orderMultiple: 1,
      maxOrderQuantity: null,
      availableQuantity: 0,
      priceCents: 0,
      priceTiers: [],
      contract: null,
      issue: deletedIssue,
    };
  }
  const productId = product._id.toHexString();
  const overrides = contractOverridesOf(contract, productId);
  const pricing = contractPricingOf(contract, productId);
  const rule = quantityRuleOf(product, overrides);
  const verdict = checkQuantity(product, line.quantity, overrides);
  const price = verdict.ok
    ? resolveUnitPrice({ product, quantity: line.quantity, contract: pricing })
    : null;
  const total = price === null ? null : price.unitPriceCents * line.quantity;
  const perOrder = overrides?.maxQuantity ?? product.maxOrderQuantity ?? null;
  return {
    productId,
    sku: product.sku ?? null,
    name: product.name,
    picture: product.picture,
    quantity: line.quantity,
    unitPriceCents: price?.unitPriceCents ?? null,
    priceSource: price?.priceSource ?? null,
    totalCents: total !== null && Number.isSafeInteger(total) ? total : null,
    minimumOrderQuantity: rule.minimum,
    orderMultiple: rule.multiple,
    maxOrderQuantity: perOrder,
    availableQuantity: rule.available,
    priceCents: product.priceCents,
    priceTiers: (product.priceTiers ?? []).map(({ minQuantity, priceCents }) => ({
      minQuantity,
      priceCents,
    })),
    contract: pricing && {
      list: {
        id: pricing.list.id,
        validFrom: pricing.list.validFrom && new Date(pricing.list.validFrom).toISOString(),
        validTo: pricing.list.validTo && new Date(pricing.list.validTo).toISOString(),
        percentOffBasisPoints: pricing.list.percentOffBasisPoints,
      },
      entry: pricing.entry && {
        unitPriceCents: pricing.entry.unitPriceCents,
        tiers:
          pricing.entry.tiers?.map(({ minQuantity, unitPriceCents }) => ({
            minQuantity,
            unitPriceCents,
          })) ?? null,
      },
    },
    issue: verdict.ok ? null : quantityIssue(verdict),
  };
}

/**
 * The list built from its stored lines and their products (read in one query), priced by the
 * buyer's contract (`contract`, read for these products; null: none).
 */
export async function cartOf(
  lines: CartLineDoc[],
  contract: Contract | null = null,
): Promise<Cart> {
  const products = await findProductDocuments(lines.map((line) => line.productId));
  const views = lines.map((line) =>
    cartLineView(line, products.get(line.productId.toHexString()), contract),
  );
  return {
    lines: views,
    lineCount: views.length,
    totalCents: views.reduce((sum, line) => sum + (line.totalCents ?? 0), 0),
    maxLines: MAX_CART_LINES,
    ready: views.length > 0 && views.every((line) => line.issue === null),
  };
}

/** Who owns an order list: the signed-in person. */
export type Owner = { id: string };

export function ownerId(owner: Owner): ObjectId {
  return new ObjectId(owner.id);
}

/** The buyer's order list, every line judged against its product now and priced for them. */
export async function viewCart(owner: Owner): Promise<Cart> {
  const lines = await readCartLines(ownerId(owner));
  const contract = lines.length
    ? await contractOfPerson(
        owner,
        lines.map((line) => line.productId.toHexString()),
      )
    : null;
  return cartOf(lines, contract);
}

/**
 * The buyer's list to check out or send whole: refused when it is empty (`cart.empty`) or a line
 * has an issue (`cart.not_ready`, each such line with its problem and nearest valid quantity).
 */
export async function readyCart(owner: Owner): Promise<Cart> {
  const cart = await viewCart(owner);
  if (!cart.lines.length) throw refuse('cart.empty');
  if (!cart.ready) {
    throw refuse('cart.not_ready', {
      details: {
        lines: cart.lines
          .filter((line) => line.issue)
          .map(({ productId, sku, quantity, issue }) => ({ productId, sku, quantity, issue })),
      },
    });
  }
  return cart;
}
