import { YourPrice } from '@/components/pricing/YourPrice';
import { formatMoney, toCents } from '@/lib/core/money';
import type { MemberPrice } from '@/lib/pricing/shared';
import {
  CARD_PICTURE_HEIGHT,
  CARD_PICTURE_SIZES,
  CARD_PICTURE_WIDTH,
  type ProductCardView,
} from './card';

/**
 * A product card: the fields of the specification, the part number and category when the
 * product has them, "from $x" (its lowest tier price) when it has volume prices, and a slot
 * for its action. Drawn from the card's data (`productCardView` in card-view.ts), on the server or in the
 * browser alike. With `memberPrice` (a signed-in company member's contract price, fetched by the
 * browser: useMemberPrices), "Your price" beside the struck list price and the member's minimum.
 */
export function ProductCard({
  card,
  action,
  headingLevel = 3,
  eagerPicture = false,
  memberPrice = null,
}: {
  card: ProductCardView;
  action: React.ReactNode;
  /** Load the picture at once, with high priority (a card in the first screen). */
  eagerPicture?: boolean;
  /** The level of the card's title: 3 under a section heading, 2 right under a page's h1. */
  headingLevel?: 2 | 3;
  /** The signed-in member's own price of the product; never given on the server. */
  memberPrice?: MemberPrice | null;
}) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article aria-labelledby={`product-${card.id}`} className="card">
      {/* next/image's attributes (card-view.ts; its inline colour is in .card-img), no code. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        alt={card.name}
        loading={eagerPicture ? 'eager' : 'lazy'}
        fetchPriority={eagerPicture ? 'high' : undefined}
        width={CARD_PICTURE_WIDTH}
        height={CARD_PICTURE_HEIGHT}
        decoding="async"
        className="card-img"
        sizes={card.img.srcSet ? CARD_PICTURE_SIZES : undefined}
        srcSet={card.img.srcSet}
        src={card.img.src}
      />
      <div className="card-body">
        <Title id={`product-${card.id}`} className="card-title">
          {card.name}
        </Title>
        {card.sku || card.category ? (
          <p className="card-meta">
            {card.sku ? (
              <span>
                Part no. <span className="card-sku">{card.sku}</span>
              </span>
            ) : null}
            {card.category ? <span>{card.category}</span> : null}
          </p>
        ) : null}
        <p className="card-text">{`${card.preview}...read more`}</p>
        <dl className="card-specs">
          {memberPrice ? (
            <YourPrice price={memberPrice} />
          ) : (
            <div>
              <dt>Price</dt>
              <dd className="card-price">{formatMoney(toCents(card.price))}</dd>
            </div>
          )}
          {!memberPrice && card.lowestCents < toCents(card.price) ? (
            <div>
              <dt>Volume price</dt>
              <dd className="card-from" data-testid="price-from">
                {`from ${formatMoney(card.lowestCents)}`}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>minimumOrderQuantity</dt>
            <dd>{memberPrice?.minimumOrderQuantity ?? card.minimumOrderQuantity}</dd>
          </div>
          <div>
            <dt>availableQuantity</dt>
            <dd>{card.availableQuantity}</dd>
          </div>
        </dl>
        <div className="mt-5">{action}</div>
      </div>
    </article>
  );
}
