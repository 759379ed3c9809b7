import { ProductPicture } from '@/components/product/ProductPicture';
import { categoryName } from '@/lib/catalogue/categories';
import {
  formatCents,
  hasVolumePricing,
  lowestPriceCents,
  priceListOf,
} from '@/lib/catalogue/pricing';
import type { Product } from '@/lib/data/products';
import { formatPrice } from '@/lib/money';

export const DESCRIPTION_PREVIEW_LENGTH = 100;

/**
 * The card's picture is at most 24rem wide on large screens and half or all of a small one:
 * 384 px (one column of three), 640 and 828 px (phones and tablets, and high-density screens).
 */
const CARD_PICTURE_WIDTHS = [384, 640, 828];

/**
 * A product card: the fields of the specification, the part number and category when the
 * product has them, "from $x" (its lowest tier price) when it has volume prices, and a slot
 * for its action.
 */
export function ProductCard({
  product,
  action,
  headingLevel = 3,
  eagerPicture = false,
}: {
  product: Product;
  action: React.ReactNode;
  /** Load the picture at once, with high priority (a card in the first screen). */
  eagerPicture?: boolean;
  /** The level of the card's title: 3 under a section heading, 2 right under a page's h1. */
  headingLevel?: 2 | 3;
}) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const priceList = priceListOf(product);
  return (
    <article aria-labelledby={`product-${product._id}`} className="card">
      <ProductPicture
        product={product}
        sizes="(min-width: 1024px) 24rem, (min-width: 768px) 50vw, 100vw"
        widths={CARD_PICTURE_WIDTHS}
        className="card-img"
        {...(eagerPicture ? { loading: 'eager', fetchPriority: 'high' } : {})}
      />
      <div className="card-body">
        <Title id={`product-${product._id}`} className="card-title">
          {product.name}
        </Title>
        {product.sku || product.category ? (
          <p className="card-meta">
            {product.sku ? (
              <span>
                Part no. <span className="card-sku">{product.sku}</span>
              </span>
            ) : null}
            {categoryName(product.category) ? <span>{categoryName(product.category)}</span> : null}
          </p>
        ) : null}
        <p className="card-text">
          {`${product.description.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...read more`}
        </p>
        <dl className="card-specs">
          <div>
            <dt>Price</dt>
            <dd className="card-price">{formatPrice(product.price)}</dd>
          </div>
          {hasVolumePricing(priceList) ? (
            <div>
              <dt>Volume price</dt>
              <dd className="card-from" data-testid="price-from">
                {`from ${formatCents(lowestPriceCents(priceList))}`}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>minimumOrderQuantity</dt>
            <dd>{product.minimumOrderQuantity}</dd>
          </div>
          <div>
            <dt>availableQuantity</dt>
            <dd>{product.availableQuantity}</dd>
          </div>
        </dl>
        <div className="mt-5">{action}</div>
      </div>
    </article>
  );
}
