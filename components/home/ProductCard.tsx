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
    <article
      aria-labelledby={`product-${product._id}`}
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <ProductPicture
        product={product}
        sizes="(min-width: 1024px) 24rem, (min-width: 768px) 50vw, 100vw"
        className="aspect-[4/3] w-full bg-slate-100 object-cover"
        {...(eagerPicture ? { loading: 'eager', fetchPriority: 'high' } : {})}
      />
      <div className="flex flex-1 flex-col p-5">
        <Title id={`product-${product._id}`} className="text-lg font-semibold text-slate-900">
          {product.name}
        </Title>
        {product.sku || product.category ? (
          <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600">
            {product.sku ? (
              <span>
                Part no. <span className="font-mono text-slate-800">{product.sku}</span>
              </span>
            ) : null}
            {categoryName(product.category) ? <span>{categoryName(product.category)}</span> : null}
          </p>
        ) : null}
        <p className="mt-2 flex-1 text-sm text-slate-600">
          {product.description.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...read more
        </p>
        <dl className="mt-4 grid grid-cols-1 gap-1 text-sm">
          <div className="flex justify-between">
            <dt className="text-slate-500">Price</dt>
            <dd className="font-semibold text-slate-900">{formatPrice(product.price)}</dd>
          </div>
          {hasVolumePricing(priceList) ? (
            <div className="flex justify-between">
              <dt className="text-slate-500">Volume price</dt>
              <dd className="font-semibold text-emerald-700" data-testid="price-from">
                from {formatCents(lowestPriceCents(priceList))}
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt className="text-slate-500">minimumOrderQuantity</dt>
            <dd>{product.minimumOrderQuantity}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-slate-500">availableQuantity</dt>
            <dd>{product.availableQuantity}</dd>
          </div>
        </dl>
        <div className="mt-5">{action}</div>
      </div>
    </article>
  );
}
