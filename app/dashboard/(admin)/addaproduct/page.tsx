import type { Metadata } from 'next';
import { AddProductForm } from '@/components/product/AddProductForm';
import { requirePageAdmin } from '@/lib/accounts';
import { DashboardSection } from '@/components/dashboard/DashboardSection';

export const metadata: Metadata = { title: 'Add Product' };

export default async function AddProductPage() {
  await requirePageAdmin('/dashboard/addaproduct');
  return (
    <DashboardSection id="add-product-title" title="Add Product" gap="mb-6">
      <AddProductForm />
    </DashboardSection>
  );
}
