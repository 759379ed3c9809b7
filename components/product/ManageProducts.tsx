'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import type { Product } from '@/lib/catalogue';
import { callApi } from '@/lib/client/api';
import { messages } from '@/lib/core/messages';
import { productCardView } from '@/components/home/card-view';
import { ProductCard } from '@/components/home/ProductCard';
import { OrderQuantitiesForm } from './OrderQuantitiesForm';
import { PartNumberForm } from './PartNumberForm';
import { PriceTiersForm } from './PriceTiersForm';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/ui/useConfirm';

/**
 * Manage Products: one page of the catalogue as cards, each with a Delete button behind a
 * confirmation, its part number and category, its order quantities (minimum, carton size,
 * maximum per order) and its volume price tiers. A deleted product leaves the page at once,
 * and the page's data is refreshed.
 */
export function ManageProducts({ products: shown }: { products: Product[] }) {
  const router = useRouter();
  // Ids deleted here, hidden until the refreshed page no longer lists them.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const products = shown.filter((product) => !removed.has(product._id));
  const [deleting, setDeleting] = useState<string | null>(null);
  const { confirm, dialog } = useConfirm();

  async function remove(product: Product) {
    if (!(await confirm({ title: messages.product.deleteConfirm }))) {
      toast.info(messages.product.deleteCancelled);
      return;
    }
    setDeleting(product._id);
    const result = await callApi(`/api/product/${product._id}`, { method: 'DELETE' });
    setDeleting(null);
    if (result.ok || result.status === 404) {
      setRemoved((current) => new Set(current).add(product._id));
      if (result.ok) toast.success(messages.product.deleted);
      else toast.info(result.message);
      router.refresh();
    } else {
      toast.error(result.message);
    }
  }

  return (
    <>
      {products.length === 0 ? (
        <p className="text-slate-600">No products on this page.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <li key={product._id} className="flex">
              <ProductCard
                headingLevel={2}
                card={productCardView(product)}
                action={
                  <>
                    <button
                      type="button"
                      className="btn-danger w-full"
                      aria-label={`Delete ${product.name}`}
                      disabled={deleting === product._id}
                      onClick={() => remove(product)}
                    >
                      {deleting === product._id ? 'Deleting…' : 'Delete'}
                    </button>
                    <PartNumberForm product={product} />
                    <OrderQuantitiesForm product={product} />
                    {/* Anew when the order quantities moved tier 1 with the minimum. */}
                    <PriceTiersForm
                      key={`${product.minimumOrderQuantity}:${product.orderMultiple}`}
                      product={product}
                    />
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </>
  );
}
