import 'server-only';
import { getDb, collections } from '@/lib/db';
import type { ReviewDoc } from '@/lib/db/collections';

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
