import { z } from 'zod';
import { imageMessages } from '@/lib/core/messages';
import { MAX_PAGE_LIMIT } from '@/lib/core/validation/pagination';
import {
  DEFAULT_REVIEW_LIMIT,
  reviewFieldsSchema,
  reviewMessages,
  reviewQuerySchema,
  reviewSchema,
} from '@/lib/reviews/schemas';
import { fieldErrorExample, operation, queryRefused } from '@/lib/core/api/operation';
import { idField } from '@/lib/core/api/shapes';

/** Reviews: one page of them, newest first, and adding one with its photo. */

// The query parameters, described on the schema objects GET /api/review parses with.
reviewQuerySchema.shape.page.register(z.globalRegistry, {
  description: 'Page number, from 1.',
  example: '1',
});
reviewQuerySchema.shape.limit.register(z.globalRegistry, {
  description: `Reviews per page, 1 to ${MAX_PAGE_LIMIT} (default ${DEFAULT_REVIEW_LIMIT}).`,
  example: '20',
});

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

export const listReviewsOp = operation({
  method: 'get',
  path: '/api/review',
  operationId: 'listReviews',
  tag,
  summary: 'One page of reviews',
  description: `The reviews newest first, one page at a time: without parameters the newest ${DEFAULT_REVIEW_LIMIT}. A repeated parameter counts by its first value; unknown parameters are ignored.`,
  access: 'public',
  params: { query: reviewQuerySchema },
  responses: {
    200: {
      description: 'The reviews of the page, newest first.',
      json: z.array(reviewResponseSchema),
      headers: z.object({
        'X-Total-Count': z
          .string()
          .meta({ description: 'How many reviews there are, over every page.', example: '57' }),
        Link: z.string().optional().meta({
          description:
            'The previous and next pages (RFC 8288) as paths keeping the other parameters, when they exist.',
          example: '</api/review?page=1>; rel="prev", </api/review?page=3>; rel="next"',
        }),
      }),
    },
  },
  errors: [queryRefused(reviewQuerySchema, { limit: '500' })],
});

export const addReviewOp = operation({
  method: 'post',
  path: '/api/review',
  operationId: 'addReview',
  tag,
  summary: 'Add a review',
  description:
    'Adds a review; the reviewer is recorded from the credential. Either multipart/form-data with the photo as the `image` file (what the Add a Review form sends), or JSON whose `img` is a URL that POST /api/images answered to the same person within the hour, not used by another review or a product: the upload is attached to this review, once. At most 10 reviews per person in 10 minutes.',
  access: 'user',
  body: {
    json: reviewSchema,
    example: {
      rating: 5,
      name: 'Dana Whitfield',
      location: 'Leeds',
      reviewText: 'Bearings arrived on time and to tolerance.',
      img: '/api/images/3f9c2a7e5b1d4c8a9e0f6b2d7a4c1e58',
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
    {
      code: 'conflict',
      when: 'the JSON `img` is already attached to another review or a product (an upload is attached once)',
      example: fieldErrorExample('img', imageMessages.alreadyUsed, {
        code: 'conflict',
        summary: imageMessages.alreadyUsed,
      }),
    },
    {
      code: 'validation_failed',
      when: 'the JSON `img` was removed because it was not attached within an hour of its upload',
      example: fieldErrorExample('img', imageMessages.removed),
    },
  ],
  rateLimited: true,
});

export const reviewOperations = [listReviewsOp, addReviewOp];
