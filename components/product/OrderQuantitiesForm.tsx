'use client';

import { useMemo } from 'react';
import { useRouter } from 'next/navigation';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { callApi } from '@/lib/client/api';
import { applyFieldErrors } from '@/lib/client/form-errors';
import type { PriceTier, Product } from '@/lib/catalogue';
import type { OrderQuantitiesPatch } from '@/lib/catalogue/schemas';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { Field } from '@/components/ui/Field';
import { toast } from '@/components/ui/toast';
import { CartonFields } from './CartonFields';
import { priceTierFieldNames } from './PriceTiersFieldset';

/**
 * The price list that goes with a new minimum order quantity: its first tier restates the base
 * price at the minimum, so it moves with it; null when the list stays as it is.
 */
function tiersWithMinimum(tiers: readonly PriceTier[], minimum: unknown): PriceTier[] | null {
  const [first, ...rest] = tiers;
  if (!first || typeof minimum !== 'number' || !Number.isSafeInteger(minimum)) return null;
  if (first.minQuantity === minimum) return null;
  return [{ ...first, minQuantity: minimum }, ...rest];
}

/**
 * Manage Products: an admin sets a product's order quantities, its minimum order quantity, carton
 * size and maximum per order (empty: none), with the rules of Add Product: the browser checks
 * them with the product's price list as the server does (PATCH /api/product/{id}), and the
 * server's field messages show under their field. The first price tier moves with the minimum;
 * a later tier that no longer fits is named in a message, to be changed in the price tiers
 * first. Folded away until opened.
 */
export function OrderQuantitiesForm({ product }: { product: Product }) {
  const router = useRouter();
  const { price, priceTiers } = product;
  const resolver = useMemo(
    () =>
      lazyZodResolver<OrderQuantitiesPatch>(() =>
        import('@/lib/catalogue/schemas').then(
          ({ orderQuantitiesPatchSchema, productRuleIssues }) =>
            orderQuantitiesPatchSchema.superRefine((values, context) => {
              const tiers = tiersWithMinimum(priceTiers, values.minimumOrderQuantity) ?? priceTiers;
              for (const issue of productRuleIssues({ ...values, price, priceTiers: tiers })) {
                context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
              }
            }),
        ),
      ),
    [price, priceTiers],
  );
  const { register, handleSubmit, setError, reset, errors, isSubmitting } = useLazyForm(resolver, {
    defaultValues: {
      minimumOrderQuantity: product.minimumOrderQuantity,
      orderMultiple: product.orderMultiple,
      maxOrderQuantity: product.maxOrderQuantity,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const tiers = tiersWithMinimum(priceTiers, values.minimumOrderQuantity);
    const result = await callApi<Product>(`/api/product/${product._id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        minimumOrderQuantity: values.minimumOrderQuantity,
        orderMultiple: values.orderMultiple,
        maxOrderQuantity: values.maxOrderQuantity ?? null,
        ...(tiers ? { priceTiers: tiers } : {}),
      }),
    });
    if (result.ok) {
      reset({
        minimumOrderQuantity: result.data.minimumOrderQuantity,
        orderMultiple: result.data.orderMultiple,
        maxOrderQuantity: result.data.maxOrderQuantity,
      });
      toast.success('Order quantities saved');
      router.refresh();
      return;
    }
    applyFieldErrors(setError, result, [
      'minimumOrderQuantity',
      'orderMultiple',
      'maxOrderQuantity',
      ...priceTierFieldNames(tiers ?? priceTiers),
    ]);
    if (!Object.keys(result.fields ?? {}).length) toast.error(result.message);
  });

  // The price tiers' messages: the list is changed with "Edit volume price tiers", not here.
  const tierErrors = Array.isArray(errors.priceTiers) ? errors.priceTiers : [];
  const tierProblems = tierErrors.flatMap((row, index) =>
    [row?.minQuantity?.message, row?.price?.message]
      .filter((message): message is string => !!message)
      .map((message) => `Tier ${index + 1}: ${message}`),
  );

  const id = `quantities-${product._id}`;
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-700">Edit order quantities</summary>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={`Order quantities of ${product.name}`}
        className="mt-2 space-y-2"
      >
        <Field
          id={`${id}-minimumOrderQuantity`}
          label="Minimum order quantity"
          error={errors.minimumOrderQuantity?.message}
        >
          <input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            required
            {...register('minimumOrderQuantity', { valueAsNumber: true })}
          />
        </Field>
        <CartonFields register={register} errors={errors} idPrefix={id} />
        {priceTiers.length > 0 ? (
          <p className="text-xs text-slate-600">
            Tier 1 of the volume price tiers moves with the minimum order quantity.
          </p>
        ) : null}
        {tierProblems.length > 0 ? (
          <div role="alert" className="field-error">
            <p>The volume price tiers do not fit these quantities; change them first:</p>
            <ul className="list-disc pl-5">
              {tierProblems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <button type="submit" className="btn-secondary w-full" disabled={isSubmitting}>
          Save order quantities
        </button>
      </form>
    </details>
  );
}
