import type { ImageUrls } from '@/components/ui/ServerImage';
import type { Review } from '@/lib/reviews';

// What a review card draws (ReviewCards): no runtime imports, so the client component carries
// nothing more. The data is made by ReviewList on the server.

/** A review as its card draws it: the review, and its photo's optimised URLs. */
export interface ReviewView extends Omit<Review, 'img'> {
  img: ImageUrls;
}

/** The reviewer's photo is drawn 64 px square. */
export const REVIEW_PHOTO_SIZE = 64;
