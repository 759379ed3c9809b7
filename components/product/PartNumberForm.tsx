'use client';

import { useRouter } from 'next/navigation';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { categories } from '@/lib/catalogue/shared';
import { callApi } from '@/lib/client/api';
import { applyFieldErrors } from '@/lib/client/form-errors';
import type { Product } from '@/lib/catalogue';
import type { PartNumberInput } from '@/lib/catalogue/schemas';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { Field } from '@/components/ui/Field';
import { toast } from '@/components/ui/toast';

/** The form's zod schema, loaded once the page is up (lib/client/lazy-resolver.ts). */
const resolver = lazyZodResolver<PartNumberInput>(() =>
  import('@/lib/catalogue/schemas').then((module) => module.partNumberSchema),
);

/**
 * Manage Products: an admin gives a product its part number and category (products added
 * before the catalogue had them show none), or corrects them. Folded away until opened.
 */
export function PartNumberForm({ product }: { product: Product }) {
  const router = useRouter();
  const { register, handleSubmit, setError, errors, isSubmitting } = useLazyForm(resolver, {
    defaultValues: {
      sku: product.sku ?? '',
      category: (product.category ?? '') as PartNumberInput['category'],
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await callApi(`/api/product/${product._id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(values),
    });
    if (result.ok) {
      toast.success('Part number saved');
      router.refresh();
    } else {
      applyFieldErrors(setError, result, ['sku', 'category']);
      if (!result.fields?.sku && !result.fields?.category) toast.error(result.message);
    }
  });

  const id = `part-${product._id}`;
  return (
    <details className="mt-3 text-sm" open={!product.sku || !product.category}>
      <summary className="cursor-pointer font-medium text-slate-700">
        {product.sku ? 'Edit part number and category' : 'Add part number and category'}
      </summary>
      <form onSubmit={onSubmit} noValidate className="mt-2 space-y-2">
        <Field id={`${id}-sku`} label="Part number" error={errors.sku?.message}>
          <input type="text" autoComplete="off" {...register('sku')} />
        </Field>
        <Field id={`${id}-category`} label="Category" error={errors.category?.message}>
          <select {...register('category')}>
            <option value="">Choose a category</option>
            {categories.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className="btn-secondary w-full" disabled={isSubmitting}>
          Save part number
        </button>
      </form>
    </details>
  );
}
