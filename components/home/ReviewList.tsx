import { isOptimizable } from '@/components/product/picture';
import { imageUrls } from '@/components/ui/ServerImage';
import type { Review } from '@/lib/reviews';
import { REVIEW_PHOTO_SIZE, type ReviewView } from './review';
import { ReviewCards } from './ReviewCards';

/** A review with its photo's URLs as next/image makes them (optimised where allowed). */
function reviewView({ img, ...review }: Review): ReviewView {
  return {
    ...review,
    img: imageUrls({
      src: img,
      unoptimized: !isOptimizable(img),
      alt: `Photo of ${review.name}`,
      width: REVIEW_PHOTO_SIZE,
      height: REVIEW_PHOTO_SIZE,
    }),
  };
}

export function ReviewList({ reviews }: { reviews: Review[] }) {
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-14">
        <h2 id="reviews-title" className="text-center text-3xl font-bold text-slate-900">
          User Reviews
        </h2>
        {reviews.length === 0 ? (
          <p className="mt-8 text-center text-slate-600">No reviews yet.</p>
        ) : (
          <ReviewCards reviews={reviews.map(reviewView)} />
        )}
      </div>
    </section>
  );
}
