import { ServerImage as Image } from '@/components/ui/ServerImage';
import type { Product } from '@/lib/data/products';
import { isOptimizable } from './picture';

type ImageProps = React.ComponentProps<typeof Image>;

/**
 * A product's picture at 4:3 (800 x 600 intrinsic), described by the product's name and
 * optimised by next/image where next.config.mjs allows its host. Sizing and loading hints come
 * from where it is shown.
 */
export function ProductPicture({
  product,
  ...rest
}: { product: Pick<Product, 'picture' | 'name'> } & Omit<
  ImageProps,
  'src' | 'alt' | 'width' | 'height' | 'unoptimized'
>) {
  return (
    <Image
      src={product.picture}
      unoptimized={!isOptimizable(product.picture)}
      alt={product.name}
      width={800}
      height={600}
      {...rest}
    />
  );
}
