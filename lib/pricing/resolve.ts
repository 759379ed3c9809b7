import { BASIS_POINTS } from './rules';

/**
 * THE price resolution of the store (issue 26): which unit price a line pays and where it came
 * from. Pure functions over integer cents, client-safe (no server code), so the server decides
 * an order's prices with them and a page can show the same figure.
 *
 * Precedence, first that applies:
 * 1. an accepted quote's unit price: `quote:<ref>`;
 * 2. the company's contract, while its list is valid at the instant: the product's entry, its
 *    fixed unit price or the price of its own tier for the quantity: `contract:<listId>`;
 * 3. the same list's list-wide percentage off the product's list price (whole cents, half up):
 *    `contract:<listId>`;
 * 4. the product's volume tier for the quantity: `tier`;
 * 5. the product's list price: `list`.
 * A list not yet valid or expired at the instant is ignored (as if the company had none). An
 * entry with tiers whose first tier starts above the quantity gives no price: the next source
 * applies.
 */

/** Where a line's unit price came from, as an order records it. */
export type PriceSource = 'list' | 'tier' | `contract:${string}` | `quote:${string}`;

export interface ResolvedPrice {
  unitPriceCents: number;
  priceSource: PriceSource;
}

/** What the resolution needs of a product (a stored product document has this shape). */
export interface ProductPricing {
  /** The list price, in cents. */
  priceCents: number;
  /** Its volume tiers, in cents (stored as `priceTiers: [{ minQuantity, priceCents }]`). */
  priceTiers?: readonly { minQuantity: number; priceCents: number }[] | null;
}

/** A tier of a contract entry. */
export interface EntryTier {
  minQuantity: number;
  unitPriceCents: number;
}

/** A product's entry in a price list: a fixed unit price, or its own tiers. */
export interface EntryPricing {
  unitPriceCents: number | null;
  tiers: readonly EntryTier[] | null;
}

/** The company's price list as the resolution needs it. */
export interface ListPricing {
  id: string;
  /** The first instant it applies; null: from always. */
  validFrom: Date | string | null;
  /** The last instant it applies (included); null: open-ended. */
  validTo: Date | string | null;
  /** The list-wide percentage off the list price, in basis points (1250 = 12.5 %); null: none. */
  percentOffBasisPoints: number | null;
}

/** A company's contract for one product: its list, and the product's entry in it if any. */
export interface ContractPricing {
  list: ListPricing;
  entry: EntryPricing | null;
}

/** An accepted quote's unit price and its reference (`Q-2026-000042`). */
export interface QuotePricing {
  unitPriceCents: number;
  ref: string;
}

export interface PriceQuestion {
  product: ProductPricing;
  quantity: number;
  quote?: QuotePricing | null;
  contract?: ContractPricing | null;
  /** The instant the price is for (the order's placing); default now. */
  at?: Date;
}

const time = (when: Date | string) => (when instanceof Date ? when : new Date(when)).getTime();

/** Whether a list applies at `at`: from `validFrom` through `validTo`, both included. */
export function listValidAt(list: Pick<ListPricing, 'validFrom' | 'validTo'>, at: Date): boolean {
  const now = at.getTime();
  if (list.validFrom !== null && time(list.validFrom) > now) return false;
  if (list.validTo !== null && time(list.validTo) < now) return false;
  return true;
}

/**
 * The row of `tiers` that prices `quantity`: the one starting at or below it with the largest
 * start (rows searched whatever their order); undefined when none starts that low.
 */
function tierFor<T extends { minQuantity: number }>(
  tiers: readonly T[] | null | undefined,
  quantity: number,
): T | undefined {
  let found: T | undefined;
  for (const tier of tiers ?? []) {
    if (tier.minQuantity <= quantity && (!found || tier.minQuantity > found.minQuantity)) {
      found = tier;
    }
  }
  return found;
}

/** An entry's unit price for the quantity: its fixed price, or its tier's; null when none. */
export function entryUnitPriceCents(entry: EntryPricing, quantity: number): number | null {
  if (entry.unitPriceCents !== null) return entry.unitPriceCents;
  return tierFor(entry.tiers, quantity)?.unitPriceCents ?? null;
}

/**
 * `percentOffBasisPoints` off `cents`, in whole cents rounded half up, in integers only
 * (cents ≤ 10^8 and basis points ≤ 10^4 keep every product below 2^53).
 */
export function percentOffCents(cents: number, percentOffBasisPoints: number): number {
  const scaled = cents * (BASIS_POINTS - percentOffBasisPoints);
  return Math.floor((scaled + BASIS_POINTS / 2) / BASIS_POINTS);
}

/** The product's own price for the quantity: its volume tier (`tier`), else `list`. */
export function productUnitPrice(product: ProductPricing, quantity: number): ResolvedPrice {
  const tier = tierFor(product.priceTiers, quantity);
  // A first tier restates the list price: that is still the list price.
  if (tier && tier.priceCents !== product.priceCents) {
    return { unitPriceCents: tier.priceCents, priceSource: 'tier' };
  }
  return { unitPriceCents: product.priceCents, priceSource: 'list' };
}

/** The unit price of `quantity` units of the product, and where it came from. */
export function resolveUnitPrice({
  product,
  quantity,
  quote,
  contract,
  at = new Date(),
}: PriceQuestion): ResolvedPrice {
  if (quote) return { unitPriceCents: quote.unitPriceCents, priceSource: `quote:${quote.ref}` };
  if (contract && listValidAt(contract.list, at)) {
    const source = `contract:${contract.list.id}` as const;
    const fixed = contract.entry ? entryUnitPriceCents(contract.entry, quantity) : null;
    if (fixed !== null) return { unitPriceCents: fixed, priceSource: source };
    if (contract.list.percentOffBasisPoints !== null) {
      return {
        unitPriceCents: percentOffCents(product.priceCents, contract.list.percentOffBasisPoints),
        priceSource: source,
      };
    }
  }
  return productUnitPrice(product, quantity);
}

/**
 * How an invoice or an order names where a line's price came from: "List price", "Volume
 * price", "Contract price" or "Quote Q-2026-000042"; null for a line from before prices
 * recorded their source (or a source this store does not know).
 */
export function priceSourceLabel(source: string | null | undefined): string | null {
  if (source === 'list') return 'List price';
  if (source === 'tier') return 'Volume price';
  if (source?.startsWith('contract:')) return 'Contract price';
  if (source?.startsWith('quote:')) return `Quote ${source.slice('quote:'.length)}`;
  return null;
}
