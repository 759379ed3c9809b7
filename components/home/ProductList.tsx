import Link from 'next/link';
import type { Product } from '@/lib/data/products';
import { ProductCard } from './ProductCard';

export function ProductList({ products }: { products: Product[] }) {
  return (
    <section
      id="products"
      aria-labelledby="products-title"
      className="mx-auto max-w-7xl px-4 py-14"
    >
      <h2 id="products-title" className="text-center text-3xl font-bold text-slate-900">
        Store Product List
      </h2>
      {products.length === 0 ? (
        <p className="mt-8 text-center text-slate-600">No products are listed yet.</p>
      ) : (
        <ul
          className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3"
          data-testid="product-grid"
        >
          {products.map((product) => (
            <li key={product._id} className="flex">
              <ProductCard
                product={product}
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
      )}
    </section>
  );
}
