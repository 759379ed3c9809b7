import 'server-only';
import { ObjectId } from 'mongodb';
import {
  checkQuantity,
  findProductDocument,
  findProductDocuments,
  stockMessage,
  type ProductDoc,
} from '@/lib/catalogue';
import { refuse, refuseField } from '@/lib/core/refusal';
import { contractOfPerson, contractOverridesOf } from '@/lib/pricing';
import type { Id } from '@/lib/core/ids';
import { MAX_CART_LINES } from '@/lib/core/validation/limits';
import type { Cart } from './shared';
import {
  clearCart,
  countCartLines,
  readCartLines,
  removeCartLine,
  removeOrderedLines,
  setCartLine,
} from './store';
import { ownerId, quantityIssue, readyCart, snapshotOf, viewCart, type Owner } from './view';

/**
 * The order list (cart): what a buyer means to order, kept on the server per buyer until they
 * check it out (lib/orders `checkoutCart`). Every rule of a line lives here: a product appears
 * once (adding it again adds to its quantity), at most MAX_CART_LINES lines, and each quantity
 * obeys the product's rules (lib/catalogue/quantity.ts) when it is set. Prices, minimums and
 * stock are read from the products each time the list is shown, so a line whose product was
 * deleted or whose stock fell below it is flagged with the nearest valid quantity, never changed
 * behind the buyer's back.
 */

export type { Cart, CartLine, CartLineIssue, CartShareResult, ShareColleague } from './shared';
export { loadCartMailKinds, shareCart, shareColleagues, type Sender } from './share';
export { shareCartLimit } from './limits';
export type { CartMailKind } from './mail/subjects';
export { cartLineView } from './view';
export { viewCart };

/** How many lines the buyer's order list has (the header link). */
export function cartLineCount(owner: Owner): Promise<number> {
  return countCartLines(ownerId(owner));
}

/** The product of a line being set, or the refusal when it is not sold. */
async function productFor(productId: Id): Promise<ProductDoc> {
  const product = await findProductDocument(new ObjectId(productId));
  if (!product) throw refuse('product.not_found');
  return product;
}

/**
 * Refuses a quantity the product's rules do not allow now for this buyer (their contract may
 * change the minimum, the carton and the maximum), as the order form does.
 */
async function assertQuantity(owner: Owner, product: ProductDoc, quantity: number): Promise<void> {
  const contract = await contractOfPerson(owner, [product._id.toHexString()]);
  const verdict = checkQuantity(
    product,
    quantity,
    contractOverridesOf(contract, product._id.toHexString()),
  );
  if (verdict.ok) return;
  if (verdict.reason === 'above_stock') {
    throw refuseField('quantity', stockMessage(verdict.available, quantity));
  }
  throw refuseField('quantity', quantityIssue(verdict).message);
}

/** How many times a change that met a concurrent change of the same line tries again. */
const LINE_ATTEMPTS = 5;

/**
 * Sets the quantity of the buyer's line of a product (`PUT /api/cart/lines/{productId}`),
 * adding the line when there is none. The quantity must be one the product allows now.
 */
export async function setCartQuantity(
  owner: Owner,
  productId: Id,
  quantity: number,
): Promise<Cart> {
  const product = await productFor(productId);
  await assertQuantity(owner, product, quantity);
  for (let attempt = 1; attempt <= LINE_ATTEMPTS; attempt += 1) {
    const result = await setCartLine(ownerId(owner), product._id, quantity, snapshotOf(product));
    if (result.ok) return viewCart(owner);
    if (result.reason === 'full') throw refuse('cart.full', { params: { max: MAX_CART_LINES } });
  }
  throw refuse('cart.busy');
}

/**
 * Adds a quantity of a product to the buyer's list (`POST /api/cart/lines`, "Add to order
 * list"): a new line, or added to the quantity of the line the product already has. The
 * resulting quantity must be one the product allows now.
 */
export async function addToCart(owner: Owner, productId: Id, quantity: number): Promise<Cart> {
  const product = await productFor(productId);
  const userId = ownerId(owner);
  for (let attempt = 1; attempt <= LINE_ATTEMPTS; attempt += 1) {
    const current = (await readCartLines(userId)).find((line) =>
      line.productId.equals(product._id),
    );
    const next = (current?.quantity ?? 0) + quantity;
    await assertQuantity(owner, product, next);
    const result = await setCartLine(
      userId,
      product._id,
      next,
      snapshotOf(product),
      current?.quantity ?? null,
    );
    if (result.ok) return viewCart(owner);
    if (result.reason === 'full') throw refuse('cart.full', { params: { max: MAX_CART_LINES } });
  }
  throw refuse('cart.busy');
}

/**
 * Removes the buyer's line of a product (`DELETE /api/cart/lines/{productId}`); 404 when the
 * list has no line of it.
 */
export async function removeFromCart(owner: Owner, productId: Id): Promise<Cart> {
  if (!(await removeCartLine(ownerId(owner), new ObjectId(productId)))) {
    throw refuse('cart.line_not_found');
  }
  return viewCart(owner);
}

/** Empties the buyer's list (`DELETE /api/cart`). */
export async function emptyCart(owner: Owner): Promise<Cart> {
  await clearCart(ownerId(owner));
  return viewCart(owner);
}

/**
 * The lines to place as one order (checkout): refused when the list is empty or any line has
 * an issue (the buyer sees each line's problem and the nearest valid quantity).
 */
export async function cartToCheckout(
  owner: Owner,
): Promise<Array<{ productId: Id; quantity: number }>> {
  const cart = await readyCart(owner);
  return cart.lines.map(({ productId, quantity }) => ({ productId: productId as Id, quantity }));
}

/**
 * Takes the ordered lines out of the buyer's list once their order is placed; a line changed
 * meanwhile (another quantity) stays.
 */
export function clearCheckedOutLines(
  owner: Owner,
  lines: ReadonlyArray<{ productId: Id; quantity: number }>,
): Promise<void> {
  return removeOrderedLines(
    ownerId(owner),
    lines.map(({ productId, quantity }) => ({ productId: new ObjectId(productId), quantity })),
  );
}

/**
 * Puts lines into the buyer's list ("Order again", quick order): each added to the product's
 * line (or a new one), as far as the list has room. Answers which products could not be added
 * and why; their quantities are not checked here beyond being whole (the list flags them).
 */
export async function fillCart(
  owner: Owner,
  lines: ReadonlyArray<{ productId: Id; quantity: number }>,
): Promise<{ cart: Cart; skipped: Array<{ productId: Id; reason: 'not_found' | 'full' }> }> {
  const userId = ownerId(owner);
  const products = await findProductDocuments(lines.map((line) => new ObjectId(line.productId)));
  const skipped: Array<{ productId: Id; reason: 'not_found' | 'full' }> = [];
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product) {
      skipped.push({ productId: line.productId, reason: 'not_found' });
      continue;
    }
    let added = false;
    for (let attempt = 1; attempt <= LINE_ATTEMPTS && !added; attempt += 1) {
      const current = (await readCartLines(userId)).find((l) => l.productId.equals(product._id));
      const result = await setCartLine(
        userId,
        product._id,
        (current?.quantity ?? 0) + line.quantity,
        snapshotOf(product),
        current?.quantity ?? null,
      );
      if (result.ok) added = true;
      else if (result.reason === 'full') break;
    }
    if (!added) skipped.push({ productId: line.productId, reason: 'full' });
  }
  return { cart: await viewCart(owner), skipped };
}
