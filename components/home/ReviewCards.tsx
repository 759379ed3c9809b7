'use client';

import { REVIEW_PHOTO_SIZE, type ReviewView } from './review';

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

/**
 * The home page's reviews. A client component for its weight (as ProductGrid): the page sends
 * the reviews' data once instead of their element tree beside their HTML.
 */
export function ReviewCards({ reviews }: { reviews: ReviewView[] }) {
  return (
    <ul
      className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3"
      data-testid="review-list"
    >
      {reviews.map((review) => (
        <li key={review._id} className="review">
          <article aria-label={`Review by ${review.name}`}>
            <div className="review-head">
              {/* The attributes next/image gives the photo (ReviewList), without its code. */}
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img
                alt={`Photo of ${review.name}`}
                loading="lazy"
                width={REVIEW_PHOTO_SIZE}
                height={REVIEW_PHOTO_SIZE}
                decoding="async"
                srcSet={review.img.srcSet}
                src={review.img.src}
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
  );
}
