import type { Metadata } from 'next';
import { AddProductForm } from '@/components/product/AddProductForm';
import { requirePageAdmin } from '@/lib/accounts';

export const metadata: Metadata = { title: 'Add Product' };

export default async function AddProductPage() {
  await requirePageAdmin('/dashboard/addaproduct');
  return (
    <section aria-labelledby="add-product-title">
      <h1 id="add-product-title" className="mb-6 text-2xl font-bold text-slate-900">
        Add Product
      </h1>
      <AddProductForm />
    </section>
  );
}
