import 'server-only';
import { refuse, refuseFields } from '@/lib/core/refusal';
import { findProduct, setPriceTiers, type Product } from '@/lib/catalogue/store';
import { toCents } from '@/lib/core/money';
import type { PriceTier } from './pricing';
import { priceTierIssues } from '@/lib/catalogue/validation/product';

/**
 * Replaces the price list of a stored product (PATCH /api/product/{id}, admin). The rows have
 * been checked by `priceTiersPatchSchema`; here the list is checked against the product's own
 * minimum order quantity and base price (422 with each row's message, as Add Product answers),
 * then stored on condition that those two are still what it was checked against.
 */
export async function updatePriceTiers(
  productId: string,
  tiers: readonly PriceTier[],
): Promise<Product> {
  const product = await findProduct(productId);
  if (!product) throw refuse('product.not_found');
  const issues = priceTierIssues(tiers, product);
  if (issues.length > 0) {
    const fields: Record<string, string[]> = {};
    for (const issue of issues) (fields[issue.path.join('.')] ??= []).push(issue.message);
    throw refuseFields(fields);
  }
  const updated = await setPriceTiers(productId, tiers, {
    minimumOrderQuantity: product.minimumOrderQuantity,
    priceCents: toCents(product.price),
  });
  if (updated.ok) return updated.product;
  throw refuse(updated.reason === 'changed' ? 'product.price_changed' : 'product.not_found');
}
