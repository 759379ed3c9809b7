import Link from 'next/link';
import type { Product } from '@/lib/data/products';
import { ProductCard } from './ProductCard';

/** Product cards in a responsive grid, each with Buy Now to its product page. */
export function ProductGrid({
  products,
  headingLevel,
  className = '',
}: {
  products: Product[];
  /** The level of the cards' titles (see ProductCard). */
  headingLevel?: 2 | 3;
  className?: string;
}) {
  return (
    <ul
      className={`grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3 ${className}`}
      data-testid="product-grid"
    >
      {products.map((product) => (
        <li key={product._id} className="flex">
          <ProductCard
            product={product}
            headingLevel={headingLevel}
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
