import { ServerImage as Image } from '@/components/ui/ServerImage';
import { isOptimizable } from '@/components/product/picture';
import type { Review } from '@/lib/data/reviews';

/**
 * A rating of 1 to 5: five stars, the first `rating` filled, then the figure. The stars are
 * drawn by CSS (`.stars` in app/globals.css), one element per rating.
 */
function Stars({ rating }: { rating: number }) {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <p role="img" className="rating" aria-label={`Rating: ${rating} out of 5`}>
      <span className={`stars r${filled}`} />
      <span aria-hidden="true">{rating}</span>
    </p>
  );
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
          <ul
            className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3"
            data-testid="review-list"
          >
            {reviews.map((review) => (
              <li key={review._id} className="review">
                <article aria-label={`Review by ${review.name}`}>
                  <div className="review-head">
                    <Image
                      src={review.img}
                      unoptimized={!isOptimizable(review.img)}
                      alt={`Photo of ${review.name}`}
                      width={64}
                      height={64}
                    />
                    <div>
                      <h3>{review.name}</h3>
                      <p>{review.location}</p>
                    </div>
                  </div>
                  <Stars rating={review.rating} />
                  <p className="review-text">{review.reviewText}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
