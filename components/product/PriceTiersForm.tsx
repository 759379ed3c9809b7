'use client';

import { useMemo } from 'react';
import { useRouter } from 'next/navigation';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { callApi } from '@/lib/client/api';
import { applyFieldErrors } from '@/lib/client/form-errors';
import type { Product } from '@/lib/catalogue';
import type { PriceTiersPatch } from '@/lib/catalogue/schemas';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { toast } from '@/components/ui/toast';
import { PriceTiersFieldset, priceTierFieldNames } from './PriceTiersFieldset';

/**
 * Manage Products: an admin changes a product's volume price list, or removes it (no rows),
 * with the rules and messages of Add Product: the browser checks the rows against the
 * product's minimum order quantity, base price and carton size as the server does (PATCH
 * /api/product/{id} with `{ priceTiers }`), and the server's field messages show on their row.
 * Folded away until opened.
 */
export function PriceTiersForm({ product }: { product: Product }) {
  const router = useRouter();
  const { minimumOrderQuantity, price, orderMultiple } = product;
  const resolver = useMemo(
    () =>
      lazyZodResolver<PriceTiersPatch>(() =>
        import('@/lib/catalogue/schemas').then(({ priceTiersPatchSchema, productRuleIssues }) =>
          priceTiersPatchSchema.superRefine((values, context) => {
            const issues = productRuleIssues({
              minimumOrderQuantity,
              price,
              orderMultiple,
              priceTiers: values.priceTiers,
            });
            for (const issue of issues) {
              if (issue.path[0] !== 'priceTiers') continue;
              context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
            }
          }),
        ),
      ),
    [minimumOrderQuantity, price, orderMultiple],
  );
  const { control, register, handleSubmit, setError, reset, errors, isSubmitting } = useLazyForm(
    resolver,
    { defaultValues: { priceTiers: product.priceTiers } },
  );

  const onSubmit = handleSubmit(async (values) => {
    const result = await callApi<Product>(`/api/product/${product._id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ priceTiers: values.priceTiers }),
    });
    if (result.ok) {
      reset({ priceTiers: result.data.priceTiers });
      toast.success(result.data.priceTiers.length ? 'Price tiers saved' : 'Price tiers removed');
      router.refresh();
      return;
    }
    applyFieldErrors(setError, result, ['priceTiers', ...priceTierFieldNames(values.priceTiers)]);
    if (!Object.keys(result.fields ?? {}).length) toast.error(result.message);
  });

  const id = `tiers-${product._id}`;
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-700">
        {product.priceTiers.length ? 'Edit volume price tiers' : 'Add volume price tiers'}
      </summary>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={`Price tiers of ${product.name}`}
        className="mt-2 space-y-3"
      >
        <PriceTiersFieldset
          control={control}
          register={register}
          errors={errors}
          idPrefix={id}
          baseRow={() => ({ minQuantity: minimumOrderQuantity, price })}
          multiple={orderMultiple}
        />
        <button type="submit" className="btn-secondary w-full" disabled={isSubmitting}>
          Save price tiers
        </button>
      </form>
    </details>
  );
}
