import { ObjectId } from 'mongodb';
import { cacheTags, expire } from '@/lib/core/cache';
import { fieldError } from '@/lib/api/errors';
import { handle, reply } from '@/lib/api/handle';
import { addReviewOp, listReviewsOp } from '@/lib/reviews/api';
import { pageHeaders } from '@/lib/api/pagination';
import { admitReview, createReview, listReviews, reviewLimits, type Review } from '@/lib/reviews';
import {
  attachOwnUpload,
  detachUpload,
  findUpload,
  imageMessages,
  readImageUpload,
  withStoredImage,
} from '@/lib/images';
import { reviewFieldsSchema, reviewMessages, type ReviewInput } from '@/lib/reviews';

export const dynamic = 'force-dynamic';

/**
 * GET /api/review: one page of reviews, newest first, as a JSON array. `?page=` (from 1) and
 * `?limit=` (default 20, at most 100) page, as GET /api/product does: `X-Total-Count` gives the
 * number of reviews and `Link` the next and previous pages. A bad parameter answers 400.
 */
export const GET = handle(
  listReviewsOp,
  async ({ request, query }) => {
    const result = await listReviews(query);
    return reply(result.items, { status: 200, headers: pageHeaders(new URL(request.url), result) });
  },
  { everyQueryValue: true },
);

/**
 * POST /api/review (signed in): adds a review; the reviewer is recorded from the session.
 * multipart/form-data with `rating`, `name`, `location`, `reviewText` and the photo as the
 * `image` file (what the Add a Review form sends); or JSON `{ rating, name, location,
 * reviewText, img }` where `img` is a URL POST /api/images answered to the same person, not
 * used by any other review or product yet (lib/images/attach.ts).
 */
export const POST = handle(addReviewOp, async ({ request, user, body }) => {
  // No JSON body: the review came as a multipart/form-data upload with its photo.
  const review = body
    ? await reviewWithUploadedUrl(body, user.id)
    : await reviewWithPhoto(request, user.id);
  await expire(cacheTags.reviews);
  return { acknowledged: true, insertedId: review._id, review };
});

/** The photo comes as a file: stored here, and removed again when the review is not saved. */
async function reviewWithPhoto(request: Request, userId: string) {
  const { fields, image } = await readImageUpload(request, {
    field: 'image',
    schema: reviewFieldsSchema,
    numeric: ['rating'],
    required: reviewMessages.imageRequired,
  });
  return withStoredImage<Review>(
    image,
    {
      userId,
      folder: 'reviews',
      limits: reviewLimits(userId),
      attachTo: (review: Review) => ({ kind: 'review', id: new ObjectId(review._id) }),
    },
    (stored) => createReview({ ...fields, img: stored.url }, userId),
  );
}

/**
 * The photo was uploaded before, through POST /api/images, by the same person: it is attached
 * to the new review first (one conditional update, so two reviews can never both take it),
 * and detached again if the review is not saved.
 */
async function reviewWithUploadedUrl(input: ReviewInput, userId: string) {
  if (!(await findUpload(input.img, userId))) {
    throw fieldError('img', reviewMessages.imgNotUploaded);
  }
  await admitReview(userId);
  const to = { kind: 'review' as const, id: new ObjectId() };
  const outcome = await attachOwnUpload(input.img, userId, to);
  if (outcome === 'taken') {
    throw fieldError('img', imageMessages.alreadyUsed, {
      code: 'conflict',
      summary: imageMessages.alreadyUsed,
    });
  }
  if (outcome !== 'attached') throw fieldError('img', imageMessages.removed);
  try {
    return await createReview(input, userId, to.id);
  } catch (error) {
    await detachUpload(input.img, to);
    throw error;
  }
}
