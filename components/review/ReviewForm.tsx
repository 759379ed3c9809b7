'use client';

import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import { callApi } from '@/lib/client/api';
import { applyFieldErrors } from '@/lib/client/form-errors';
import { messages } from '@/lib/core/messages';
import { useLazyForm } from '@/components/forms/useLazyForm';
import { useMessageDialog } from '@/components/ui/Dialog';
import { Field } from '@/components/ui/Field';
import { ImageFileInput, imageFileHint } from '@/components/ui/ImageFileInput';
import { RATINGS } from '@/lib/core/validation/limits';
import type { ReviewFormInput, ReviewFormValues } from '@/lib/reviews/schemas';

/** The form's zod schema, loaded once the page is up (lib/client/lazy-resolver.ts). */
const resolver = lazyZodResolver<ReviewFormInput, ReviewFormValues>(() =>
  import('@/lib/reviews/schemas').then((module) => module.reviewFormSchema),
);

const fields = ['rating', 'name', 'location', 'reviewText', 'image'] as const;

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
  const { register, handleSubmit, reset, setError, errors, isSubmitting } = useLazyForm(resolver, {
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
    applyFieldErrors(setError, result, fields);
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

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a Review" className="max-w-xl space-y-4">
      <Field id="review-rating" label="Rating" error={errors.rating?.message}>
        <select required {...register('rating', { valueAsNumber: true })}>
          <option value="">Choose a rating</option>
          {RATINGS.map((rating) => (
            <option key={rating} value={rating}>
              {rating}
            </option>
          ))}
        </select>
      </Field>
      <Field id="review-name" label="Name" error={errors.name?.message}>
        <input type="text" autoComplete="name" required {...register('name')} />
      </Field>
      <Field id="review-location" label="Location" error={errors.location?.message}>
        <input type="text" autoComplete="address-level2" required {...register('location')} />
      </Field>
      <Field id="review-reviewText" label="Review" error={errors.reviewText?.message}>
        <textarea rows={4} required {...register('reviewText')} />
      </Field>
      <Field
        id="review-image"
        label="Photo"
        error={errors.image?.message}
        hint={imageFileHint}
        unstyled
      >
        <ImageFileInput required {...register('image')} />
      </Field>
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Add Review'}
      </button>
      {dialog}
    </form>
  );
}
