import Link from 'next/link';
import type { Product } from '@/lib/data/products';
import { ProductCard } from './ProductCard';

/** Product cards in a responsive grid, each with Buy Now to its product page. */
export function ProductGrid({
  products,
  headingLevel,
  className = '',
  firstAboveFold = false,
}: {
  products: Product[];
  /** The level of the cards' titles (see ProductCard). */
  headingLevel?: 2 | 3;
  className?: string;
  /**
   * The first card is in the first screen (/products): its picture, the page's largest
   * element, loads at once with high priority instead of lazily.
   */
  firstAboveFold?: boolean;
}) {
  return (
    <ul
      className={`grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3 ${className}`}
      data-testid="product-grid"
    >
      {products.map((product, index) => (
        <li key={product._id} className="flex">
          <ProductCard
            product={product}
            headingLevel={headingLevel}
            eagerPicture={firstAboveFold && index === 0}
            action={
              <Link
                href={`/product/${product._id}`}
                className="btn-primary w-full"
                aria-label={`Buy Now: ${product.name}`}
              >
                Buy Now
              </Link>
            }
          />
        </li>
      ))}
    </ul>
  );
}
