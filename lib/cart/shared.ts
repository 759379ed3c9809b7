/**
 * The client-safe face of the order list (cart): the shapes its page and the header link read,
 * and the words of a line's problem. Nothing here imports server-only code.
 */
import { MAX_CART_LINES } from '@/lib/core/validation/limits';
import { can, COMPANY_ROLE_LABELS, COMPANY_ROLES } from '@/lib/companies/shared';
import type { ContractPricing, PriceSource } from '@/lib/pricing/shared';

export { MAX_CART_LINES };

/**
 * The roles that place orders, as a sentence names them (`buyers`, `owners`, in alphabetical
 * order), read from the companies' role table: who can check an order list out, and who may be
 * sent one.
 */
export function orderingRoleNames(): string[] {
  return COMPANY_ROLES.filter((role) => can(role, 'placeOrders'))
    .map((role) => `${COMPANY_ROLE_LABELS[role].toLowerCase()}s`)
    .sort();
}

/** A colleague an order list may be sent to: a member of the same company who places orders. */
export interface ShareColleague {
  userId: string;
  name: string;
  /** Their role, as the pages name it (`Buyer`). */
  role: string;
}

/** What `POST /api/cart/share` answers: how many lines were sent, and to whom. */
export interface CartShareResult {
  sentLines: number;
  colleague: { userId: string; name: string };
}

/** What is wrong with a line as it stands: it cannot be checked out until it is changed. */
export interface CartLineIssue {
  /**
   * `deleted`: the product is no longer sold; `below_minimum`, `not_multiple` (not whole
   * cartons), `above_maximum` (above the most per order), `above_stock`, `too_large`: the quantity.
   */
  code:
    'deleted' | 'below_minimum' | 'not_multiple' | 'above_maximum' | 'above_stock' | 'too_large';
  message: string;
  /** The valid quantity nearest the line's, or null when none may be ordered now. */
  nearestQuantity: number | null;
}

/** One line of the order list as its page and `GET /api/cart` show it: money in cents. */
export interface CartLine {
  productId: string;
  /** The part number (null for a product from before part numbers). */
  sku: string | null;
  name: string;
  picture: string;
  quantity: number;
  /**
   * The unit price this buyer pays for the quantity today (lib/pricing `resolveUnitPrice`: their
   * contract, else the volume tier, else the list price); null when it has no price (an issue).
   */
  unitPriceCents: number | null;
  /** Where that price comes from (`list`, `tier`, `contract:<id>`); null without a price. */
  priceSource: PriceSource | null;
  /** quantity x unit price; null with an issue. */
  totalCents: number | null;
  /**
   * The smallest quantity this buyer may order: the product's minimum, at least 500, raised by
   * their contract, rounded up to the carton (lib/catalogue/quantity.ts).
   */
  minimumOrderQuantity: number;
  /** The carton size for this buyer (the contract's, else the product's; 1 for none). */
  orderMultiple: number;
  /** The most one order may take for this buyer (the contract's, else the product's); null: none. */
  maxOrderQuantity: number | null;
  /** The stock left; 0 for a deleted product. */
  availableQuantity: number;
  /** The product's price list today (base price and volume tiers), for totals as the buyer types. */
  priceCents: number;
  priceTiers: Array<{ minQuantity: number; priceCents: number }>;
  /** This buyer's contract for the product (their price list and its entry), for figures as they type; null: none. */
  contract: ContractPricing | null;
  /** Null when the line may be checked out as it is. */
  issue: CartLineIssue | null;
}

/** The buyer's order list: its lines in the order they were added, and their total. */
export interface Cart {
  lines: CartLine[];
  lineCount: number;
  /** The sum of the lines' totals that have a price. */
  totalCents: number;
  /** The most lines the list holds. */
  maxLines: number;
  /** True when it has lines and none has an issue: it may be checked out. */
  ready: boolean;
}
