import { NextResponse } from 'next/server';
import { cacheTags, expire } from '@/lib/cache';
import { fieldError, fieldIssues, fieldsError } from '@/lib/api/errors';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/session';
import { createReview, listReviews } from '@/lib/data/reviews';
import {
  findUpload,
  formFields,
  imageUploadLimit,
  isFilled,
  isMultipart,
  readImageFile,
  readMultipart,
  removeImage,
  storeImage,
  type StoredImage,
} from '@/lib/images';
import { enforce, type Limit } from '@/lib/rate-limit';
import {
  reviewFieldsSchema,
  reviewMessages,
  reviewSchema,
  type ReviewInput,
} from '@/lib/validation/review';

export const dynamic = 'force-dynamic';

/** GET /api/review: every review. */
export const GET = route(async () => NextResponse.json(await listReviews()));

const reviewLimit: Limit = { name: 'review:user', max: 10, windowSeconds: 10 * 60 };

/**
 * POST /api/review (signed in): adds a review; the reviewer is recorded from the session.
 * multipart/form-data with `rating`, `name`, `location`, `reviewText` and the photo as the
 * `image` file (what the Add a Review form sends); or JSON `{ rating, name, location,
 * reviewText, img }` (spec 7) where `img` is a URL POST /api/images answered to the same person.
 */
export const POST = route(async (request) => {
  const user = await requireUser(request);

  let input: ReviewInput;
  let stored: StoredImage | undefined;
  if (isMultipart(request)) {
    const form = await readMultipart(request, 'image');
    const parsed = reviewFieldsSchema.safeParse(
      formFields(form, ['rating', 'name', 'location', 'reviewText'], ['rating']),
    );
    const image = form.get('image');
    if (!parsed.success || !isFilled(image)) {
      const fields = parsed.success ? {} : fieldIssues(parsed.error);
      if (!isFilled(image)) fields.image = [reviewMessages.imageRequired];
      throw fieldsError(fields);
    }
    const file = await readImageFile(image, 'image');
    await enforce([
      { limit: reviewLimit, key: user.id },
      { limit: imageUploadLimit, key: user.id },
    ]);
    stored = await storeImage(file, { userId: user.id, folder: 'reviews' });
    input = { ...parsed.data, img: stored.url };
  } else {
    input = parseWith(reviewSchema, await readJson(request));
    if (!(await findUpload(input.img, user.id))) {
      throw fieldError('img', reviewMessages.imgNotUploaded);
    }
    await enforce([{ limit: reviewLimit, key: user.id }]);
  }

  const review = await createReview(input, user.id).catch(async (error: unknown) => {
    if (stored) await removeImage(stored);
    throw error;
  });
  expire(cacheTags.reviews);
  return NextResponse.json({ acknowledged: true, insertedId: review._id, review }, { status: 201 });
});
