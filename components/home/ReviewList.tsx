import { ServerImage as Image } from '@/components/ui/ServerImage';
import { isOptimizable } from '@/components/product/picture';
import type { Review } from '@/lib/data/reviews';

const STAR_ID = 'review-star';

/** The star's outline, drawn once per page and used by every rating (`<use>`). */
function StarSymbol() {
  return (
    <svg aria-hidden="true" className="absolute h-0 w-0 overflow-hidden">
      <symbol id={STAR_ID} viewBox="0 0 20 20">
        <path d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z" />
      </symbol>
    </svg>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <p
      role="img"
      className="flex items-center gap-0.5 text-amber-500"
      aria-label={`Rating: ${rating} out of 5`}
    >
      {[1, 2, 3, 4, 5].map((star) => (
        <svg
          key={star}
          aria-hidden="true"
          className="h-4 w-4"
          fill={star <= rating ? 'currentColor' : 'none'}
          stroke="currentColor"
        >
          <use href={`#${STAR_ID}`} />
        </svg>
      ))}
      <span className="ml-1 text-sm font-medium text-slate-700" aria-hidden="true">
        {rating}
      </span>
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
          <>
            <StarSymbol />
            <ul
              className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3"
              data-testid="review-list"
            >
              {reviews.map((review) => (
                <li
                  key={review._id}
                  className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
                >
                  <article aria-label={`Review by ${review.name}`}>
                    <div className="flex items-center gap-4">
                      <Image
                        src={review.img}
                        unoptimized={!isOptimizable(review.img)}
                        alt={`Photo of ${review.name}`}
                        width={64}
                        height={64}
                        className="h-16 w-16 rounded-full bg-slate-200 object-cover"
                      />
                      <div>
                        <h3 className="font-semibold text-slate-900">{review.name}</h3>
                        <p className="text-sm text-slate-500">{review.location}</p>
                      </div>
                    </div>
                    <div className="mt-3">
                      <Stars rating={review.rating} />
                    </div>
                    <p className="mt-3 text-sm text-slate-700">{review.reviewText}</p>
                  </article>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
