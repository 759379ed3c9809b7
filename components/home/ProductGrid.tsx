'use client';

import Link from 'next/link';
import { JsonLd } from '@/components/layout/JsonLd';
import { useMemberPrices } from '@/components/pricing/useMemberPrices';
import type { ProductCardView } from './card';
import { ProductCard } from './ProductCard';
import { summaryListLd } from './summary-ld';

/**
 * Product cards in a responsive grid, each with Buy Now to its product page. A client
 * component for its weight, not for behaviour: the page sends each card's data once (the
 * server-rendered HTML, and the cards' data for React), where a server component's cards would
 * travel twice, as HTML and again as the element tree of the page's React payload. The page
 * is the same for everyone (cached, list prices only); a signed-in company member's own prices
 * are asked by the browser afterwards, once for all the cards (useMemberPrices).
 */
export function ProductGrid({
  cards,
  headingLevel,
  className = '',
  firstAboveFold = false,
  listLd,
}: {
  cards: ProductCardView[];
  /** The level of the cards' titles (see ProductCard). */
  headingLevel?: 2 | 3;
  className?: string;
  /**
   * The first card is in the first screen (/products): its picture, the page's largest
   * element, loads at once with high priority instead of lazily.
   */
  firstAboveFold?: boolean;
  /** Also the cards' products as structured data, in their short form (the home page). */
  listLd?: { name: string; origin: string };
}) {
  const memberPrices = useMemberPrices(cards.map((card) => card.id));
  return (
    <>
      {listLd ? <JsonLd data={summaryListLd(cards, listLd)} /> : null}
      <ul
        className={`grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3 ${className}`}
        data-testid="product-grid"
      >
        {cards.map((card, index) => (
          <li key={card.id} className="flex">
            <ProductCard
              card={card}
              headingLevel={headingLevel}
              eagerPicture={firstAboveFold && index === 0}
              memberPrice={memberPrices.get(card.id)}
              action={
                <Link
                  href={`/product/${card.id}`}
                  className="btn-primary w-full"
                  aria-label={`Buy Now: ${card.name}`}
                >
                  Buy Now
                </Link>
              }
            />
          </li>
        ))}
      </ul>
    </>
  );
}
