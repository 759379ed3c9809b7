'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { callApi } from '@/lib/client/api';
import { messages } from '@/lib/messages';
import { useMessageDialog } from '@/components/ui/Dialog';
import {
  RATINGS,
  reviewFormSchema,
  type ReviewFormInput,
  type ReviewFormValues,
} from '@/lib/validation/review';

const fields = ['rating', 'name', 'location', 'reviewText', 'image'] as const;
type Field = (typeof fields)[number];

const empty: ReviewFormInput = {
  rating: Number.NaN,
  name: '',
  location: '',
  reviewText: '',
  image: undefined,
};

/**
 * Add a Review: rating 1-5, name, location, review text and a photo. The form posts
 * multipart/form-data to /api/review, which checks the photo and stores it.
 */
export function ReviewForm() {
  const { dialog, show } = useMessageDialog();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: zodResolver(reviewFormSchema),
    defaultValues: empty,
  });

  const onSubmit = handleSubmit(async (values) => {
    const body = new FormData();
    body.set('rating', String(values.rating));
    body.set('name', values.name);
    body.set('location', values.location);
    body.set('reviewText', values.reviewText);
    const file = values.image?.[0];
    if (file) body.set('image', file, file.name);

    const result = await callApi('/api/review', { method: 'POST', body });
    if (result.ok) {
      reset(empty);
      show({
        title: messages.review.successTitle,
        text: messages.review.successText,
        icon: 'success',
      });
      return;
    }
    for (const [field, issues] of Object.entries(result.fields ?? {})) {
      if ((fields as readonly string[]).includes(field)) {
        setError(field as Field, { message: issues[0] });
      }
    }
    show({
      title: messages.review.failureTitle,
      text: (
        <>
          <span className="block">{messages.review.failureText}</span>
          <span className="mt-1 block">{result.message}</span>
        </>
      ),
      icon: 'error',
    });
  });

  const fieldError = (field: Field) =>
    errors[field] ? (
      <p id={`review-${field}-error`} className="field-error">
        {errors[field]?.message}
      </p>
    ) : null;
  const aria = (field: Field) => ({
    'aria-invalid': !!errors[field],
    'aria-describedby': errors[field] ? `review-${field}-error` : undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a Review" className="max-w-xl space-y-4">
      <div>
        <label htmlFor="review-rating" className="field-label">
          Rating
        </label>
        <select
          id="review-rating"
          required
          className="field-input"
          {...aria('rating')}
          {...register('rating', { valueAsNumber: true })}
        >
          <option value="">Choose a rating</option>
          {RATINGS.map((rating) => (
            <option key={rating} value={rating}>
              {rating}
            </option>
          ))}
        </select>
        {fieldError('rating')}
      </div>
      <div>
        <label htmlFor="review-name" className="field-label">
          Name
        </label>
        <input
          id="review-name"
          type="text"
          autoComplete="name"
          required
          className="field-input"
          {...aria('name')}
          {...register('name')}
        />
        {fieldError('name')}
      </div>
      <div>
        <label htmlFor="review-location" className="field-label">
          Location
        </label>
        <input
          id="review-location"
          type="text"
          autoComplete="address-level2"
          required
          className="field-input"
          {...aria('location')}
          {...register('location')}
        />
        {fieldError('location')}
      </div>
      <div>
        <label htmlFor="review-reviewText" className="field-label">
          Review
        </label>
        <textarea
          id="review-reviewText"
          rows={4}
          required
          className="field-input"
          {...aria('reviewText')}
          {...register('reviewText')}
        />
        {fieldError('reviewText')}
      </div>
      <div>
        <label htmlFor="review-image" className="field-label">
          Photo
        </label>
        <input
          id="review-image"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          required
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium"
          {...aria('image')}
          {...register('image')}
        />
        <p className="mt-1 text-xs text-slate-500">JPEG, PNG, WebP or GIF, at most 5 MB.</p>
        {fieldError('image')}
      </div>
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Add Review'}
      </button>
      {dialog}
    </form>
  );
}
