import { categoryName } from './categories';
import type { Product } from '@/lib/catalogue/store';
import { lowestPriceCents, priceListOf } from './pricing';

/** How much of a product's description a card shows before "...read more". */
export const DESCRIPTION_PREVIEW_LENGTH = 100;

/**
 * What a list of products shows of each (a card, and the short structured data of the home
 * page), and nothing more: plain data, small enough to hand to a client component for every
 * product of a page without sending the whole description or the tiers.
 */
export interface ProductSummary {
  id: string;
  name: string;
  /** Part number; null for products from before part numbers. */
  sku: string | null;
  /** The category's name; null when the product has none (or an unknown slug). */
  category: string | null;
  /** The first `DESCRIPTION_PREVIEW_LENGTH` characters of the description. */
  preview: string;
  /** The base unit price, dollars. */
  price: number;
  /** The lowest unit price of any quantity (a tier's or the base price), cents. */
  lowestCents: number;
  /** How many volume price tiers the product has. */
  tiers: number;
  minimumOrderQuantity: number;
  availableQuantity: number;
  /** The picture's path or URL as stored. */
  picture: string;
}

export function productSummary(product: Product): ProductSummary {
  return {
    id: product._id,
    name: product.name,
    sku: product.sku,
    category: categoryName(product.category),
    preview: product.description.slice(0, DESCRIPTION_PREVIEW_LENGTH),
    price: product.price,
    lowestCents: lowestPriceCents(priceListOf(product)),
    tiers: product.priceTiers.length,
    minimumOrderQuantity: product.minimumOrderQuantity,
    availableQuantity: product.availableQuantity,
    picture: product.picture,
  };
}

/** In stock: at least one minimum order can be filled from the available quantity. */
export function inStock(
  summary: Pick<ProductSummary, 'availableQuantity' | 'minimumOrderQuantity'>,
) {
  return summary.availableQuantity >= Math.max(summary.minimumOrderQuantity, 1);
}
