import type {
  AggregateOffer,
  ItemList,
  Offer,
  Product as ProductLd,
  WithContext,
} from 'schema-dts';
// Types only: this runs in the browser, and the catalogue's shared rules would come with a value.
import type { ProductSummary } from '@/lib/catalogue/shared';
import { centsToDollars } from '@/lib/core/money';

// The short structured data of a product (the home page's list), from the summary its card is
// drawn from: plain functions, used on the server (structured-data.ts) and by the home page's
// product grid in the browser, so the list's data travels to the page once.

/**
 * Name, picture, part number, category and one offer with its USD price (the range from the
 * lowest tier price for a product with volume tiers), availability and minimum order
 * quantity. The description, the seller and the offer of each tier are on the product's page
 * and in the catalogue's list.
 */
export function summaryLd(
  product: ProductSummary & { inStock: boolean },
  origin: string,
): ProductLd {
  const common = {
    priceCurrency: 'USD',
    availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    eligibleQuantity: { '@type': 'QuantitativeValue', minValue: product.minimumOrderQuantity },
  } as const;
  const offers: Offer | AggregateOffer =
    product.tiers > 0
      ? {
          '@type': 'AggregateOffer',
          lowPrice: centsToDollars(product.lowestCents),
          highPrice: product.price,
          offerCount: product.tiers,
          ...common,
        }
      : { '@type': 'Offer', price: product.price, ...common };
  return {
    '@type': 'Product',
    name: product.name,
    image: new URL(product.picture, origin).toString(),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.category ? { category: product.category } : {}),
    offers,
  };
}

/** A list of products in their short form, in the page's order from `offset` on. */
export function summaryListLd(
  products: (ProductSummary & { inStock: boolean })[],
  { name, origin, offset = 0 }: { name: string; origin: string; offset?: number },
): WithContext<ItemList> {
  return itemListLd(
    products.map((product) => summaryLd(product, origin)),
    { name, offset },
  );
}

/** Products as a list, in the page's order; `offset` is the position before the first. */
export function itemListLd(
  items: ProductLd[],
  { name, offset = 0 }: { name: string; offset?: number },
): WithContext<ItemList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: offset + index + 1,
      item,
    })),
  };
}
