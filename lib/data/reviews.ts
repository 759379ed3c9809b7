import 'server-only';
import { ObjectId } from 'mongodb';
import { unstable_cache } from 'next/cache';
import { CATALOGUE_REVALIDATE_SECONDS, cacheTags } from '@/lib/cache';
import { getDb, collections } from '@/lib/db';
import type { ReviewDoc } from '@/lib/db/collections';
import type { ReviewInput } from '@/lib/validation/review';

export interface Review {
  _id: string;
  rating: number;
  name: string;
  location: string;
  reviewText: string;
  img: string;
}

export function toReview(doc: ReviewDoc): Review {
  return {
    _id: doc._id.toHexString(),
    rating: doc.rating,
    name: doc.name,
    location: doc.location,
    reviewText: doc.reviewText,
    img: doc.img,
  };
}

/** Every review, newest first. */
export async function listReviews(): Promise<Review[]> {
  const { reviews } = collections(await getDb());
  const docs = await reviews.find({}).sort({ createdAt: -1, _id: -1 }).toArray();
  return docs.map(toReview);
}

/** Every review, newest first, from Next.js's data cache (expired by the `reviews` tag). */
export const listCachedReviews = unstable_cache(listReviews, ['catalogue-reviews'], {
  tags: [cacheTags.reviews],
  revalidate: CATALOGUE_REVALIDATE_SECONDS,
});

/** Adds a review by a signed-in person; `userId` comes from the session, never the body. */
export async function createReview(input: ReviewInput, userId: string): Promise<Review> {
  const doc: ReviewDoc = {
    _id: new ObjectId(),
    rating: input.rating,
    name: input.name,
    location: input.location,
    reviewText: input.reviewText,
    img: input.img,
    userId: new ObjectId(userId),
    createdAt: new Date(),
  };
  const { reviews } = collections(await getDb());
  await reviews.insertOne(doc);
  return toReview(doc);
}
