import { z } from 'zod';
import type { Review } from '@/lib/data/reviews';
import { reviewFieldsSchema, reviewMessages, reviewSchema } from '@/lib/validation/review';
import { fieldErrorExample, operation } from './operation';
import { conforms, idField } from './shapes';

/** Reviews: every review, and adding one with its photo. */

const tag = 'Reviews';

export const reviewResponseSchema = z
  .object({
    _id: idField,
    rating: z.number().int().min(1).max(5),
    name: z.string(),
    location: z.string(),
    reviewText: z.string(),
    img: z.string().meta({ description: "URL of the reviewer's photo." }),
  })
  .meta({ id: 'Review' });
conforms<Review>()(reviewResponseSchema);

export const reviewOperations = [
  operation({
    method: 'get',
    path: '/api/review',
    operationId: 'listReviews',
    tag,
    summary: 'Every review',
    access: 'public',
    responses: {
      200: { description: 'Every review, newest first.', json: z.array(reviewResponseSchema) },
    },
  }),
  operation({
    method: 'post',
    path: '/api/review',
    operationId: 'addReview',
    tag,
    summary: 'Add a review',
    description:
      'Adds a review; the reviewer is recorded from the credential. Either multipart/form-data with the photo as the `image` file (what the Add a Review form sends), or JSON whose `img` is a URL that POST /api/images answered to the same person. At most 10 reviews per person in 10 minutes.',
    access: 'user',
    body: {
      json: reviewSchema,
      example: {
        rating: 5,
        name: 'Dana Whitfield',
        location: 'Leeds',
        reviewText: 'Bearings arrived on time and to tolerance.',
        img: '/api/images/66a1f0c2e4b0a1b2c3d4e5f6',
      },
      multipart: { fields: reviewFieldsSchema, file: 'image' },
    },
    responses: {
      201: {
        description: 'The review was added.',
        json: z.object({
          acknowledged: z.literal(true),
          insertedId: idField,
          review: reviewResponseSchema,
        }),
      },
    },
    errors: [
      {
        code: 'validation_failed',
        when: 'no photo came in the multipart `image` field',
        example: fieldErrorExample('image', reviewMessages.imageRequired),
      },
      {
        code: 'validation_failed',
        when: 'the JSON `img` is not a picture this person uploaded through POST /api/images',
        example: fieldErrorExample('img', reviewMessages.imgNotUploaded),
      },
    ],
    rateLimited: true,
  }),
];
