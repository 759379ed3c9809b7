import 'server-only';
import { ObjectId, type Db } from 'mongodb';
import { unstable_cache } from 'next/cache';
import { CATALOGUE_REVALIDATE_SECONDS, cacheTags } from '@/lib/core/cache';
import { getDb } from '@/lib/core/db';
import { collections } from './collections';
import type { ReviewDoc } from './collections';
import { pageWindow } from '@/lib/core/validation/pagination';
import { DEFAULT_REVIEW_LIMIT, type ReviewInput } from '@/lib/reviews/validation/review';

export interface Review {
  _id: string;
  rating: number;
  name: string;
  location: string;
  reviewText: string;
  img: string;
}

export { DEFAULT_REVIEW_LIMIT };
/** Reviews on the home page: the newest. */
export const HOME_REVIEW_COUNT = 12;

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

/** One page of reviews, newest first; `pages` is at least 1. */
export interface ReviewPage {
  items: Review[];
  total: number;
  page: number;
  limit: number;
  pages: number;
}

const NEWEST = { createdAt: -1, _id: -1 } as const;

/**
 * One page of reviews, newest first: `page` from 1, `limit` DEFAULT_REVIEW_LIMIT unless given,
 * held to 1..MAX_PAGE_LIMIT. A page past the end has no items.
 */
export async function listReviews(
  query: { page?: number; limit?: number } = {},
): Promise<ReviewPage> {
  const { page, limit, skip } = pageWindow(query, DEFAULT_REVIEW_LIMIT);
  const { reviews } = collections(await getDb());
  const [total, docs] = await Promise.all([
    reviews.estimatedDocumentCount(),
    reviews.find({}).sort(NEWEST).skip(skip).limit(limit).toArray(),
  ]);
  return {
    items: docs.map(toReview),
    total,
    page,
    limit,
    pages: Math.max(1, Math.ceil(total / limit)),
  };
}

/** The newest `count` reviews (the home page's). */
export async function listNewestReviews(count: number): Promise<Review[]> {
  return (await listReviews({ limit: count })).items;
}

/** The home page's reviews (HOME_REVIEW_COUNT, newest first) from Next.js's data cache. */
export const listCachedReviews = unstable_cache(
  () => listNewestReviews(HOME_REVIEW_COUNT),
  ['catalogue-reviews', String(HOME_REVIEW_COUNT)],
  { tags: [cacheTags.reviews], revalidate: CATALOGUE_REVALIDATE_SECONDS },
);

/**
 * Adds a review by a signed-in person; `userId` comes from the session, never the body. `id`
 * is given where the review's photo was attached to it first (lib/images/attach.ts).
 */
export async function createReview(
  input: ReviewInput,
  userId: string,
  id: ObjectId = new ObjectId(),
): Promise<Review> {
  const doc: ReviewDoc = {
    _id: id,
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

/** Inserts reviews as they are (the demo catalogue's, lib/catalogue/seed.ts) into `db`. */
export async function insertReviewDocuments(db: Db, docs: ReviewDoc[]): Promise<void> {
  await collections(db).reviews.insertMany(docs);
}

/** Removes every review from `db` (`npm run seed`, which replaces them with the demo ones). */
export async function deleteAllReviews(db: Db): Promise<void> {
  await collections(db).reviews.deleteMany({});
}
