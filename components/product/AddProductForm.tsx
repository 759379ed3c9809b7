'use client';

import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { callApi } from '@/lib/client/api';
import { applyFieldErrors } from '@/lib/client/form-errors';
import { messages } from '@/lib/core/messages';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { toast } from '@/components/ui/toast';
import { Field, FormError } from '@/components/ui/Field';
import { ImageFileInput, imageFileHint } from '@/components/ui/ImageFileInput';
import { CategoryOptions } from '@/components/catalogue/CategoryOptions';
import { CartonFields } from './CartonFields';
import { PriceTiersFieldset, priceTierFieldNames } from './PriceTiersFieldset';
import type { ProductFormInput, ProductFormValues } from '@/lib/catalogue/schemas';

/** The form's zod schema, loaded once the page is up (lib/client/lazy-resolver.ts). */
const resolver = lazyZodResolver<ProductFormInput, ProductFormValues>(() =>
  import('@/lib/catalogue/schemas').then((module) => module.productFormSchema),
);

const formFields = [
  'name',
  'sku',
  'category',
  'description',
  'minimumOrderQuantity',
  'availableQuantity',
  'orderMultiple',
  'maxOrderQuantity',
  'price',
  'picture',
] as const;

/** The two quantities, whole numbers labelled with their field names. */
const quantityFields = ['minimumOrderQuantity', 'availableQuantity'] as const;

const empty: ProductFormInput = {
  name: '',
  sku: '',
  // The select starts on its "Choose a category" option, whose value is empty.
  category: '' as ProductFormInput['category'],
  description: '',
  minimumOrderQuantity: Number.NaN,
  availableQuantity: Number.NaN,
  // Sold one by one, without a maximum per order, unless the admin says otherwise.
  orderMultiple: 1,
  maxOrderQuantity: null,
  price: Number.NaN,
  picture: '',
  pictureFile: undefined,
  priceTiers: [],
};

/**
 * Add Product: every field required (the part number unique, the category one of the list);
 * the carton size (1 unless told) and an optional maximum per order; the picture as a URL or
 * an uploaded file; optional volume price tiers.
 */
export function AddProductForm() {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    control,
    getValues,
    handleSubmit,
    reset,
    setError: setFieldError,
    errors,
    isSubmitting,
  } = useLazyForm(resolver, { defaultValues: empty });
  const orderMultiple = useWatch({ control, name: 'orderMultiple' });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const body = new FormData();
    body.set('name', values.name);
    body.set('sku', values.sku);
    body.set('category', values.category);
    body.set('description', values.description);
    body.set('minimumOrderQuantity', String(values.minimumOrderQuantity));
    body.set('availableQuantity', String(values.availableQuantity));
    body.set('orderMultiple', String(values.orderMultiple));
    // No maximum: the field is left out (a multipart form has no null).
    if (values.maxOrderQuantity != null) {
      body.set('maxOrderQuantity', String(values.maxOrderQuantity));
    }
    body.set('price', String(values.price));
    // The price list travels as one field holding its JSON (the API's multipart form).
    if (values.priceTiers?.length) body.set('priceTiers', JSON.stringify(values.priceTiers));
    const file = values.pictureFile?.[0];
    if (file) body.set('picture', file, file.name);
    else body.set('picture', values.picture);

    const result = await callApi('/api/product', { method: 'POST', body });
    if (result.ok) {
      reset(empty);
      toast.success(messages.product.added);
      return;
    }
    // A problem of the list as a whole (the same schema finds it first here) is in the message.
    applyFieldErrors(setFieldError, result, [
      ...formFields,
      ...priceTierFieldNames(values.priceTiers),
    ]);
    setError(result.message);
    toast.error(result.message);
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Add Product"
      className="grid max-w-2xl grid-cols-1 gap-4 md:grid-cols-2"
    >
      <Field id="product-name" label="Name" error={errors.name?.message} className="md:col-span-2">
        <input type="text" required {...register('name')} />
      </Field>
      <Field id="product-sku" label="Part number" error={errors.sku?.message}>
        <input
          type="text"
          required
          maxLength={40}
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="e.g. GR-2040-S"
          {...register('sku')}
        />
      </Field>
      <Field id="product-category" label="Category" error={errors.category?.message}>
        <select required {...register('category')}>
          <option value="">Choose a category</option>
          <CategoryOptions />
        </select>
      </Field>
      <Field
        id="product-description"
        label="Description"
        error={errors.description?.message}
        className="md:col-span-2"
      >
        <textarea rows={4} required {...register('description')} />
      </Field>
      {quantityFields.map((name) => (
        <Field key={name} id={`product-${name}`} label={name} error={errors[name]?.message}>
          <input
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            required
            {...register(name, { valueAsNumber: true })}
          />
        </Field>
      ))}
      <CartonFields register={register} errors={errors} idPrefix="product" />
      <Field id="product-price" label="Price" error={errors.price?.message}>
        <input
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required
          {...register('price', { valueAsNumber: true })}
        />
      </Field>
      <PriceTiersFieldset
        control={control}
        register={register}
        errors={errors}
        baseRow={() => ({
          minQuantity: getValues('minimumOrderQuantity'),
          price: getValues('price'),
        })}
        multiple={orderMultiple}
        className="md:col-span-2"
      />
      <fieldset className="md:col-span-2">
        <legend className="field-label">Picture</legend>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <div>
            <label htmlFor="product-picture" className="field-label font-normal">
              Picture URL
            </label>
            <input
              id="product-picture"
              type="text"
              inputMode="url"
              placeholder="https://… or /images/…"
              className="field-input"
              aria-invalid={!!errors.picture}
              aria-describedby={errors.picture ? 'product-picture-error' : undefined}
              {...register('picture')}
            />
          </div>
          <div>
            <label htmlFor="product-picture-file" className="field-label font-normal">
              Or upload a picture
            </label>
            <ImageFileInput id="product-picture-file" {...register('pictureFile')} />
          </div>
        </div>
        <p className="mt-1 text-xs text-slate-500">{imageFileHint}</p>
        {errors.picture ? (
          <p id="product-picture-error" className="field-error">
            {errors.picture.message}
          </p>
        ) : null}
      </fieldset>
      <FormError message={error} className="md:col-span-2" />
      <div className="md:col-span-2">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Adding…' : 'Add Product'}
        </button>
      </div>
    </form>
  );
}
