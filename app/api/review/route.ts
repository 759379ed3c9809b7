import { NextResponse } from 'next/server';
import { cacheTags, expire } from '@/lib/cache';
import { fieldError } from '@/lib/api/errors';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/session';
import { createReview, listReviews } from '@/lib/data/reviews';
import { findUpload, isMultipart, readImageUpload, withStoredImage } from '@/lib/images';
import { enforce, type Limit } from '@/lib/rate-limit';
import { reviewFieldsSchema, reviewMessages, reviewSchema } from '@/lib/validation/review';

export const dynamic = 'force-dynamic';

/** GET /api/review: every review. */
export const GET = route(async () => NextResponse.json(await listReviews()));

const reviewLimit: Limit = { name: 'review:user', max: 10, windowSeconds: 10 * 60 };

/**
 * POST /api/review (signed in): adds a review; the reviewer is recorded from the session.
 * multipart/form-data with `rating`, `name`, `location`, `reviewText` and the photo as the
 * `image` file (what the Add a Review form sends); or JSON `{ rating, name, location,
 * reviewText, img }` where `img` is a URL POST /api/images answered to the same person.
 */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  const review = isMultipart(request)
    ? await reviewWithPhoto(request, user.id)
    : await reviewWithUploadedUrl(request, user.id);
  expire(cacheTags.reviews);
  return NextResponse.json({ acknowledged: true, insertedId: review._id, review }, { status: 201 });
});

/** The photo comes as a file: stored here, and removed again when the review is not saved. */
async function reviewWithPhoto(request: Request, userId: string) {
  const { fields, image } = await readImageUpload(request, {
    field: 'image',
    schema: reviewFieldsSchema,
    numeric: ['rating'],
    required: reviewMessages.imageRequired,
  });
  return withStoredImage(
    image,
    { userId, folder: 'reviews', limits: [{ limit: reviewLimit, key: userId }] },
    (stored) => createReview({ ...fields, img: stored.url }, userId),
  );
}

/** The photo was uploaded before, through POST /api/images, by the same person. */
async function reviewWithUploadedUrl(request: Request, userId: string) {
  const input = parseWith(reviewSchema, await readJson(request));
  if (!(await findUpload(input.img, userId))) {
    throw fieldError('img', reviewMessages.imgNotUploaded);
  }
  await enforce([{ limit: reviewLimit, key: userId }]);
  return createReview(input, userId);
}
