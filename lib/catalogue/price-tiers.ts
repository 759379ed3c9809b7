import 'server-only';
import { refuse, refuseFields, type RefusalError } from '@/lib/core/refusal';
import {
  findProduct,
  setOrderQuantities,
  setPriceTiers,
  type Product,
  type ProductWrite,
} from '@/lib/catalogue/store';
import { toCents } from '@/lib/core/money';
import type { PriceTier } from './pricing';
import {
  productRuleIssues,
  type OrderQuantitiesPatch,
  type ProductRuleIssue,
} from '@/lib/catalogue/validation/product';

/**
 * Manage Products' changes that the product rules bind together (PATCH /api/product/{id},
 * admin): a product's price list, and its order quantities (minimum, carton size, maximum per
 * order). Each change is checked against the product as it would be stored (422 with each
 * field's message, as Add Product answers), then stored on condition that the fields it was
 * checked against are unchanged. When one changed meanwhile, the change is checked again
 * against the product as it is now, a few times at most.
 */

/** How many times a change is checked and stored before a change made meanwhile refuses it. */
const ATTEMPTS = 3;

/** The 422 of rule issues: each field path with its messages. */
function refuseIssues(issues: readonly ProductRuleIssue[]): RefusalError {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) (fields[issue.path.join('.')] ??= []).push(issue.message);
  return refuseFields(fields);
}

/**
 * Reads the product, checks it as `change` would leave it (`issuesOf`) and stores the change
 * with `write`, conditional on the product as read; again when it changed meanwhile.
 */
async function checkedChange(
  productId: string,
  issuesOf: (product: Product) => ProductRuleIssue[],
  write: (product: Product) => Promise<ProductWrite<'not_found' | 'changed'>>,
): Promise<Product> {
  for (let attempt = 1; ; attempt += 1) {
    const product = await findProduct(productId);
    if (!product) throw refuse('product.not_found');
    const issues = issuesOf(product);
    if (issues.length > 0) throw refuseIssues(issues);
    const written = await write(product);
    if (written.ok) return written.product;
    if (written.reason === 'not_found') throw refuse('product.not_found');
    if (attempt >= ATTEMPTS) throw refuse('product.price_changed');
  }
}

/**
 * Replaces the price list of a stored product. The rows have been checked by
 * `priceTiersPatchSchema`; here the list is checked against the product's own minimum order
 * quantity, base price and carton size (each tier starts at a whole number of cartons).
 */
export function updatePriceTiers(productId: string, tiers: readonly PriceTier[]): Promise<Product> {
  return checkedChange(
    productId,
    (product) =>
      productRuleIssues({ ...product, priceTiers: tiers }).filter(
        (issue) => issue.path[0] === 'priceTiers',
      ),
    (product) =>
      setPriceTiers(productId, tiers, {
        minimumOrderQuantity: product.minimumOrderQuantity,
        priceCents: toCents(product.price),
        orderMultiple: product.orderMultiple,
      }),
  );
}

/**
 * Sets a stored product's order quantities: the fields of `change` (checked by
 * `orderQuantitiesPatchSchema`) over the stored product must keep every product rule, so a
 * carton size alone is refused while the stored minimum, a price tier or the maximum is not a
 * whole number of cartons; each issue is under the field it concerns, given or stored.
 */
export function updateOrderQuantities(
  productId: string,
  change: OrderQuantitiesPatch,
): Promise<Product> {
  const given = Object.fromEntries(
    Object.entries(change).filter(([, value]) => value !== undefined),
  ) as OrderQuantitiesPatch;
  return checkedChange(
    productId,
    (product) => productRuleIssues({ ...product, ...given }),
    (product) => setOrderQuantities(productId, given, product),
  );
}
