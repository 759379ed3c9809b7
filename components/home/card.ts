import type { ImageUrls } from '@/components/ui/ServerImage';
import type { ProductSummary } from '@/lib/catalogue/shared';

// What a product card draws, and its picture's fixed attributes: no runtime imports, so the
// client components that draw cards (ProductGrid) carry nothing more. The card data is made by
// `productCardView` (card-view.ts).

/**
 * The card's picture is at most 24rem wide on large screens and half or all of a small one:
 * 384 px (one column of three), 640 and 828 px (phones and tablets, and high-density screens).
 */
export const CARD_PICTURE_WIDTHS = [384, 640, 828];
export const CARD_PICTURE_SIZES = '(min-width: 1024px) 24rem, (min-width: 768px) 50vw, 100vw';
/** Every product picture is stored at 4:3, 800 x 600. */
export const CARD_PICTURE_WIDTH = 800;
export const CARD_PICTURE_HEIGHT = 600;

/**
 * What a product card draws: the product's summary, whether it is in stock (decided on the
 * server, so the browser's JSON-LD needs none of the catalogue's rules) and its picture's
 * optimised URLs.
 */
export interface ProductCardView extends ProductSummary {
  inStock: boolean;
  img: ImageUrls;
}
