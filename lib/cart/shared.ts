/**
 * The client-safe face of the order list (cart): the shapes its page and the header link read,
 * and the words of a line's problem. Nothing here imports server-only code.
 */
import { MAX_CART_LINES } from '@/lib/core/validation/limits';

export { MAX_CART_LINES };

/** What is wrong with a line as it stands: it cannot be checked out until it is changed. */
export interface CartLineIssue {
  /** `deleted`: the product is no longer sold; `below_minimum` / `above_stock`: the quantity. */
  code: 'deleted' | 'below_minimum' | 'above_stock' | 'too_large';
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
  /** The unit price of the quantity's volume tier today; null when it has no price (an issue). */
  unitPriceCents: number | null;
  /** quantity x unit price; null with an issue. */
  totalCents: number | null;
  /** The smallest quantity that may be ordered (the product's minimum, at least 500). */
  minimumOrderQuantity: number;
  /** The stock left; 0 for a deleted product. */
  availableQuantity: number;
  /** The product's price list today (base price and volume tiers), for totals as the buyer types. */
  priceCents: number;
  priceTiers: Array<{ minQuantity: number; priceCents: number }>;
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
