import { z } from 'zod';
import { fieldMessages, messages } from '@/lib/core/messages';
import { RATINGS } from '@/lib/core/validation/limits';
import { pageParams } from '@/lib/core/validation/pagination';
import { printable } from '@/lib/core/validation/text';

const v = messages.validation;

export const reviewMessages = {
  ratingRequired: fieldMessages.required('Rating'),
  nameRequired: v.nameRequired,
  locationRequired: v.locationRequired,
  reviewRequired: v.reviewRequired,
  imageRequired: v.imageRequired,
  ...fieldMessages.review,
} as const;

const m = reviewMessages;

export { RATINGS };

const reviewFields = {
  rating: z
    .number({ error: m.ratingRequired })
    .int(m.ratingRange)
    .min(1, m.ratingRange)
    .max(5, m.ratingRange),
  name: printable(
    z
      .string({ error: m.nameRequired })
      .trim()
      .min(1, m.nameRequired)
      .max(100, fieldMessages.tooLong('Name')),
    'Name',
  ),
  location: printable(
    z
      .string({ error: m.locationRequired })
      .trim()
      .min(1, m.locationRequired)
      .max(120, fieldMessages.tooLong('Location')),
    'Location',
  ),
  reviewText: printable(
    z
      .string({ error: m.reviewRequired })
      .trim()
      .min(1, m.reviewRequired)
      .max(2000, fieldMessages.tooLong('Review')),
    'Review',
    { multiline: true },
  ),
};

/** The review fields of a multipart POST /api/review; the photo comes as the `image` file. */
export const reviewFieldsSchema = z.strictObject(reviewFields);

/**
 * POST /api/review as JSON: `img` is the URL that POST /api/images answered for a
 * picture the same person uploaded.
 */
export const reviewSchema = z.strictObject({
  ...reviewFields,
  img: z.string({ error: m.imageRequired }).trim().min(1, m.imageRequired).max(2048),
});

export type ReviewInput = z.infer<typeof reviewSchema>;
export type ReviewFields = z.infer<typeof reviewFieldsSchema>;

/**
 * The Add a Review form: the rating comes from a `valueAsNumber` select (NaN when nothing is
 * chosen) and the photo from a file input.
 */
export const reviewFormSchema = z.object({
  ...reviewFields,
  image: z
    .custom<FileList | null | undefined>()
    .refine((files) => (files?.length ?? 0) > 0, { message: m.imageRequired }),
});

export type ReviewFormInput = z.input<typeof reviewFormSchema>;
export type ReviewFormValues = z.output<typeof reviewFormSchema>;

/** Reviews per page of GET /api/review when `?limit=` is not given. */
export const DEFAULT_REVIEW_LIMIT = 20;

/**
 * GET /api/review's URL parameters: `?page=` (from 1) and `?limit=` (1 to 100), each optional
 * (lib/reviews/store.ts applies the defaults). Unknown parameters are ignored.
 */
export const reviewQuerySchema = z.object(pageParams());
