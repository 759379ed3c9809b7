import 'server-only';
import type { QuantityOverrides } from '@/lib/catalogue/shared';
import { toObjectId } from '@/lib/core/db/ids';
import type { Id } from '@/lib/core/ids';
import type { PriceListEntryDoc } from './collections';
import type { ContractPricing, EntryPricing, ListPricing } from './resolve';
import * as store from './store';

/**
 * A company's contract (issue 26): its price list when valid, and the entries of the products
 * asked, read in one query, as the one price resolution (`resolveUnitPrice`) and the one
 * quantity rule (lib/catalogue/quantity.ts) take them. Imports no other feature, so the
 * benchmark (scripts/lib/bench-contract-prices.ts) runs it as it is.
 */

/** A company's contract at an instant: its list, and the entries of the products asked. */
export interface Contract {
  list: ListPricing & { name: string };
  /** By product id (hex); a product without an entry is absent. */
  entries: Map<
    string,
    EntryPricing & Pick<PriceListEntryDoc, 'minQuantity' | 'multiple' | 'maxQuantity'>
  >;
}

/**
 * The contract of `companyId` for these products at `at`: its assigned list when that list is
 * valid then, with the entries of the products in ONE query (`$in` on the unique index); null
 * when the company has no list, or its list is not valid at `at`.
 */
export async function contractFor(
  companyId: Id | string,
  productIds: readonly (Id | string)[],
  at: Date = new Date(),
): Promise<Contract | null> {
  const _id = toObjectId(companyId);
  if (!_id) return null;
  const assignment = await store.findAssignment(_id);
  if (!assignment) return null;
  const list = await store.findPriceList(assignment.priceListId);
  if (!list) return null;
  if ((list.validFrom && list.validFrom > at) || (list.validTo && list.validTo < at)) return null;
  const ids = [...new Set(productIds)].map((id) => toObjectId(id)).filter((id) => id !== null);
  const docs = await store.findEntries(list._id, ids);
  return {
    list: {
      id: list._id.toHexString(),
      name: list.name,
      validFrom: list.validFrom,
      validTo: list.validTo,
      percentOffBasisPoints: list.percentOffBasisPoints,
    },
    entries: new Map(
      docs.map((doc) => [
        doc.productId.toHexString(),
        {
          unitPriceCents: doc.unitPriceCents,
          tiers: doc.tiers,
          minQuantity: doc.minQuantity,
          multiple: doc.multiple,
          maxQuantity: doc.maxQuantity,
        },
      ]),
    ),
  };
}

/** What `resolveUnitPrice` takes of a contract for one product (null without a contract). */
export function contractPricingOf(
  contract: Contract | null,
  productId: Id | string,
): ContractPricing | null {
  if (!contract) return null;
  return { list: contract.list, entry: contract.entries.get(String(productId)) ?? null };
}

/** A contract entry's overrides of the product's quantity rule (lib/catalogue/quantity.ts), or null. */
export function contractOverridesOf(
  contract: Contract | null,
  productId: Id | string,
): QuantityOverrides | null {
  const entry = contract?.entries.get(String(productId));
  if (!entry) return null;
  return {
    minQuantity: entry.minQuantity,
    multiple: entry.multiple,
    maxQuantity: entry.maxQuantity,
  };
}
