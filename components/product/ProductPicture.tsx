import { ServerImage as Image } from '@/components/ui/ServerImage';
import type { Product } from '@/lib/catalogue';
import { productPictureImage } from './picture';

type ImageProps = React.ComponentProps<typeof Image>;

/**
 * A product's picture at 4:3 (800 x 600 intrinsic), described by the product's name and
 * optimised by next/image where next.config.mjs allows its host (a picture on another host is
 * shown from the store's copy: `productPictureImage`). Sizing and loading hints come from where
 * it is shown. `productId` names the product (an order's picture is its product's). A picture
 * that cannot be loaded shows "Picture unavailable" (`.product-picture` in app/globals.css).
 */
export function ProductPicture({
  product,
  productId,
  className,
  ...rest
}: { product: Pick<Product, 'picture' | 'name'>; productId: string } & Omit<
  ImageProps,
  'src' | 'alt' | 'width' | 'height' | 'unoptimized'
>) {
  return (
    <Image
      {...productPictureImage(productId, product.picture)}
      alt={product.name}
      width={800}
      height={600}
      {...rest}
      className={className ? `product-picture ${className}` : 'product-picture'}
    />
  );
}
