import type { ObjectId } from 'mongodb';
import { collection, declareCollections } from '@/lib/core/db/collection';

export interface ReviewDoc {
  _id: ObjectId;
  rating: number;
  name: string;
  location: string;
  reviewText: string;
  img: string;
  /** Who wrote it (demo reviews have none). */
  userId?: ObjectId | null;
  createdAt: Date;
}

export const collections = declareCollections({
  reviews: collection<ReviewDoc>('reviews', [{ key: { createdAt: -1 } }]),
});
