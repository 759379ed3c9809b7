import Link from 'next/link';
import type { Product } from '@/lib/catalogue';
import { siteOrigin } from '@/lib/core/site';
import { productCardView } from '@/components/home/card-view';
import { ProductGrid } from '@/components/home/ProductGrid';

/**
 * The home page's products: the newest few (with their structured data), and the way to the
 * whole catalogue.
 */
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
        <ProductGrid
          cards={products.map(productCardView)}
          className="mt-10"
          listLd={{ name: 'Newest products', origin: siteOrigin }}
        />
      )}
      <p className="mt-10 text-center">
        <Link href="/products" className="btn-secondary px-6 py-3 text-base">
          View all products
        </Link>
      </p>
    </section>
  );
}
