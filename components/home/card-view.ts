import { productPictureImage } from '@/components/product/picture';
import { imageUrls } from '@/components/ui/ServerImage';
import { inStock, productSummary } from '@/lib/catalogue/shared';
import type { Product } from '@/lib/catalogue';
import {
  CARD_PICTURE_HEIGHT,
  CARD_PICTURE_SIZES,
  CARD_PICTURE_WIDTH,
  CARD_PICTURE_WIDTHS,
  type ProductCardView,
} from './card';

/**
 * A product's card data. The picture's URLs are next/image's (`getImageProps`, optimised where
 * next.config.mjs allows the picture's host; a picture on another host through the store's
 * copy: `productPictureImage`), computed where the card data is made.
 */
export function productCardView(product: Product): ProductCardView {
  const summary = productSummary(product);
  return {
    ...summary,
    inStock: inStock(summary),
    img: imageUrls({
      ...productPictureImage(product._id, product.picture),
      alt: product.name,
      width: CARD_PICTURE_WIDTH,
      height: CARD_PICTURE_HEIGHT,
      sizes: CARD_PICTURE_SIZES,
      widths: CARD_PICTURE_WIDTHS,
    }),
  };
}
