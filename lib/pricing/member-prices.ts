import 'server-only';
import { findProductDocuments, quantityRuleOf, type QuantityOverrides } from '@/lib/catalogue';
import { toObjectId } from '@/lib/core/db/ids';
import { parseId, type Id } from '@/lib/core/ids';
import { centsToDollars } from '@/lib/core/money';
import { resolveUnitPrice, type EntryPricing, type ListPricing } from './resolve';
import type { MemberPrice, MemberPrices } from './shared';

/**
 * A signed-in company member's own prices (issue 26, part 4): what the product cards of the
 * public pages show beside the list price, fetched per session from `GET /api/prices` and
 * never rendered into a shared or cached page. `memberPrices` (index.ts) finds the person's
 * contract; this prices the products under it.
 */

/** What member prices read of a company's contract (index.ts's `Contract` has this shape). */
export interface ContractTerms {
  list: ListPricing & { name: string };
  /** By product id (hex): the product's entry with its quantity overrides. */
  entries: ReadonlyMap<string, EntryPricing & QuantityOverrides>;
}

/** The answer for a guest, a person in no company, or a company without a valid list. */
export function noMemberPrices(): MemberPrices {
  return { contract: null, prices: [] };
}

/** The ids of `productIds` that are ids, lower-cased, each once, in their order. */
export function memberPriceIds(productIds: readonly string[]): Id[] {
  return [...new Set(productIds.map(parseId).filter((id) => id !== null))];
}

/**
 * The member's price of each product asked whose resolved price comes from `contract` (its
 * entry's fixed price or tier, or the list's percentage off), at the member's smallest
 * quantity (the quantity rule with the entry's overrides), as `resolveUnitPrice` decides it;
 * products priced otherwise (their list price or volume tier) and unknown ids are left out.
 * The products are read in ONE query.
 */
export async function memberPricesUnder(
  contract: ContractTerms | null,
  productIds: readonly string[],
  at: Date,
): Promise<MemberPrices> {
  if (!contract) return noMemberPrices();
  const ids = memberPriceIds(productIds);
  const products = await findProductDocuments(ids.map((id) => toObjectId(id)!));
  const source = `contract:${contract.list.id}` as const;
  const prices: MemberPrice[] = [];
  for (const id of ids) {
    const product = products.get(id);
    if (!product) continue;
    const entry = contract.entries.get(id) ?? null;
    // The rule per order, stock aside: the minimum, the carton and the maximum per order.
    const rule = quantityRuleOf({ ...product, availableQuantity: Number.MAX_SAFE_INTEGER }, entry);
    const resolved = resolveUnitPrice({
      product,
      quantity: rule.minimum,
      contract: { list: contract.list, entry },
      at,
    });
    if (resolved.priceSource !== source) continue;
    prices.push({
      productId: id,
      listPrice: centsToDollars(product.priceCents),
      unitPrice: centsToDollars(resolved.unitPriceCents),
      priceSource: source,
      tiers:
        entry?.tiers?.map((tier) => ({
          minQuantity: tier.minQuantity,
          unitPrice: centsToDollars(tier.unitPriceCents),
        })) ?? null,
      minimumOrderQuantity: rule.minimum,
      orderMultiple: rule.multiple,
      maxOrderQuantity: rule.maximumFrom === 'maximum' ? rule.maximum : null,
    });
  }
  return { contract: { id: contract.list.id, name: contract.list.name }, prices };
}
