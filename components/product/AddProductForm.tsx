'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { callApi } from '@/lib/client/api';
import { messages } from '@/lib/messages';
import { toast } from '@/components/ui/toast';
import {
  productFormSchema,
  type ProductFormInput,
  type ProductFormValues,
} from '@/lib/validation/product';

const formFields = [
  'name',
  'description',
  'minimumOrderQuantity',
  'availableQuantity',
  'price',
  'picture',
] as const;
type FormField = (typeof formFields)[number];

const empty: ProductFormInput = {
  name: '',
  description: '',
  minimumOrderQuantity: Number.NaN,
  availableQuantity: Number.NaN,
  price: Number.NaN,
  picture: '',
  pictureFile: undefined,
};

/** Add Product: every field required; the picture as a URL or an uploaded file. */
export function AddProductForm() {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormInput, unknown, ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: empty,
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const body = new FormData();
    body.set('name', values.name);
    body.set('description', values.description);
    body.set('minimumOrderQuantity', String(values.minimumOrderQuantity));
    body.set('availableQuantity', String(values.availableQuantity));
    body.set('price', String(values.price));
    const file = values.pictureFile?.[0];
    if (file) body.set('picture', file, file.name);
    else body.set('picture', values.picture);

    const result = await callApi('/api/product', { method: 'POST', body });
    if (result.ok) {
      reset(empty);
      toast.success(messages.product.added);
      return;
    }
    for (const [field, issues] of Object.entries(result.fields ?? {})) {
      if ((formFields as readonly string[]).includes(field)) {
        setFieldError(field as FormField, { message: issues[0] });
      }
    }
    setError(result.message);
    toast.error(result.message);
  });

  const fieldError = (field: FormField) =>
    errors[field] ? (
      <p id={`product-${field}-error`} className="field-error">
        {errors[field]?.message}
      </p>
    ) : null;
  const aria = (field: FormField) => ({
    'aria-invalid': !!errors[field],
    'aria-describedby': errors[field] ? `product-${field}-error` : undefined,
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Add Product"
      className="grid max-w-2xl grid-cols-1 gap-4 md:grid-cols-2"
    >
      <div className="md:col-span-2">
        <label htmlFor="product-name" className="field-label">
          Name
        </label>
        <input
          id="product-name"
          type="text"
          required
          className="field-input"
          {...aria('name')}
          {...register('name')}
        />
        {fieldError('name')}
      </div>
      <div className="md:col-span-2">
        <label htmlFor="product-description" className="field-label">
          Description
        </label>
        <textarea
          id="product-description"
          rows={4}
          required
          className="field-input"
          {...aria('description')}
          {...register('description')}
        />
        {fieldError('description')}
      </div>
      <div>
        <label htmlFor="product-minimumOrderQuantity" className="field-label">
          minimumOrderQuantity
        </label>
        <input
          id="product-minimumOrderQuantity"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          required
          className="field-input"
          {...aria('minimumOrderQuantity')}
          {...register('minimumOrderQuantity', { valueAsNumber: true })}
        />
        {fieldError('minimumOrderQuantity')}
      </div>
      <div>
        <label htmlFor="product-availableQuantity" className="field-label">
          availableQuantity
        </label>
        <input
          id="product-availableQuantity"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          required
          className="field-input"
          {...aria('availableQuantity')}
          {...register('availableQuantity', { valueAsNumber: true })}
        />
        {fieldError('availableQuantity')}
      </div>
      <div>
        <label htmlFor="product-price" className="field-label">
          Price
        </label>
        <input
          id="product-price"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required
          className="field-input"
          {...aria('price')}
          {...register('price', { valueAsNumber: true })}
        />
        {fieldError('price')}
      </div>
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
              {...aria('picture')}
              {...register('picture')}
            />
          </div>
          <div>
            <label htmlFor="product-picture-file" className="field-label font-normal">
              Or upload a picture
            </label>
            <input
              id="product-picture-file"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif"
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
              {...register('pictureFile')}
            />
          </div>
        </div>
        <p className="mt-1 text-xs text-slate-500">JPEG, PNG, WebP or GIF, at most 5 MB.</p>
        {fieldError('picture')}
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-600 md:col-span-2">
          {error}
        </p>
      ) : null}
      <div className="md:col-span-2">
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Adding…' : 'Add Product'}
        </button>
      </div>
    </form>
  );
}
