import type { Metadata } from 'next';
import { listProducts } from '@/lib/data/products';
import { ManageProducts } from '@/components/product/ManageProducts';

export const metadata: Metadata = { title: 'Manage Products' };

export default async function ManageProductsPage() {
  const products = await listProducts();
  return (
    <section aria-labelledby="manage-products-title">
      <h1 id="manage-products-title" className="mb-6 text-2xl font-bold text-slate-900">
        Manage Products
      </h1>
      <ManageProducts products={products} />
    </section>
  );
}
